package tabular

// Traditional Chinese (and the Japanese forms shared with it) writes many
// of the words result tables are read by with other characters than the
// simplified forms the word lists hold: 類型 for 类型, 測試 for 测试, 延遲 for
// 延迟, 執行緒 beside 线程. FoldHan maps those characters to their
// simplified forms, so that a word list folded the same way matches
// either writing.
var hanFold = map[rune]rune{
	'類': '类', '測': '测', '試': '试', '項': '项', '場': '场', '負': '负', '載': '载', '環': '环', '統': '统', '產': '产',
	'機': '机', '實': '实', '規': '规', '線': '线', '並': '并', '併': '并', '發': '发', '遲': '迟', '響': '响', '應': '应',
	'時': '时', '間': '间', '數': '数', '據': '据', '庫': '库', '務': '务', '詢': '询', '儲': '储', '單': '单', '與': '与',
	'個': '个', '為': '为', '從': '从', '會': '会', '寫': '写', '準': '准', '別': '别', '號': '号', '國': '国', '壓': '压',
	'帶': '带', '總': '总', '對': '对', '讀': '读', '當': '当', '錄': '录', '標': '标', '構': '构', '條': '条', '點': '点',
	'盤': '盘', '穩': '稳', '節': '节', '虛': '虚', '裝': '装', '記': '记', '訪': '访', '話': '话', '請': '请', '較': '较',
	'輸': '输', '達': '达', '過': '过', '運': '运', '進': '进', '連': '连', '適': '适', '鐘': '钟', '長': '长', '問': '问',
	'釋': '释', '結': '结', '約': '约', '緩': '缓', '續': '续', '設': '设', '計': '计', '執': '执', '緒': '绪', '異': '异',
	'啟': '启', '換': '换', '變': '变', '顯': '显', '擬': '拟', '網': '网', '絡': '络', '資': '资', '憶': '忆', '體': '体',
	'處': '处', '鎖': '锁', '錯': '错', '誤': '误', '閱': '阅', '覽': '览', '頻': '频', '寬': '宽', '極': '极', '値': '值',
	'昇': '升', '際': '际', '驗': '验', '級': '级', '態': '态', '階': '阶', '層': '层', '頁': '页', '組': '组', '倉': '仓',
	'義': '义', '東': '东', '區': '区', '華': '华', '雲': '云', '們': '们', '腦': '脑',
}

// FoldHan returns s with traditional Chinese characters written in their
// simplified forms (see hanFold); other text is unchanged, and s itself
// is returned when nothing is folded.
func FoldHan(s string) string {
	for i, r := range s {
		if r < 0x4E00 {
			continue
		}
		if _, ok := hanFold[r]; !ok {
			continue
		}
		b := make([]rune, 0, len(s))
		b = append(b, []rune(s[:i])...)
		for _, r := range s[i:] {
			if f, ok := hanFold[r]; ok {
				r = f
			}
			b = append(b, r)
		}
		return string(b)
	}
	return s
}

// withFolded returns list and, after it, the folded form of each word
// that folding changes.
func withFolded(list []string) []string {
	for _, w := range list {
		if f := FoldHan(w); f != w {
			list = append(list, f)
		}
	}
	return list
}

func init() {
	for _, l := range []*[]string{&threadWords, &dimensionWords, &percentileWords, &latencyWords, &timeWords,
		&tpsWords, &qpsWords, &epsWords, &cjkCountWords} {
		*l = withFolded(*l)
	}
	for k, v := range statWords {
		statWords[FoldHan(k)] = v
	}
}
