package main

import (
	"fmt"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/deliberate-practice/katas/mastermind"
	"github.com/deliberate-practice/katas/mastermind/solver"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// grade is the screen's line that grades a breaker of Knuth's strategy.
const knuthGrade = "Graded: 5,801 guesses, 4.476 a game, 5 at worst; Knuth 5,801, the optimum 5,625\n"

// TestCodeBreakersOverTheProtocol: a breaker of each of the solver's strategies, over the
// protocol, passes the levels its guesses reach, and the screen grades it; the one that
// guesses the first code still possible passes the classic game but fails Knuth's level, saying
// by how much.
func TestCodeBreakersOverTheProtocol(t *testing.T) {
	t.Parallel()
	runs := concurrently([][]string{
		{"run", "codebreaker", "--", impl, "-kata", "codebreaker", "-strategy", "optimal"},
		{"run", "codebreaker", "-v", "--", impl, "-kata", "codebreaker", "-strategy", "knuth"},
		{"run", "codebreaker", "-v", "--", impl, "-kata", "codebreaker", "-strategy", "first"},
	})
	optimal, knuth, first := runs[0], runs[1], runs[2]
	assert.Zero(t, optimal.status, optimal.out+optimal.errOut)
	assert.Equal(t, "codebreaker: all 13 scenarios passed\nGraded: 5,625 guesses, 4.340 a game, 6 at worst; Knuth 5,801, the optimum 5,625\n", optimal.out)

	assert.Equal(t, 1, knuth.status)
	assert.Equal(t, []string{"The optimum (codebreaker.feature:68)"}, failed(knuth.out))
	assert.Contains(t, knuth.out, "5,801 guesses in all, 176 more than 5,625")
	assert.Contains(t, knuth.out, knuthGrade)

	assert.Equal(t, 1, first.status)
	assert.Equal(t, []string{"Knuth's level (codebreaker.feature:62)", "The optimum (codebreaker.feature:68)"}, failed(first.out))
	assert.Contains(t, first.out, "7,471 guesses in all, 1,670 more than 5,801; the first secret that took more guesses than Knuth's strategy takes is")
	assert.Contains(t, first.out, "Graded: 7,471 guesses, 5.765 a game, 9 at worst")
}

// TestBadBreakersFailCleanly: a breaker that hangs, repeats a guess for ever, plays what is no
// code of the game, replies out of turn, guesses after a win, or crashes mid-game fails its
// scenario saying what it did; the run goes on to the next scenario, and no process of the
// breaker's is left running.
func TestBadBreakersFailCleanly(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name string
		args []string
		want string
	}{
		{"hang", []string{"-misbehave", "hang", "-at", "4"}, `the program did not write its reply to request 4 {"game":2,"id":4,"op":"guess"} within 1s`},
		{"repeat", []string{"-bug", "repeat"}, `(it guessed "1 2" 4 times: a guess scores the same each time, and tells nothing new)`},
		{"wide", []string{"-bug", "wide"}, `3 pegs: want 2 pegs of colours 1 to 3`},
		{"colour", []string{"-bug", "colour"}, `is not a colour of the game; want 2 pegs of colours 1 to 3`},
		{"out of turn", []string{"-misbehave", "order", "-at", "3"}, "the program replied to request 4"},
		{"after a win", []string{"-misbehave", "after-win"}, "the breaker was told the game was won, and it replied with a guess, after the game was won"},
		{"crash", []string{"-misbehave", "crash", "-at", "5"}, "panic: impl: crashing at request 5"},
	}
	runs := make([][]string, len(cases))
	markers := make([]string, len(cases))
	for i, tt := range cases {
		markers[i] = filepath.Join(t.TempDir(), "starts")
		runs[i] = append([]string{"run", "codebreaker", "-v", "--timeout", "1s", "--run", "Every secret of a small game/row 2$|The breaker plays the game's codes only", "--",
			impl, "-kata", "codebreaker", "-starts", markers[i]}, tt.args...)
	}
	results := concurrently(runs)
	for i, tt := range cases {
		t.Run(tt.name, func(t *testing.T) {
			r := results[i]
			assert.Equal(t, 1, r.status, r.out+r.errOut)
			assert.Contains(t, r.out, "Every secret of a small game, row 2 (codebreaker.feature:31)", "the scenario that met it fails")
			assert.Contains(t, r.out, tt.want)
			assert.Contains(t, r.out, "codebreaker: ", "the run goes on to its end")
			assert.Less(t, len(r.out), 12000, "what a failure shows is bounded")
			assert.Empty(t, running(t, markers[i]), "no process of the breaker's is left")
		})
	}
}

// TestTheRightBreakersInEveryLanguage: the starting points' right breakers, Knuth's minimax in
// Python and in JavaScript, pass every scenario but the optimum's and score Knuth's 5,801;
// with one fault each they fail the scenario that meets it, saying what the breaker did.
func TestTheRightBreakersInEveryLanguage(t *testing.T) {
	t.Parallel()
	for _, s := range starters {
		t.Run(s.lang, func(t *testing.T) {
			t.Parallel()
			bin := interpreter(t, s.interpreter)
			dir := t.TempDir()
			_, errOut, status := kataCmd("init", "codebreaker", "--lang", s.lang, dir)
			require.Zero(t, status, errOut)
			solution, err := os.ReadFile(filepath.Join("testdata", "solutions", s.lang, "codebreaker."+s.ext))
			require.NoError(t, err)
			code, adapter := filepath.Join(dir, "codebreaker."+s.ext), filepath.Join(dir, s.adapter)
			require.NoError(t, os.WriteFile(code, solution, 0o644))
			// A breaker that works out its decisions takes seconds for the first of them.
			out, errOut, status := kataCmd("run", "codebreaker", "--timeout", "30s", "--tags", "~@optimal", "--", bin, adapter)
			assert.Zero(t, status, out+errOut)
			assert.Equal(t, "codebreaker: all 12 scenarios passed\n"+knuthGrade, out)

			// Each fault, written into the right breaker, as a practitioner might.
			faults := map[string]map[string][2]string{
				"python": {
					"repeats a guess":  {"        self.last = self.rules.decided[self.history]\n", "        self.last = self.rules.decided[()]\n"},
					"crashes mid-game": {"    def feedback(self, black, white, grade):\n", "    def feedback(self, black, white, grade):\n        if self.history:\n            raise RuntimeError(\"the breaker's bug\")\n"},
					"hangs":            {"    def guess(self):\n", "    def guess(self):\n        while self.history:\n            pass\n"},
				},
				"javascript": {
					"repeats a guess":  {"    this.last = this.rules.decided.get(this.history);\n", "    this.last = this.rules.decided.get(\"\");\n"},
					"crashes mid-game": {"  feedback(black, white, grade) {\n", "  feedback(black, white, grade) {\n    if (this.history) throw new TypeError(\"the breaker's bug\");\n"},
					"hangs":            {"  guess() {\n", "  guess() {\n    while (this.history) {}\n"},
				},
			}[s.lang]
			says := map[string]string{"repeats a guess": "a guess scores the same each time", "crashes mid-game": "the breaker's bug", "hangs": "did not write its reply"}
			for name, edit := range faults {
				broken := strings.Replace(string(solution), edit[0], edit[1], 1)
				require.NotEqual(t, string(solution), broken, "%s: the fault is written", name)
				require.NoError(t, os.WriteFile(code, []byte(broken), 0o644))
				out, _, status := kataCmd("run", "codebreaker", "-v", "--timeout", "2s", "--run", "Every secret of a small game/row 2$|Every secret of a small game/row 3$", "--", bin, adapter)
				assert.Equal(t, 1, status, "%s: %s", name, out)
				assert.Contains(t, out, "codebreaker: 0 of 2 scenarios passed, 2 failed:", "%s: each scenario meets it, the run going on", name)
				assert.Contains(t, out, says[name], name)
			}
			// The adapter, broken: a reply out of turn, and a guess after a win.
			require.NoError(t, os.WriteFile(code, solution, 0o644))
			original, err := os.ReadFile(adapter)
			require.NoError(t, err)
			adapterFaults := map[string]map[string][2]string{
				"python": {
					"out of turn": {`            replies.append(json.dumps(answer(request)) + "\n")`, `            replies.insert(0, json.dumps(answer(request)) + "\n")`},
					"after a win": {`            breaker.feedback(request["black"], request["white"], request["grade"])`, `            breaker.feedback(request["black"], request["white"], request["grade"])
            if request["grade"] == "won":
                reply["guess"] = [1, 1]`},
				},
				"javascript": {
					"out of turn": {`      replies.push(JSON.stringify(answer(JSON.parse(line))) + "\n");`, `      replies.unshift(JSON.stringify(answer(JSON.parse(line))) + "\n");`},
					"after a win": {`      breaker.feedback(request.black, request.white, request.grade);`, `      breaker.feedback(request.black, request.white, request.grade);
      if (request.grade === "won") reply.guess = [1, 1];`},
				},
			}[s.lang]
			adapterSays := map[string]string{"out of turn": "the program replied to request", "after a win": "it replied with a guess, after the game was won"}
			for name, edit := range adapterFaults {
				broken := strings.Replace(string(original), edit[0], edit[1], 1)
				require.NotEqual(t, string(original), broken, "%s: the fault is written", name)
				require.NoError(t, os.WriteFile(adapter, []byte(broken), 0o644))
				out, _, status := kataCmd("run", "codebreaker", "-v", "--timeout", "2s", "--run", "Every secret of a small game/row 2$|Every secret of a small game/row 3$", "--", bin, adapter)
				assert.Equal(t, 1, status, "%s: %s", name, out)
				assert.Contains(t, out, adapterSays[name], "%s: %s", name, out)
			}
		})
	}
}

// BenchmarkEveryClassicSecret: the classic game's 1,296 secrets played, the scenario of every
// classic secret, through a breaker that answers at once — Knuth's whole tree looked up, in a
// Go program and in Python — so that what it measures is the runner's own cost, a guess at a
// time (µs/guess: 5,801 guesses, and as many feedbacks, a run).
func BenchmarkEveryClassicSecret(b *testing.B) {
	tree, err := knuthsTree()
	if err != nil {
		b.Fatal(err)
	}
	dir := b.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "tree.json"), []byte(strings.ReplaceAll(strings.TrimSuffix(strings.TrimSpace(strings.TrimSuffix(tree, "}")), ",")+"\n}", "    ", "  ")), 0o644); err != nil {
		b.Fatal(err)
	}
	if _, errOut, status := kataCmd("init", "codebreaker", "--lang", "python", dir); status != 0 {
		b.Fatal(errOut)
	}
	lookup := "\"\"\"A breaker that answers at once: Knuth's whole tree, looked up.\"\"\"\nTREE = " + tree + `


class Breaker:
    def __init__(self, colors, width, turns):
        self.path = ""

    def guess(self):
        return TREE[self.path]

    def feedback(self, black, white, grade):
        self.path += "%d%d," % (black, white)
`
	if err := os.WriteFile(filepath.Join(dir, "codebreaker.py"), []byte(lookup), 0o644); err != nil {
		b.Fatal(err)
	}
	for _, tt := range []struct {
		name string
		argv []string
	}{
		{"go", []string{impl, "-kata", "codebreaker", "-tree", filepath.Join(dir, "tree.json")}},
		{"python", []string{interpreter(b, "python3"), filepath.Join(dir, "adapter.py")}},
	} {
		b.Run(tt.name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if out, _, status := kataCmd(append([]string{"run", "codebreaker", "--run", "Every classic secret"}, append([]string{"--"}, tt.argv...)...)...); status != 0 {
					b.Fatal(out)
				}
			}
			b.ReportMetric(float64(b.Elapsed().Microseconds())/float64(b.N)/5801, "µs/guess")
		})
	}
}

// knuthsTree is Knuth's guess after every run of feedback a classic game can meet, as a Python
// dictionary and as JSON: the feedback so far, "11,20," for B W then B B, and the guess.
func knuthsTree() (string, error) {
	r := mastermind.Classic()
	tree := map[string][]int{}
	var walk func(path string, board []mastermind.Turn, left []mastermind.Code) error
	walk = func(path string, board []mastermind.Turn, left []mastermind.Code) error {
		sv, err := solver.New(r, solver.Knuth)
		if err != nil {
			return err
		}
		for _, t := range board {
			if err := sv.Record(t.Guess, t.Feedback); err != nil {
				return err
			}
		}
		guess, err := sv.Next()
		if err != nil {
			return err
		}
		pegs := make([]int, len(guess))
		for i, c := range guess {
			pegs[i] = int(c)
		}
		tree[path] = pegs
		parts := map[mastermind.Feedback][]mastermind.Code{}
		for _, c := range left {
			fb, _ := mastermind.Score(c, guess)
			parts[fb] = append(parts[fb], c)
		}
		for fb, part := range parts {
			if fb.Black == r.Width {
				continue
			}
			next := append(slices.Clone(board), mastermind.Turn{Guess: guess, Feedback: fb})
			if err := walk(path+fmt.Sprintf("%d%d,", fb.Black, fb.White), next, part); err != nil {
				return err
			}
		}
		return nil
	}
	var all []mastermind.Code
	for i := range 1296 {
		c := make(mastermind.Code, 4)
		for j, k := 3, i; j >= 0; j, k = j-1, k/6 {
			c[j] = mastermind.Color(k%6 + 1)
		}
		all = append(all, c)
	}
	if err := walk("", nil, all); err != nil {
		return "", err
	}
	var b strings.Builder
	b.WriteString("{\n")
	for _, path := range slices.Sorted(maps.Keys(tree)) {
		fmt.Fprintf(&b, "    %q: %s,\n", path, strings.ReplaceAll(fmt.Sprint(tree[path]), " ", ", "))
	}
	b.WriteString("}")
	return b.String(), nil
}
