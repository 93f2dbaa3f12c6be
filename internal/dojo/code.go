package dojo

import (
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"maps"
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/deliberate-practice/katas/internal/brief"
)

// The bounds of a light's code, which a room keeps for its review: the files a run keeps, text
// alone, at most MaxCode bytes in all; what is left out is named as cut.
const (
	MaxCode      = 256 << 10 // bytes of text a light brings
	MaxCodeFiles = 1000      // files, brought or cut
	MaxPath      = 512       // bytes of a file's path
)

// Code is a light's code as a room receives it: every file the run kept that is text, by its
// path, its hash and its size; a file's text comes only where the participant's light before
// did not bring it, and the room takes the rest from the files it holds by their hashes. Cut
// names the files left out: not text, or past MaxCode.
type Code struct {
	Files []CodeFile `json:"files"`
	Cut   []string   `json:"cut,omitempty"`
}

// A CodeFile is one file of a light's code: Text is nil where the room has it already.
type CodeFile struct {
	Path string  `json:"path"`
	Hash string  `json:"hash"` // Hash of its text
	Size int     `json:"size"` // bytes
	Text *string `json:"text,omitempty"`
}

// Hash is the hash a room knows a file's text by: SHA-256, as 64 hexadecimal digits.
func Hash(text []byte) string {
	h := sha256.Sum256(text)
	return hex.EncodeToString(h[:])
}

// NewCode returns the code of a run from its files by path: those that are text, in the order
// of their paths, until MaxCode bytes, the rest cut. A file for which sent reports true goes
// by its hash alone: the room has it from the light before.
func NewCode(files map[string][]byte, sent func(path string, text []byte) bool) *Code {
	c := &Code{Files: []CodeFile{}}
	size := 0
	for _, p := range slices.Sorted(maps.Keys(files)) {
		data := files[p]
		switch {
		case len(c.Files)+len(c.Cut) >= MaxCodeFiles:
			return c
		case checkPath(p) != nil || !isText(data) || size+len(data) > MaxCode:
			c.Cut = append(c.Cut, cutName(p))
			continue
		}
		size += len(data)
		f := CodeFile{Path: p, Hash: Hash(data), Size: len(data)}
		if sent == nil || !sent(p, data) {
			text := string(data)
			f.Text = &text
		}
		c.Files = append(c.Files, f)
	}
	return c
}

// cutName is a cut file's path as the room is told it: safe to show, and within MaxPath bytes.
func cutName(p string) string {
	p = brief.Safe(p)
	if len(p) <= MaxPath {
		return p
	}
	cut := MaxPath - len("…")
	for cut > 0 && !utf8.RuneStart(p[cut]) {
		cut--
	}
	return p[:cut] + "…"
}

// isText reports whether data is text a page can show: UTF-8, with no NUL.
func isText(data []byte) bool {
	return utf8.Valid(data) && !slices.Contains(data, 0)
}

// Check returns an error that says what is wrong with the code, or nil: files and paths within
// the bounds, each path once, hashes and sizes of the texts brought.
func (c *Code) Check() error {
	if c == nil {
		return nil
	}
	if len(c.Files)+len(c.Cut) > MaxCodeFiles {
		return fmt.Errorf("code of %d files: want at most %d", len(c.Files)+len(c.Cut), MaxCodeFiles)
	}
	seen := map[string]bool{}
	size := 0
	for _, f := range c.Files {
		if err := checkPath(f.Path); err != nil {
			return err
		}
		if seen[f.Path] {
			return fmt.Errorf("the file %s comes twice", brief.Quote(f.Path))
		}
		seen[f.Path] = true
		if len(f.Hash) != 64 || strings.Trim(f.Hash, "0123456789abcdef") != "" {
			return fmt.Errorf("the file %s has no hash: want 64 hexadecimal digits", brief.Quote(f.Path))
		}
		if f.Size < 0 || f.Size > MaxCode {
			return fmt.Errorf("the file %s of %d bytes: want 0 to %d", brief.Quote(f.Path), f.Size, MaxCode)
		}
		size += f.Size
		if f.Text != nil {
			switch {
			case len(*f.Text) != f.Size:
				return fmt.Errorf("the file %s is %d bytes, not the %d it says", brief.Quote(f.Path), len(*f.Text), f.Size)
			case !isText([]byte(*f.Text)):
				return fmt.Errorf("the file %s is not text", brief.Quote(f.Path))
			case Hash([]byte(*f.Text)) != f.Hash:
				return fmt.Errorf("the file %s does not have the hash it says", brief.Quote(f.Path))
			}
		}
	}
	if size > MaxCode {
		return fmt.Errorf("code of %d bytes: want at most %d (%d KiB) a light", size, MaxCode, MaxCode>>10)
	}
	for _, p := range c.Cut {
		if len(p) > MaxPath || !utf8.ValidString(p) || strings.ContainsFunc(p, unshown) {
			return errors.New("a file cut has no path a page can show")
		}
	}
	return nil
}

// checkPath returns an error that says what is wrong with a file's path, or nil: 1 to MaxPath
// bytes of UTF-8 with no control character.
func checkPath(p string) error {
	switch {
	case p == "" || len(p) > MaxPath:
		return fmt.Errorf("a file's path of %d bytes: want 1 to %d", len(p), MaxPath)
	case !utf8.ValidString(p) || strings.ContainsFunc(p, unshown):
		return fmt.Errorf("the file %s has no path a page can show", brief.Quote(p))
	}
	return nil
}

// unshown reports whether r is a character a page would not show as it is: a control
// character, or a format character (a right-to-left override, say), as a name may not hold.
func unshown(r rune) bool { return unicode.IsControl(r) || unicode.Is(unicode.Cf, r) }
