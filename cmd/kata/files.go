package main

import (
	"fmt"
	"io"
	"maps"
	"os"
	"path/filepath"
	"slices"

	"github.com/deliberate-practice/katas/internal/brief"
)

// oneDir reads an optional directory argument.
func oneDir(args []string, cmd string, stderr io.Writer) (string, int) {
	switch len(args) {
	case 0:
		return ".", 0
	case 1:
		return args[0], 0
	}
	fmt.Fprintf(stderr, "kata %s: unexpected argument %s\n", cmd, brief.Quote(args[1]))
	return "", 2
}

// write writes the files into dir, which it makes if need be, refusing to overwrite any file.
func write(dir string, files map[string][]byte, stdout, stderr io.Writer) int {
	for _, name := range slices.Sorted(maps.Keys(files)) {
		if _, err := os.Lstat(filepath.Join(dir, name)); err == nil {
			fmt.Fprintf(stderr, "kata: %s exists; not overwriting it\n", filepath.Join(dir, name))
			return 1
		}
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		fmt.Fprintln(stderr, "kata:", err)
		return 1
	}
	for _, name := range slices.Sorted(maps.Keys(files)) {
		path := filepath.Join(dir, name)
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			fmt.Fprintln(stderr, "kata:", err)
			return 1
		}
		if err := os.WriteFile(path, files[name], 0o644); err != nil {
			fmt.Fprintln(stderr, "kata:", err)
			return 1
		}
		fmt.Fprintln(stdout, "wrote", path)
	}
	return 0
}
