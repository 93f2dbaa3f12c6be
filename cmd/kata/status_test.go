package main

import (
	"bytes"
	"testing"

	"github.com/stretchr/testify/assert"
)

// TestTheStatusLineDrawsOverItself: a long scenario's progress is one line, drawn over the
// last, cut to the terminal's width, its control characters made safe, and cleared, leaving
// the cursor where the screen goes on.
func TestTheStatusLineDrawsOverItself(t *testing.T) {
	var out bytes.Buffer
	s := &statusLine{w: &out, width: 30}
	s.tell("12 of 1,296 games broken")
	assert.Equal(t, "\r  12 of 1,296 games broken", out.String())
	out.Reset()
	s.tell("9 broken")
	assert.Equal(t, "\r  9 broken                ", out.String(), "the rest of the longer line before is blanked")
	out.Reset()
	s.tell("a line far too long for a terminal of thirty columns")
	assert.Equal(t, "\r  a line far too long for a …", out.String(), "cut to the width, less a column")
	out.Reset()
	s.tell("\x1b[2Jbad")
	assert.NotContains(t, out.String(), "\x1b")
	out.Reset()
	s.tell("")
	assert.Regexp(t, "^\r {10,}\r$", out.String(), "cleared")
	out.Reset()
	s.tell("")
	assert.Empty(t, out.String(), "nothing to clear")
}
