// Package lines reads a program's input a line at a time, with a limit on a line's length
// that is reported, never silent.
package lines

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"strings"
)

// ErrTooLong means a line was longer than the reader's limit; the reader skipped it whole and
// reads on from the next line. Next returns it as a *TooLongError.
var ErrTooLong = errors.New("line too long")

// TooLongError is the error for a line longer than the limit: how long it was. It is
// ErrTooLong for errors.Is, and its message is for a person as it is.
type TooLongError struct{ Len, Max int }

func (e *TooLongError) Error() string {
	return fmt.Sprintf("a line of %d bytes, more than the %d a line may have", e.Len, e.Max)
}

// Is reports whether target is ErrTooLong.
func (e *TooLongError) Is(target error) bool { return target == ErrTooLong }

// Reader reads lines of at most Max bytes.
type Reader struct {
	r   *bufio.Reader
	max int
}

// NewReader returns a Reader of r whose lines are at most max bytes, not counting the line
// end.
func NewReader(r io.Reader, max int) *Reader {
	return &Reader{r: bufio.NewReaderSize(r, max+2), max: max}
}

// Next returns the next line without its line end ("\n" or "\r\n"). At the end of the input
// it returns io.EOF; for a line longer than the limit, a *TooLongError (ErrTooLong) that gives
// the length, having skipped that line; for a failed read, that error.
func (r *Reader) Next() (string, error) {
	line, err := r.r.ReadSlice('\n')
	switch {
	case errors.Is(err, bufio.ErrBufferFull):
		n := len(line)
		for errors.Is(err, bufio.ErrBufferFull) {
			line, err = r.r.ReadSlice('\n')
			n += len(line)
		}
		if err != nil && err != io.EOF {
			return "", err
		}
		return "", &TooLongError{n - len(lineEnd(line)), r.max}
	case err == io.EOF && len(line) == 0:
		return "", io.EOF
	case err != nil && err != io.EOF:
		return "", err
	}
	s := strings.TrimSuffix(string(line), lineEnd(line))
	if len(s) > r.max {
		return "", &TooLongError{len(s), r.max}
	}
	return s, nil
}

// lineEnd returns the line end that line finishes with: "\r\n", "\n" or "".
func lineEnd(line []byte) string {
	s := string(line)
	switch {
	case strings.HasSuffix(s, "\r\n"):
		return "\r\n"
	case strings.HasSuffix(s, "\n"):
		return "\n"
	}
	return ""
}
