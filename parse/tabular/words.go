package tabular

// The words a column header is read by. A Latin word matches a whole word
// of the header (split at spaces, punctuation, '_', and camelCase); a CJK
// or Hangul word matches anywhere in the header.

// threadWords name the client concurrency of a run.
var threadWords = []string{"threads", "thread", "thds", "thd", "concurrency", "conc", "clients", "client",
	"connections", "conns", "vusers", "vuser", "terminals", "terminal", "hilos", "hilo", "concurrencia", "concorrência", "luồng",
	"线程", "并发", "執行緒", "스레드", "쓰레드", "スレッド", "並列", "多重度", "同時接続"}

// dimensionWords name a setting or a name, never a measurement.
var dimensionWords = []string{"mode", "type", "size", "block", "depth", "test", "workload", "name", "engine", "version",
	"host", "machine", "server", "system", "tables", "table", "id", "commit", "branch", "build",
	"模式", "类型", "大小", "版本", "机器", "主机", "场景", "数据"}

// rowNameWords name what a table's rows are ("engine", "test engine",
// "build"): a header's corner made of them names the row names' column,
// not the dimension of its numbers.
var rowNameWords = []string{"test", "workload", "name", "engine", "version", "host", "machine", "server", "system",
	"build", "binary", "config", "commit", "branch", "db", "database", "dbms"}

// statWords name a latency statistic when a header is only the statistic
// ("min", "平均") or names a latency with it.
var statWords = map[string]string{"min": "min", "minimum": "min", "avg": "avg", "average": "avg", "mean": "avg",
	"max": "max", "maximum": "max", "最小": "min", "最大": "max", "平均": "avg", "最小值": "min", "最大值": "max", "平均值": "avg"}

// percentileWords mark the number beside them as a percentile rank
// ("95th percentile", "Latency95Percentile", "p99", "95%").
var percentileWords = []string{"percentile", "pct", "th", "p", "%", "百分位"}

// latencyWords name a latency.
var latencyWords = []string{"latency", "lat", "response", "rt", "request", "延迟", "时延", "响应", "지연"}

// timeWords name an elapsed time.
var timeWords = []string{"time", "elapsed", "duration", "时间", "耗时", "時間"}

// perSecondWords say "per second" after a count ("TransactionsPerSec",
// "eventos por segundo").
var perSecondWords = []string{"sec", "second", "s", "seg", "segundo"}

// rateUnitWords are units that say "per second" by themselves: a column
// under one is a rate, kept under its own name ("rdIOps", "IOPS").
var rateUnitWords = []string{"iops"}

// rateWords are rates by themselves: a header that is one of them and
// nothing else (but a unit) is that metric.
var rateWords = map[string]string{"tps": TPS, "qps": QPS, "eps": EPS}

// Counts that, per second, are sysbench's headline rates.
var (
	tpsWords = []string{"tps", "transactions", "transaction", "trx", "txn", "txns", "transacciones", "transações",
		"transaktionen", "事务", "交易"}
	qpsWords = []string{"qps", "queries", "query", "consultas", "abfragen", "查询"}
	epsWords = []string{"eps", "events", "event", "ev", "eventos", "ereignisse", "事件"}
)

// cjkCountWords are the counts a Chinese header gives "(秒)" or "/秒"
// after to make a rate of ("事务数(秒)": transactions a second); after
// another word ("耗时(秒)", time taken) it is a time's unit.
var cjkCountWords = []string{"事务", "查询", "事件", "请求"}

// unitWords are units a header may end with ("Latency_ms",
// "DataSize_bytes", "latency(ms)"); values are the unit's class.
var unitWords = map[string]string{"ms": "ms", "msec": "ms", "us": "us", "usec": "us", "µs": "us", "s": "s", "sec": "s",
	"secs": "s", "seconds": "s"}
