package parse

// The words a result stated in prose or a list item is read by (prose.go):
// the units a number must carry to be a result, and the verbs that bind
// it to the subject before them. Data only; the rules are in prose.go.

// A resultUnit is a spelling of a unit a result is given in, and what a
// number in it measures.
type resultUnit struct {
	spelling string // as written, compared without regard to ASCII case
	metric   string // unitEPS, unitTPS, unitQPS, unitMiBs
	scale    float64
	exact    bool // compared as written: "E/S" is input/output in Romance languages
}

// What a unit measures.
const (
	unitEPS  = "eps"   // events per second
	unitTPS  = "tps"   // transactions per second
	unitQPS  = "qps"   // queries per second
	unitMiBs = "MiB/s" // a transfer rate, in MiB per second
)

// resultUnits are tried longest first (proseUnit), so that "events per
// second" is not read as "e".
var resultUnits = []resultUnit{
	{"events per second", unitEPS, 1, false}, {"events per sec", unitEPS, 1, false}, {"events/second", unitEPS, 1, false},
	{"events/sec", unitEPS, 1, false}, {"events/s", unitEPS, 1, false}, {"event/s", unitEPS, 1, false},
	{"evt/sec", unitEPS, 1, false}, {"evt/s", unitEPS, 1, false}, {"ev/sec", unitEPS, 1, false}, {"ev/s", unitEPS, 1, false}, {"e/s", unitEPS, 1, true},
	{"eps", unitEPS, 1, false},
	{"transactions per second", unitTPS, 1, false}, {"transactions per sec", unitTPS, 1, false}, {"transactions/sec", unitTPS, 1, false},
	{"transactions/s", unitTPS, 1, false}, {"trx/s", unitTPS, 1, false}, {"trx/sec", unitTPS, 1, false}, {"tps", unitTPS, 1, false},
	{"queries per second", unitQPS, 1, false}, {"queries per sec", unitQPS, 1, false}, {"queries/sec", unitQPS, 1, false},
	{"queries/s", unitQPS, 1, false}, {"qps", unitQPS, 1, false},
	{"MiB/sec", unitMiBs, 1, false}, {"MiB/s", unitMiBs, 1, false}, {"MB/sec", unitMiBs, 1, false}, {"MB/s", unitMiBs, 1, false},
	{"GiB/sec", unitMiBs, 1024, false}, {"GiB/s", unitMiBs, 1024, false},
}

// resultVerbs bind a result to the subject written before them ("the Pi
// 4 does 117 events per second", "M1 Max gets 9,507 e/s"). Words that may
// stand between the verb and the number ("about", "a result of") are
// resultFillers.
var resultVerbs = map[string]bool{
	"gets": true, "got": true, "get": true, "does": true, "did": true, "do": true, "achieves": true,
	"achieved": true, "achieve": true, "reaches": true, "reached": true, "scores": true, "scored": true,
	"produces": true, "produced": true, "delivers": true, "delivered": true, "hits": true, "makes": true,
	"made": true, "runs": true, "ran": true, "gives": true, "gave": true, "managed": true, "manages": true,
	"is": true, "was": true, "are": true, "were": true, "be": true, "getting": true, "reaching": true,
}

var resultFillers = map[string]bool{
	"about": true, "around": true, "roughly": true, "approximately": true, "approx": true, "only": true,
	"just": true, "nearly": true, "almost": true, "over": true, "a": true, "an": true, "result": true,
	"of": true, "up": true, "to": true, "~": true, "≈": true, "the": true,
}

// pronouns are subjects that name no system ("I got 8669 e/s on m1"):
// the system is then the one the sentence names after "on".
var pronouns = map[string]bool{
	"i": true, "we": true, "you": true, "they": true, "he": true, "she": true, "one": true,
}

// backReferences are subjects that point at a result already shown
// ("That is 1860 QPS" under a mysqlslap block): the figure restates it,
// and is no result of its own.
var backReferences = map[string]bool{"that": true, "this": true, "which": true, "it": true, "these": true,
	"those": true}

// placeWords introduce the system a result was measured on, after a
// pronoun subject.
var placeWords = map[string]bool{"on": true}

// genericSubjects are subjects that say what was measured, not on what
// ("Result: 1234 tps", "Throughput: 12 MiB/s"): a label naming no system.
var genericSubjects = map[string]bool{
	"result": true, "results": true, "throughput": true, "speed": true, "score": true, "total": true,
	"average": true, "avg": true, "performance": true, "rate": true, "tps": true, "qps": true, "eps": true,
	"value": true, "mean": true, "median": true, "max": true, "min": true,
}

// threadWordsProse name a thread count in a subject ("threads 1", "8
// threads", "1 thread").
var threadWordsProse = map[string]bool{"thread": true, "threads": true, "thds": true, "clients": true,
	"client": true, "connections": true, "concurrency": true}

// unitTests are the tests a unit can be the result of; a unit not listed
// fits any test. A test the prose names that its unit does not fit is not
// the result's ("CPU L3 cache" above a MiB/s figure).
var unitTests = map[string]map[string]bool{
	unitMiBs: {"memory": true, "fileio": true},
	unitTPS:  {"cpu": false, "memory": false, "fileio": false, "mutex": false, "threads": false},
	unitQPS:  {"cpu": false, "memory": false, "fileio": false, "mutex": false, "threads": false},
}

// unitFits reports whether a result in unit can be one of test.
func unitFits(unit, test string) bool {
	m, ok := unitTests[unit]
	if !ok || test == "" {
		return true
	}
	fits, listed := m[test]
	if unit == unitMiBs {
		return fits
	}
	return !listed || fits
}

// labelVerbs bind a rate named before a number to it ("the eps is about
// 2100", "a TPS of 911").
var labelVerbs = map[string]bool{"is": true, "was": true, "are": true, "were": true, "of": true,
	"reached": true, "reaches": true}

// labelDeterminers may stand before a rate named as a label ("the eps",
// "its QPS") without naming a system.
var labelDeterminers = map[string]bool{"the": true, "a": true, "an": true, "its": true, "their": true,
	"our": true, "my": true, "overall": true}

// resultBounds before a rate named as a label make its figure a bound or
// a goal, not a measurement ("target TPS: 5000", "max qps = 100").
var resultBounds = map[string]bool{"target": true, "limit": true, "max": true, "maximum": true, "min": true,
	"minimum": true, "expected": true, "goal": true, "required": true, "cap": true, "rate-limit": true,
	"desired": true, "least": true, "most": true, "under": true, "below": true, "above": true}

// clauseStarts are words that may follow a result and start another
// clause or name where it was measured ("eps is 3100 on the host").
var clauseStarts = map[string]bool{"on": true, "in": true, "with": true, "for": true, "at": true, "and": true,
	"but": true, "while": true, "whereas": true, "vs": true, "versus": true, "compared": true, "when": true,
	"which": true, "respectively": true, "so": true, "after": true}

// singleThreadWords are subjects that say one thread ran, in words
// ("single core = 2145.51 events/s", "Single-thread: 812 events/second"):
// a run on one core is a run of one thread.
var singleThreadWords = map[string]bool{"single core": true, "single thread": true, "single threaded": true,
	"one thread": true, "one core": true, "single cpu": true, "1 core": true, "st": false}
