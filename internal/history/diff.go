package history

import (
	"fmt"
	"slices"
	"strings"
)

// A Change is how one file differs between two runs.
type Change struct {
	Path           string
	Added, Removed int    // lines
	Unified        string // the unified diff, with three lines of context, as git writes it
}

// Changes returns the files that differ from the run named from to the one named to, by path;
// from "" compares with no files at all.
func Changes(dir, from, to string) ([]Change, error) {
	before := map[string]File{}
	if from != "" {
		var err error
		if before, err = Files(dir, from); err != nil {
			return nil, err
		}
	}
	after, err := Files(dir, to)
	if err != nil {
		return nil, err
	}
	data := func(files map[string]File) map[string][]byte {
		out := make(map[string][]byte, len(files))
		for p, f := range files {
			out[p] = f.Data
		}
		return out
	}
	return Compare(data(before), data(after)), nil
}

// Compare returns the files that differ from before to after, each by path, in the order of
// their paths.
func Compare(before, after map[string][]byte) []Change {
	var paths []string
	for p := range before {
		paths = append(paths, p)
	}
	for p := range after {
		if _, ok := before[p]; !ok {
			paths = append(paths, p)
		}
	}
	slices.Sort(paths)
	var out []Change
	for _, p := range paths {
		a, inA := before[p]
		b, inB := after[p]
		if inA && inB && string(a) == string(b) {
			continue
		}
		out = append(out, diffFile(p, a, b, inA, inB))
	}
	return out
}

// context is how many unchanged lines a hunk shows around its changes.
const context = 3

// op is a line of an edit script: kept (' '), removed ('-') or added ('+').
type op struct {
	kind byte
	line string // with its "\n", which the last line of a file may lack
}

// diffFile is one file's change.
func diffFile(p string, a, b []byte, inA, inB bool) Change {
	ops := edits(lines(string(a)), lines(string(b)))
	c := Change{Path: p}
	var u strings.Builder
	from, to := "a/"+p, "b/"+p
	if !inA {
		from = "/dev/null"
	}
	if !inB {
		to = "/dev/null"
	}
	fmt.Fprintf(&u, "--- %s\n+++ %s\n", from, to)
	// Hunks: the changes, each with context lines around it, joined where their contexts meet.
	oldLine, newLine := 1, 1 // the line numbers at ops[i]
	for i := 0; i < len(ops); {
		if ops[i].kind == ' ' {
			i, oldLine, newLine = i+1, oldLine+1, newLine+1
			continue
		}
		start := max(i-context, 0)
		for j := start; j < i; j++ { // back up to the context before
			oldLine, newLine = oldLine-1, newLine-1
		}
		end := i // past the hunk's last change
		for k := i; k < len(ops); k++ {
			if ops[k].kind != ' ' {
				end = k + 1
			} else if k-end >= 2*context {
				break
			}
		}
		stop := min(end+context, len(ops))
		var body strings.Builder
		oldN, newN := 0, 0
		for _, o := range ops[start:stop] {
			body.WriteByte(o.kind)
			body.WriteString(o.line)
			if !strings.HasSuffix(o.line, "\n") {
				body.WriteString("\n\\ No newline at end of file\n")
			}
			switch o.kind {
			case ' ':
				oldN, newN = oldN+1, newN+1
			case '-':
				oldN, c.Removed = oldN+1, c.Removed+1
			case '+':
				newN, c.Added = newN+1, c.Added+1
			}
		}
		fmt.Fprintf(&u, "@@ -%s +%s @@\n%s", span(oldLine, oldN), span(newLine, newN), body.String())
		oldLine, newLine, i = oldLine+oldN, newLine+newN, stop
	}
	c.Unified = u.String()
	return c
}

// span is a hunk's range of lines as unified diffs write it: "3,4", "3" for one line, "2,0"
// (the line before) for none.
func span(start, n int) string {
	switch n {
	case 0:
		return fmt.Sprintf("%d,0", start-1)
	case 1:
		return fmt.Sprint(start)
	}
	return fmt.Sprintf("%d,%d", start, n)
}

// lines splits text into its lines, each with its "\n".
func lines(text string) []string {
	var out []string
	for text != "" {
		i := strings.IndexByte(text, '\n')
		if i < 0 {
			out = append(out, text)
			break
		}
		out = append(out, text[:i+1])
		text = text[i+1:]
	}
	return out
}

// maxCells bounds the table of edits: past it, the middle of two files that differ much is
// shown as removed whole and added whole, which is true, if not the shortest.
const maxCells = 4 << 20

// edits returns a shortest edit script from a to b: their common start and end kept, and
// between them the longest common subsequence's lines kept.
func edits(a, b []string) []op {
	var ops []op
	pre := 0
	for pre < len(a) && pre < len(b) && a[pre] == b[pre] {
		pre++
	}
	suf := 0
	for suf < len(a)-pre && suf < len(b)-pre && a[len(a)-1-suf] == b[len(b)-1-suf] {
		suf++
	}
	for _, l := range a[:pre] {
		ops = append(ops, op{' ', l})
	}
	x, y := a[pre:len(a)-suf], b[pre:len(b)-suf]
	if len(x)*len(y) > maxCells {
		for _, l := range x {
			ops = append(ops, op{'-', l})
		}
		for _, l := range y {
			ops = append(ops, op{'+', l})
		}
	} else {
		// lcs[i][j]: the longest common subsequence of x[i:] and y[j:].
		w := len(y) + 1
		lcs := make([]int32, (len(x)+1)*w)
		for i := len(x) - 1; i >= 0; i-- {
			for j := len(y) - 1; j >= 0; j-- {
				if x[i] == y[j] {
					lcs[i*w+j] = lcs[(i+1)*w+j+1] + 1
				} else {
					lcs[i*w+j] = max(lcs[(i+1)*w+j], lcs[i*w+j+1])
				}
			}
		}
		i, j := 0, 0
		for i < len(x) || j < len(y) {
			switch {
			case i < len(x) && j < len(y) && x[i] == y[j]:
				ops = append(ops, op{' ', x[i]})
				i, j = i+1, j+1
			case i < len(x) && (j == len(y) || lcs[(i+1)*w+j] >= lcs[i*w+j+1]):
				ops = append(ops, op{'-', x[i]}) // a line removed before one added, as git shows them
				i++
			default:
				ops = append(ops, op{'+', y[j]})
				j++
			}
		}
	}
	for _, l := range a[len(a)-suf:] {
		ops = append(ops, op{' ', l})
	}
	return ops
}
