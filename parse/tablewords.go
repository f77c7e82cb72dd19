package parse

// The words summary tables are read by, as data: what a column header
// names (a thread count, a system, a workload setting, a comparison), the
// tests and modes a heading or cell may name, and how a table marks an
// absent cell. The table model of parse/tabular keeps its own words in
// tabular/words.go; the rules that use these are in table.go.

// threadWords name a threads column, as its header is written.
var threadWords = map[string]bool{
	"threads": true, "thread": true, "thds": true, "thd": true, "n_threads": true, "num_threads": true,
	"nthreads": true, "#threads": true, "# threads": true, "threads(n)": true, "concurrency": true,
	"clients": true, "client": true, "conc": true, "线程": true, "线程数": true, "并发": true, "并发数": true,
	"并发线程": true, "并发线程数": true,
	// Spanish, Portuguese, German and Vietnamese write-ups
	"hilos": true, "hilo": true, "nº hilos": true, "núm. hilos": true, "concurrencia": true, "concorrência": true,
	"anzahl threads": true, "luồng": true, "số luồng": true,
	// Japanese and Korean write-ups
	"並列数": true, "並列": true, "スレッド数": true, "スレッド": true, "同時接続数": true, "多重度": true,
	"스레드": true, "스레드 수": true, "쓰레드": true, "쓰레드 수": true,
}

// threadStems are the stems every threadWords entry contains.
var threadStems = []string{"thread", "thd", "conc", "client", "线程", "并发", "hilo", "luồng",
	"並列", "スレッド", "同時接続", "多重度", "스레드", "쓰레드"}

// concurrentWords and connectedWords together name a column of
// concurrent connections, sessions, users or clients (concurrencyPhrase),
// in the languages of threadWords: each list is searched for within a
// lowered header, so that words glued together ("동시접속", "并发连接数")
// are found.
var concurrentWords = []string{"concurrent", "simultaneous", "并发", "同时", "同時", "동시",
	"concurrente", "simultáne", "simultâne", "gleichzeitig", "đồng thời"}

var connectedWords = []string{"connection", "session", "user", "client",
	"连接", "会话", "用户", "客户端", "接続", "セッション", "ユーザ", "クライアント",
	"접속", "연결", "세션", "사용자", "클라이언트",
	"conexi", "conexõ", "conexão", "sesi", "usuario", "usuário", "cliente",
	"verbindung", "benutzer", "kết nối", "phiên", "người dùng"}

// countCounters are the counters a thread or connection count may carry
// in its cell: Korean 건 (cases), 명 (persons), 개 (pieces), Chinese and
// Japanese 个 and 人, and English words for what was counted.
var countCounters = []string{"건", "명", "개", "个", "人", " users", " connections", " sessions", " clients"}

// nameCols map a column header to the label its cells set.
var nameCols = map[string]string{
	"version": "system", "版本": "system", "ver": "system", "system": "system", "系统": "system",
	"db": "system", "database": "system", "数据库": "system", "dbms": "system", "server": "system",
	"environment": "system", "env": "system", "环境": "system", "测试环境": "system",
	"product": "system", "产品": "system", "config": "system", "configuration": "system", "配置": "system", "setup": "system",
	"engine": "engine", "storage engine": "engine", "存储引擎": "engine", "引擎": "engine",
	"machine": "host", "host": "host", "hostname": "host", "device": "host", "device name": "host",
	"머신": "host", "기기": "host", "장비": "host", "机器": "host", "主机": "host", "服务器": "host", "机型": "host",
	// hardware comparisons name each machine by its model or instance type
	"model": "host", "instance": "host", "instance type": "host", "instance class": "host", "machine type": "host",
	"vm": "host", "hardware": "host", "型号": "host", "实例": "host", "实例规格": "host", "实例类型": "host", "规格": "host",
	"インスタンス": "host", "インスタンスタイプ": "host", "機種": "host", "マシン": "host",
	// Spanish, Portuguese, German and Vietnamese write-ups
	"entorno": "system", "ambiente": "system", "umgebung": "system", "môi trường": "system",
	"sistema": "system", "hệ thống": "system", "versión": "system", "versão": "system", "phiên bản": "system",
	"configuración": "system", "configuração": "system", "konfiguration": "system", "cấu hình": "system",
	"servidor": "system", "máy chủ": "system", "motor": "engine",
	"máquina": "host", "maschine": "host", "rechner": "host", "máy": "host",
	"test": "workload", "workload": "workload", "benchmark": "workload", "测试": "workload", "method": "workload",
	"测试项": "workload", "场景": "workload", "test case": "workload", "subtest": "workload", "test name": "workload",
	"testname": "workload", "kind": "workload", "test kind": "workload", "test type": "workload", "workload type": "workload",
	"scenario": "workload", "test scenario": "workload", "case": "workload", "use case": "workload", "测试场景": "workload",
	"用例": "workload", "シナリオ": "workload", "시나리오": "workload", "сценарий": "workload", "escenario": "workload",
	// the test in a table's own words: 类型 over 只读 and 读写 rows
	"类型": "workload", "测试类型": "workload", "工作负载": "workload", "워크로드": "workload", "ワークロード": "workload",
	// the tool that ran each row's test ("sysbench oltp_read_write" beside
	// "swingbench charbench"): its test is the row's, another tool's row no run
	"tool": "tool", "tools": "tool", "tool used": "tool", "benchmark tool": "tool", "工具": "tool", "测试工具": "tool",
	"压测工具": "tool", "ツール": "tool", "도구": "tool", "herramienta": "tool", "ferramenta": "tool", "werkzeug": "tool",
}

// settingCols map a column header to the workload setting its cells give.
var settingCols = map[string]string{
	"table count": "tables", "tables": "tables", "table_count": "tables", "tables count": "tables",
	"number of tables": "tables", "表数量": "tables", "表数": "tables", "表个数": "tables",
	"table size": "table-size", "table_size": "table-size", "table-size": "table-size",
	"rows per table": "table-size", "表大小": "table-size", "表行数": "table-size", "单表数据量": "table-size",
	"单表行数": "table-size",
}

// derivedWords mark a column that compares other columns ("QPS 提升",
// "improvement", "diff %"): not a result.
var derivedWords = []string{"提升", "提高", "增长", "增幅", "下降", "降低", "差异", "差值", "对比", "比例", "倍数",
	"improve", "gain", "speedup", "speed-up", "diff", "change", "ratio", "relative", "overhead", "slowdown", "delta", "δ"}

// systemWords are the databases and engines systemRE names.
var systemWords = map[string]bool{"innodb": true, "myisam": true, "rocksdb": true, "myrocks": true, "tokudb": true,
	"aria": true, "memory": true, "mysql": true, "mariadb": true, "percona": true, "tidb": true, "postgres": true,
	"postgresql": true, "oceanbase": true, "polardb": true, "aurora": true}

// fileModes are sysbench's --file-test-mode values.
var fileModes = map[string]bool{"seqwr": true, "seqrewr": true, "seqrd": true, "rndrd": true, "rndwr": true, "rndrw": true}

// tableTestWords are the 0.4/0.5 tests a heading may name as sysbench
// takes them on its command line, in lower case.
var tableTestWords = []string{"oltp", "select", "insert", "delete"}

// genericWords name a table or its part, never what it measured.
var genericWords = map[string]bool{"benchmark": true, "benchmarks": true, "result": true, "results": true,
	"test": true, "tests": true, "config": true, "configuration": true, "output": true, "summary": true,
	"the": true, "of": true, "测试": true, "结果": true, "测试结果": true, "性能": true, "结果如下": true,
	// words that introduce an example ("ie:", "e.g.:", "for example:",
	// "Sample output below:"), no system's name
	"ie": true, "i.e.": true, "i.e": true, "eg": true, "e.g.": true, "e.g": true, "example": true, "examples": true,
	"for": true, "instance": true, "sample": true, "here": true, "below": true, "as": true, "follows": true,
	"like": true, "this": true, "is": true, "such": true}

// countMults are the multipliers a count may be written with ("100 万",
// "1M", "10K").
var countMults = map[string]float64{"": 1, "k": 1e3, "K": 1e3, "m": 1e6, "M": 1e6, "千": 1e3, "万": 1e4, "亿": 1e8,
	"thousand": 1e3, "million": 1e6, "billion": 1e9}

// absentCells are how tables mark a missing value.
var absentCells = map[string]bool{"": true, "-": true, "--": true, "—": true, "–": true, "n/a": true, "na": true,
	"null": true, "none": true}

// epsSuffixes are units an events-per-second cell may carry.
var epsSuffixes = []string{"events/sec", "events/s", "ev/sec", "ev/s", "eps"}

// measureQualifiers split one measurement by the kind of operation
// ("read QPS | write QPS"): words before a measurement that never name
// a system, however a header repeats them.
var measureQualifiers = map[string]bool{"read": true, "write": true, "reads": true, "writes": true,
	"other": true, "total": true, "r": true, "w": true, "rd": true, "wr": true, "all": true,
	"读": true, "写": true, "总": true, "读取": true, "写入": true}
