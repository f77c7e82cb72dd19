// Package campaign runs benchmark plans: sysbench against real servers,
// threads × workloads × systems × repeats, with host and server captures
// around the runs. It writes every raw output verbatim into a campaign
// directory with a manifest (collect.Manifest), which package collect
// reads back the same way it reads any other input.
package campaign
