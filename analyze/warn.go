package analyze

import (
	"encoding/json"
	"fmt"
	"math"
)

// Warnings are findings to show to the reader beside a result. They
// marshal as a JSON array of strings.
type Warnings []error

// MarshalJSON writes the warnings as strings.
func (w Warnings) MarshalJSON() ([]byte, error) {
	s := make([]string, len(w))
	for i, e := range w {
		s[i] = e.Error()
	}
	return json.Marshal(s)
}

// Strings returns the warning messages.
func (w Warnings) Strings() []string {
	s := make([]string, len(w))
	for i, e := range w {
		s[i] = e.Error()
	}
	return s
}

func (w *Warnings) addf(format string, args ...any) {
	*w = append(*w, fmt.Errorf(format, args...))
}

// num returns a pointer to v, or nil when v is NaN or infinite, so that
// undefined values marshal as null.
// bothBounds returns an interval's bounds for output: both, or neither when
// either is not finite. An interval never has one bound.
func bothBounds(lo, hi float64) (*float64, *float64) {
	l, h := num(lo), num(hi)
	if l == nil || h == nil {
		return nil, nil
	}
	return l, h
}

func num(v float64) *float64 {
	if math.IsNaN(v) || math.IsInf(v, 0) {
		return nil
	}
	return &v
}
