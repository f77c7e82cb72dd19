package mysqlslap

// The words of mysqlslap's output the grammar looks for, in one place.

// benchmark is the line that opens a block; unitSeconds follows the
// seconds of its averages.
const (
	benchmark   = "Benchmark"
	unitSeconds = "seconds"
)

// Block labels, after normalisation (indentation is stripped and the
// fullwidth colon is already ':').
const (
	labelEngine  = "Running for engine "
	labelAvg     = "Average number of seconds to run all queries:"
	labelMin     = "Minimum number of seconds to run all queries:"
	labelMax     = "Maximum number of seconds to run all queries:"
	labelClients = "Number of clients running queries:"
	labelQPC     = "Average number of queries per client:"
)

// valueLabels are the labels of a block's values, in printed order.
var valueLabels = []string{labelAvg, labelMin, labelMax, labelClients, labelQPC}

// cutLabels are the labels a line cut short by a truncated paste may be
// the start of.
var cutLabels = []string{labelAvg, labelMin, labelMax, labelClients, labelQPC, "Running for engine"}

// loadTypes are the load types mysqlslap --csv prints.
var loadTypes = map[string]bool{"mixed": true, "update": true, "write": true, "key": true, "read": true, "query": true}

// The --debug-info trailer: its first line, and the prefixes of the lines
// that follow it.
const (
	debugFirst   = "User time "
	debugFirstOn = ", System time "
)

var debugPrefixes = []string{"Maximum resident set size ", "Non-physical pagefaults ",
	"Blocks in ", "Voluntary context switches "}

// onDashes set off what an average line says it ran on ("0.5 seconds -
// db.t2.small").
var onDashes = []string{"- ", "– ", "— "}
