// Package warehouse stores what sbreport reads in a MySQL-protocol server
// (MySQL, MariaDB, and servers that speak their protocol such as TiDB and
// Vitess) and reads it back as the same values the files give. It sits
// in collect, at the start of the flow (collect → parse → analyze →
// render): Store walks inputs with collect.Walk and writes every run,
// capture, error and source line; Load returns a parse.Document equal to
// the one the files give.
//
// The schema is created and migrated by Open: a version table
// (sbreport_schema) records the migrations applied, and the forward
// migrations are embedded from migrations/NNNN_name.sql. Each run is kept
// whole as the JSON that parse.Run marshals to (runs.doc), its interim
// series as one row per interval (intervals), beside indexed columns for
// selection (tool, test, workload, threads, version, campaign time) and
// its labels as key/value rows (run_labels). Hosts, variable and status
// captures, table status rows and system statistics (vmstat, iostat,
// mpstat, /proc snapshots) are kept as JSON (captures; a status snapshot
// also reduced to the counters the analysis reads, StoreOptions.StatusKeep,
// which LoadWith reads in its place when asked for the same ones), input
// problems as rows (input_errors), every input file as its text line by
// line (source_lines, passwords masked as parse.MaskPasswords masks them)
// with the SHA-256 of the file as read, and campaign manifests whole
// (campaigns).
//
// Storing is idempotent and transactional per input file: a file is
// known by its name and content hash; storing it again adds nothing, and
// storing it after it changed replaces what it gave in one transaction.
//
// The SQL is kept portable: no JSON functions or JSON column type, no
// FULLTEXT, no stored procedures or triggers, no vendor-specific upsert
// beyond ON DUPLICATE KEY UPDATE, explicit utf8mb4_bin collations, and
// ordering by stored sequence numbers rather than by AUTO_INCREMENT.
package warehouse
