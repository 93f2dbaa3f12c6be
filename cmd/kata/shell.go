package main

import (
	"os"
	"path/filepath"
	"runtime"
	"runtime/debug"
	"strings"
)

// invocation is how the program was invoked, for the commands it suggests: "kata" when that
// is the program on PATH; the go run command when go run built it of a published version;
// otherwise the path it was run by. A program go run built from a clone is "kata", for go run
// builds it only in the clone: go install ./cmd/kata puts that kata on the PATH.
func invocation(exe, arg0, version string, lookPath func(string) (string, error)) string {
	if strings.Contains(exe, string(filepath.Separator)+"go-build") {
		if version == "" || version == "(devel)" {
			return "kata"
		}
		return "go run " + module + "/cmd/kata@" + version
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

// built returns the version of this module the program was built of ("(devel)" for a build of
// a clone), and the clone's folder where it is one and is still there: its go.mod names this
// module. A build with -trimpath knows no folder.
func built() (version, clone string) {
	info, ok := debug.ReadBuildInfo()
	if !ok || info.Main.Path != module {
		return "", ""
	}
	version = info.Main.Version
	_, file, _, ok := runtime.Caller(0)
	if version != "(devel)" || !ok || !filepath.IsAbs(file) {
		return version, ""
	}
	root := filepath.Dir(filepath.Dir(filepath.Dir(file))) // cmd/kata/shell.go
	data, err := os.ReadFile(filepath.Join(root, "go.mod"))
	if first, _, _ := strings.Cut(string(data), "\n"); err != nil || strings.TrimSpace(first) != "module "+module {
		return version, ""
	}
	return version, root
}
