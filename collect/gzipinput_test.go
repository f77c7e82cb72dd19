package collect

import (
	"bytes"
	"errors"
	"io"
	"math/rand/v2"
	"testing"
	"testing/iotest"
)

// TestGzipInputOpen: what gzipInput.open returns reads as the file it
// was given, whether the file is read whole (small) or not (larger than
// gzipWhole), and a read error reaches the reader.
func TestGzipInputOpen(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	for _, n := range []int{0, 5702, 16 << 10, gzipWhole, gzipWhole + 1, 3*gzipWhole + 17} {
		data := make([]byte, n)
		for i := range data {
			data[i] = byte(r.Uint32())
		}
		var in gzipInput
		got, err := io.ReadAll(in.open(iotest.HalfReader(bytes.NewReader(data))))
		if err != nil || !bytes.Equal(got, data) {
			t.Errorf("%d bytes: read %d bytes, %v", n, len(got), err)
		}
		_, whole := in.open(bytes.NewReader(data)).(*bytes.Reader)
		if whole != (n <= gzipWhole) {
			t.Errorf("%d bytes: read whole %v", n, whole)
		}
	}
	var in gzipInput
	bad := io.MultiReader(bytes.NewReader([]byte("abc")), iotest.ErrReader(errors.New("disk on fire")))
	got, err := io.ReadAll(in.open(bad))
	if string(got) != "abc" || err == nil || err.Error() != "disk on fire" {
		t.Errorf("read error: %q, %v", got, err)
	}
}
