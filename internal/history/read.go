package history

import (
	"bytes"
	"compress/zlib"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strconv"
	"strings"
)

// maxObject bounds what reading an object takes in: a tree or a commit of a kata folder is
// small, and a blob is at most MaxFile bytes.
const maxObject = 4 * MaxFile

// readObject reads a loose object of the kind wanted.
func readObject(repo, name, want string) ([]byte, error) {
	if !isName(name) {
		return nil, fmt.Errorf("%q names no object", name)
	}
	f, err := os.Open(objectPath(repo, name))
	if errors.Is(err, fs.ErrNotExist) {
		return nil, fmt.Errorf("object %s is not in %s (kata reads the loose objects it writes; was the repository packed?)", name, Dir)
	}
	if err != nil {
		return nil, err
	}
	defer f.Close()
	z, err := zlib.NewReader(f)
	if err != nil {
		return nil, fmt.Errorf("object %s: %w", name, err)
	}
	raw, err := io.ReadAll(io.LimitReader(z, maxObject+64))
	if err != nil {
		return nil, fmt.Errorf("object %s: %w", name, err)
	}
	header, data, ok := bytes.Cut(raw, []byte{0})
	kind, size, _ := strings.Cut(string(header), " ")
	if n, err := strconv.Atoi(size); !ok || err != nil || n != len(data) || kind != want {
		return nil, fmt.Errorf("object %s is not a whole %s", name, want)
	}
	return data, nil
}

// A Commit is a run's commit as Read reads it.
type Commit struct {
	Name, Tree, Parent string // Parent is "" for the first run
	Message            string
}

// Read reads the commit named name.
func Read(dir, name string) (Commit, error) {
	data, err := readObject(filepath.Join(dir, Dir), name, "commit")
	if err != nil {
		return Commit{}, err
	}
	c := Commit{Name: name}
	head, msg, _ := strings.Cut(string(data), "\n\n")
	c.Message = strings.TrimRight(msg, "\n")
	for _, line := range strings.Split(head, "\n") {
		key, value, _ := strings.Cut(line, " ")
		switch key {
		case "tree":
			c.Tree = value
		case "parent":
			c.Parent = value
		}
	}
	if !isName(c.Tree) {
		return Commit{}, fmt.Errorf("commit %s has no tree", name)
	}
	return c, nil
}

// A File is a file of a run: its contents, and whether it is executable.
type File struct {
	Data       []byte
	Executable bool
}

// Files returns the files of the run whose commit is named name, by their paths (slashes).
func Files(dir, name string) (map[string]File, error) {
	c, err := Read(dir, name)
	if err != nil {
		return nil, err
	}
	out := map[string]File{}
	return out, readTree(filepath.Join(dir, Dir), c.Tree, "", out)
}

// readTree reads a tree's files into out, their paths under prefix.
func readTree(repo, name, prefix string, out map[string]File) error {
	data, err := readObject(repo, name, "tree")
	if err != nil {
		return err
	}
	for len(data) > 0 {
		head, rest, ok := bytes.Cut(data, []byte{0})
		mode, entry, _ := strings.Cut(string(head), " ")
		if !ok || len(rest) < 20 || entry == "" || strings.Contains(entry, "/") || entry == "." || entry == ".." {
			return fmt.Errorf("tree %s is not one kata wrote", name)
		}
		hash := hex.EncodeToString(rest[:20])
		data = rest[20:]
		p := prefix + entry
		switch mode {
		case "40000":
			if err := readTree(repo, hash, p+"/", out); err != nil {
				return err
			}
		case "100644", "100755":
			blob, err := readObject(repo, hash, "blob")
			if err != nil {
				return err
			}
			out[p] = File{blob, mode == "100755"}
		default:
			return fmt.Errorf("tree %s holds %s, a %s: not a file kata records", name, p, mode)
		}
	}
	return nil
}
