package analyze

import "github.com/sbreport/sbreport/parse"

// setupFindings are the facts of how the runs were made (hosts, run
// lengths, data sizes, caches, versions) and the caveats they imply.
func setupFindings(doc *parse.Document, ds *Dataset, rp *Report) Findings {
	return nil
}
