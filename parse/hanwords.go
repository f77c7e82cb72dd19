package parse

import "github.com/sbreport/sbreport/parse/tabular"

// Traditional Chinese writes many words of the lists below with other
// characters than their simplified forms (類型, 測試, 延遲, 資料庫); headers are
// folded to simplified characters before they are looked up
// (tabular.FoldHan), and so are the lists' words here, beside their own
// spelling. Taiwan's own words for a database, a server and a thread are
// added to the lists of what names a system, a machine and the threads.
func init() {
	nameCols["資料庫"] = "system"
	nameCols["伺服器"] = "host"
	threadWords["執行緒"], threadWords["執行緒數"] = true, true
	threadStems = append(threadStems, "執行緒")
	for _, m := range []map[string]string{nameCols, settingCols} {
		foldKeys(m)
	}
	for _, m := range []map[string]bool{threadWords, tpsWords, qpsWords, epsWords, cpuSpeedWords, eventsWords} {
		foldKeys(m)
	}
	for _, l := range []*[]string{&threadStems, &concurrentWords, &connectedWords, &derivedWords} {
		for _, w := range *l {
			if f := tabular.FoldHan(w); f != w {
				*l = append(*l, f)
			}
		}
	}
}

// foldKeys adds to m the folded form of each key that folding changes.
func foldKeys[V any](m map[string]V) {
	for k, v := range m {
		if f := tabular.FoldHan(k); f != k {
			if _, ok := m[f]; !ok {
				m[f] = v
			}
		}
	}
}
