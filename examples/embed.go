// Package examples holds the example campaign that sbreport demo reports
// on: real sysbench 1.0.20 outputs against MariaDB with their host and
// server-variable captures, in the layout sbreport run writes (a
// campaign.yaml manifest and one folder per system). It feeds the start
// of the flow (collect → parse → analyze → render) from inside the binary.
package examples

import "embed"

// Demo holds the directory demo-campaign.
//
//go:embed demo-campaign
var Demo embed.FS
