// Package collect is the first stage of sbreport's flow
// (collect → parse → analyze → render). It reads what exists — files,
// directories, standard input, campaign directories — decompresses and
// cleans the text, labels it, and hands it to package parse. It runs no
// program and needs no server, so it builds everywhere sbreport does.
//
// Running campaigns (sysbench against real servers) is package
// collect/campaign; it writes raw outputs and a manifest (campaign.yaml,
// Manifest) that this package reads back like any other input.
package collect
