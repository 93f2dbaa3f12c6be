package lines_test

import (
	"errors"
	"io"
	"strings"
	"testing"
	"testing/iotest"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/deliberate-practice/katas/internal/lines"
)

// readAll returns every line and error Next gives, up to io.EOF.
func readAll(t *testing.T, r *lines.Reader) []string {
	t.Helper()
	var got []string
	for range 100 {
		line, err := r.Next()
		if err == io.EOF {
			return got
		}
		if err != nil {
			got = append(got, "error: "+err.Error())
			if !errors.Is(err, lines.ErrTooLong) {
				return got
			}
			continue
		}
		got = append(got, line)
	}
	t.Fatal("Next never returned io.EOF")
	return nil
}

func TestReader(t *testing.T) {
	tests := []struct {
		name, in string
		want     []string
	}{
		{"lines", "a\nbb\n\nccc\n", []string{"a", "bb", "", "ccc"}},
		{"no final line end", "a\nbb", []string{"a", "bb"}},
		{"CRLF", "a\r\nbb\r\n", []string{"a", "bb"}},
		{"empty", "", nil},
		{"at the limit", "12345678\n", []string{"12345678"}},
		{"one over", "123456789\nnext\n", []string{"error: a line of 9 bytes, more than the 8 a line may have", "next"}},
		{"one over, CRLF", "123456789\r\nnext\r\n", []string{"error: a line of 9 bytes, more than the 8 a line may have", "next"}},
		{"a guess then 70 KB of spaces", "R G B Y" + strings.Repeat(" ", 70<<10) + "\nquit\n",
			[]string{"error: a line of 71687 bytes, more than the 8 a line may have", "quit"}},
		{"a long last line", strings.Repeat("x", 100), []string{"error: a line of 100 bytes, more than the 8 a line may have"}},
	}
	for _, tt := range tests {
		got := readAll(t, lines.NewReader(strings.NewReader(tt.in), 8))
		assert.Equal(t, tt.want, got, tt.name)
	}
}

func TestReaderReadError(t *testing.T) {
	r := lines.NewReader(iotest.TimeoutReader(strings.NewReader("first\nsecond\n")), 64)
	// TimeoutReader fails its second read: the first read got the whole input, so both lines
	// come, then the error.
	line, err := r.Next()
	require.NoError(t, err)
	assert.Equal(t, "first", line)
	line, err = r.Next()
	require.NoError(t, err)
	assert.Equal(t, "second", line)
	_, err = r.Next()
	assert.ErrorIs(t, err, iotest.ErrTimeout)
}
