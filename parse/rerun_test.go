package parse

import "testing"

// TestSameCommandUnderTwoLabels: a Finnish course write-up runs one
// mysqlslap command, with --iterations=10, "INDEKSOINNIN KANSSA" (with
// indexing) and then, its command not shown again, "ILMAN INDEKSOINTIA"
// (without indexing): the same command with the same repeat option under
// two labels is two experiments, not a rerun of the first (0.004 s
// against 0.431 s).
func TestSameCommandUnderTwoLabels(t *testing.T) {
	doc := parseFile(t, "../testdata/public/train/t13-mysqlslap-course-fi.txt")
	var with, without *Run
	for _, r := range doc.Runs {
		if r.Mysqlslap == nil || r.Mysqlslap.AvgS == nil {
			continue
		}
		switch *r.Mysqlslap.AvgS {
		case 0.004:
			with = r
		case 0.431:
			without = r
		}
	}
	if with == nil || without == nil {
		t.Fatalf("runs of 0.004 s and 0.431 s not read (%d runs)", len(doc.Runs))
	}
	if with.Labels["heading"] == without.Labels["heading"] {
		t.Errorf("both runs carry the heading %q: the label that sets them apart is lost", with.Labels["heading"])
	}
}
