package parse

import "testing"

// TestNoteServerSet reads the SET GLOBAL statements of public texts: the
// identity fixture's "set global time_zone" (typed at a mysql> prompt)
// and holdout4's innodb_thread_concurrency settings between mysqlslap
// runs; text that only talks of a setting sets nothing.
func TestNoteServerSet(t *testing.T) {
	cases := []struct {
		text, name, value string
	}{
		{`set global time_zone="+8:00";`, "time_zone", "+8:00"},
		{"set global innodb_thread_concurrency=4;", "innodb_thread_concurrency", "4"},
		{"SET GLOBAL innodb_flush_log_at_trx_commit=2; ", "innodb_flush_log_at_trx_commit", "2"},
		{"set @@global.sync_binlog = 1000", "sync_binlog", "1000"},
		{"SET GLOBAL innodb_flush_log_at_trx_commit = 2 helps a bulk load", "", ""},
		{"set global sql_mode = 'STRICT_TRANS_TABLES,NO_ZERO_DATE';", "", ""}, // a list: the commas split it
		{"set session sort_buffer_size=4194304;", "", ""},
		{"settings: innodb_thread_concurrency=4", "", ""},
	}
	for _, tc := range cases {
		c := &ctx{}
		c.noteServerSet(tc.text, 7)
		switch {
		case tc.name == "" && len(c.serverSet) != 0:
			t.Errorf("%q: set %+v, want nothing", tc.text, c.serverSet)
		case tc.name != "" && (len(c.serverSet) != 1 || c.serverSet[0].name != tc.name || c.serverSet[0].value != tc.value || c.serverSet[0].line != 7):
			t.Errorf("%q: set %+v, want %s=%s at line 7", tc.text, c.serverSet, tc.name, tc.value)
		}
	}
}
