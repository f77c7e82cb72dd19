// Package collect is the first stage of sbreport's flow
// (collect → parse → analyze → render). It reads what exists — files,
// directories, campaign directories — and hands the text to package parse;
// and it runs benchmark campaigns (sysbench against real servers) and
// captures their raw output so that the same ingest path reads them.
package collect
