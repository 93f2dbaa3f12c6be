package dojo

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestACodeIsBounded: a light's code brings text files alone, up to MaxCode bytes in all, in
// the order of their paths; the rest it names as cut. Check refuses code whose texts do not
// match what they say of themselves.
func TestACodeIsBounded(t *testing.T) {
	big := strings.Repeat("x", MaxCode-15) // with a.py, 6 bytes short of the bound
	c := NewCode(map[string][]byte{
		"a.py":       []byte("print(1)\n"),
		"b.bin":      {0, 1, 2},
		"c.txt":      []byte(big),
		"d.py":       []byte("too much\n"),
		"e.latin1":   {0xe9, 'a'},
		"\x01weird":  []byte("x"),
		"unchanged":  []byte("same\n"),
		"z/last.txt": []byte("z"),
	}, func(p string, _ []byte) bool { return p == "unchanged" })
	var paths []string
	for _, f := range c.Files {
		paths = append(paths, f.Path)
	}
	assert.Equal(t, []string{"a.py", "c.txt", "unchanged", "z/last.txt"}, paths, "text, within the bound, to the byte")
	assert.Equal(t, []string{`\x01weird`, "b.bin", "d.py", "e.latin1"}, c.Cut, "not text, past the bound, a path no page shows (quoted)")
	assert.Nil(t, c.Files[2].Text, "the file the light before brought, by its hash")
	require.NoError(t, c.Check())

	bad := *c
	bad.Files = append([]CodeFile(nil), c.Files...)
	other := "print(2)\n" // the same size: the hash tells
	bad.Files[0].Text = &other
	assert.ErrorContains(t, bad.Check(), "does not have the hash it says")
	other = "print(22)\n"
	assert.ErrorContains(t, bad.Check(), "is 10 bytes, not the 9 it says")
	bad.Files[0] = CodeFile{Path: "a.py", Hash: "nothex", Size: 1}
	assert.ErrorContains(t, bad.Check(), "has no hash")
	bad.Files[0] = c.Files[1]
	assert.ErrorContains(t, bad.Check(), "comes twice")

	// A path too long, or one a page would show otherwise than it is, is cut, and said so
	// within the bounds: the light goes.
	long := strings.Repeat("é", MaxPath) + ".py"
	c = NewCode(map[string][]byte{long: []byte("x"), "a\u202eyp.exe": []byte("y"), "ok.py": []byte("z")}, nil)
	require.NoError(t, c.Check())
	require.Len(t, c.Files, 1)
	require.Len(t, c.Cut, 2)
	assert.LessOrEqual(t, len(c.Cut[1]), MaxPath)
	assert.True(t, strings.HasSuffix(c.Cut[1], "é…"), c.Cut[1])
	assert.Equal(t, `a\u202eyp.exe`, c.Cut[0], "a right-to-left override, quoted")
}
