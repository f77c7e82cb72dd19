// Package campaign runs benchmark plans: sysbench against real servers,
// systems × workloads × repeats × the cross product of the plan's factors
// (threads, clients, tables, table sizes, server variables, sysbench
// options, named factors whose levels set several of them), interleaved,
// with host and server captures around the runs. It sets the server
// variables each run needs and puts them back at the end, and samples the
// host's /proc counters during each run of a local server. It writes
// every raw output verbatim into a campaign directory with a manifest
// (collect.Manifest), which package collect reads back the same way it
// reads any other input.
//
// The runner reaches the outside world through two small interfaces: an
// Executor runs commands (OSExecutor: os/exec, each command in a process
// group of its own) and a Session sends the SQL of one system's server
// (ConnectMySQL: go-sql-driver/mysql). The package's tests run whole
// campaigns on fakes of both that write recorded sysbench and MariaDB
// output; the tests against a real MariaDB are integration tests.
//
// Campaigns run on Linux and macOS. Elsewhere Runner.Run refuses with
// ErrUnsupported (stopping sysbench cleanly needs Unix process groups and
// signals); Runner.DryRun works everywhere.
package campaign
