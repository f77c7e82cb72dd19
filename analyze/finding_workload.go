package analyze

import "github.com/sbreport/sbreport/parse"

// workloadFindings are the claims about each workload: comparisons with
// the base, the shape of each system's scaling curve and its fit, and
// the anomalies of its cells.
func workloadFindings(doc *parse.Document, an *Analysis, rp *Report) Findings {
	return nil
}
