package history

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	"github.com/deliberate-practice/katas/internal/brief"
)

// Restore writes a run's files (want) into the kata folder, and removes those the code has
// now (have, as a run records it) that the run did not: files a run does not record (hidden,
// large, binary) stay as they are. It writes nothing outside the folder, nor through a link,
// and returns how many files it wrote and removed.
func Restore(dir string, want, have map[string]File) (written, removed int, err error) {
	for p, f := range want {
		if old, ok := have[p]; ok && string(old.Data) == string(f.Data) && old.Executable == f.Executable {
			continue
		}
		full, err := inFolder(dir, p)
		if err != nil {
			return written, removed, err
		}
		if err := os.MkdirAll(filepath.Dir(full), 0o755); err != nil {
			return written, removed, err
		}
		mode := os.FileMode(0o644)
		if f.Executable {
			mode = 0o755
		}
		if err := WriteFile(full, f.Data, mode); err != nil {
			return written, removed, err
		}
		written++
	}
	for p := range have {
		if _, ok := want[p]; ok {
			continue
		}
		full, err := inFolder(dir, p)
		if err != nil {
			return written, removed, err
		}
		if err := os.Remove(full); err != nil && !errors.Is(err, fs.ErrNotExist) {
			return written, removed, err
		}
		removed++
	}
	return written, removed, nil
}

// inFolder returns where a run's file goes in the folder: never outside it, nor through a
// link that leads elsewhere.
func inFolder(dir, p string) (string, error) {
	if !filepath.IsLocal(filepath.FromSlash(p)) {
		return "", fmt.Errorf("the run holds %s, which is not a path in this folder", brief.Quote(p))
	}
	full := dir
	for _, part := range strings.Split(p, "/") {
		full = filepath.Join(full, part)
		if info, err := os.Lstat(full); err == nil && info.Mode()&fs.ModeSymlink != 0 {
			return "", fmt.Errorf("%s is a link: kata checkout writes no file through one", brief.Quote(full))
		}
	}
	return full, nil
}
