package term_test

import (
	"os"
	"testing"

	"github.com/deliberate-practice/katas/internal/term"
)

// TestUseColor is the colour decision itself: a terminal, unless NO_COLOR is set to something
// (set but empty does not count, as no-color.org says) or TERM is dumb.
func TestUseColor(t *testing.T) {
	tests := []struct {
		terminal bool
		env      map[string]string
		want     bool
	}{
		{true, nil, true},
		{false, nil, false},
		{true, map[string]string{"NO_COLOR": "1"}, false},
		{true, map[string]string{"NO_COLOR": ""}, true},
		{false, map[string]string{"NO_COLOR": ""}, false},
		{true, map[string]string{"TERM": "dumb"}, false},
		{true, map[string]string{"TERM": "xterm-256color"}, true},
	}
	for _, tt := range tests {
		getenv := func(k string) string { return tt.env[k] }
		if got := term.UseColor(tt.terminal, getenv); got != tt.want {
			t.Errorf("UseColor(%v, %v) = %v, want %v", tt.terminal, tt.env, got, tt.want)
		}
	}
}

func TestIsTerminal(t *testing.T) {
	r, w, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	defer w.Close()
	if term.IsTerminal(w) {
		t.Error("a pipe is not a terminal")
	}
}
