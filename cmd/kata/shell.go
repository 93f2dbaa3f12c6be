package main

import (
	"path/filepath"
	"strings"
)

// invocation is how the program was invoked, for the commands it suggests: "kata" when that
// is the program on PATH; the go run command when go run built it; otherwise the path it was
// run by.
func invocation(exe, arg0 string, lookPath func(string) (string, error)) string {
	if strings.Contains(exe, string(filepath.Separator)+"go-build") {
		return "go run " + module + "/cmd/kata@latest"
	}
	if p, err := lookPath("kata"); err == nil {
		if a, err := filepath.EvalSymlinks(p); err == nil {
			if b, err := filepath.EvalSymlinks(exe); err == nil && a == b {
				return "kata"
			}
		}
	}
	if arg0 == "" {
		return "kata"
	}
	return shellWords([]string{arg0})
}

// shellWords joins words into a command to type, quoting those the shell would split or read.
func shellWords(words []string) string {
	out := make([]string, len(words))
	for i, w := range words {
		if w != "" && strings.Trim(w, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_-+=./:,@%") == "" {
			out[i] = w
		} else {
			out[i] = "'" + strings.ReplaceAll(w, "'", `'\''`) + "'"
		}
	}
	return strings.Join(out, " ")
}
