package main

import (
	"bytes"
	"fmt"
	"io"
	"maps"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/deliberate-practice/katas/internal/brief"
	"github.com/deliberate-practice/katas/internal/journal"
	"github.com/deliberate-practice/katas/internal/verdict"
	"github.com/deliberate-practice/katas/mastermind"
	"github.com/deliberate-practice/katas/mastermind/solver"
)

// knuthGrade is the screen's lines that grade a breaker of Knuth's strategy.
const knuthGrade = "Graded: 5,801 guesses, 4.476 a game, 5 at worst; Knuth 5,801, the optimum 5,625\n" +
	"Level reached: @knuth. Next, @optimal: 176 guesses to save, for 5,625 in all.\n"

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
	assert.Equal(t, "codebreaker: all 13 scenarios passed\nGraded: 5,625 guesses, 4.340 a game, 6 at worst; Knuth 5,801, the optimum 5,625\n"+
		"Level reached: @optimal, the highest: no breaker takes fewer guesses.\n", optimal.out)

	assert.Equal(t, 1, knuth.status)
	assert.Equal(t, []string{"The optimum (codebreaker.feature:70)"}, failed(knuth.out))
	assert.Contains(t, knuth.out, "5,801 guesses in all, 176 more than 5,625")
	assert.Contains(t, knuth.out, knuthGrade)

	assert.Equal(t, 1, first.status)
	assert.Equal(t, []string{"Knuth's level (codebreaker.feature:64)", "The optimum (codebreaker.feature:70)"}, failed(first.out))
	assert.Contains(t, first.out, "7,471 guesses in all, 1,670 more than 5,801; the first secret that took more guesses than Knuth's strategy takes is")
	assert.Contains(t, first.out, "Graded: 7,471 guesses, 5.765 a game, 9 at worst")
	assert.Contains(t, first.out, "Level reached: @classic. Next, @knuth: 1,670 guesses to save, for 5,801 in all.")
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
			assert.Contains(t, r.out, "Every secret of a small game, row 2 (codebreaker.feature:33)", "the scenario that met it fails")
			assert.Contains(t, r.out, tt.want)
			assert.Contains(t, r.out, "codebreaker: ", "the run goes on to its end")
			assert.Less(t, len(r.out), 12000, "what a failure shows is bounded")
			assert.Empty(t, running(t, markers[i]), "no process of the breaker's is left")
		})
	}
}

// TestTheRightBreakersInEveryLanguage: the starting points' right breakers, Knuth's minimax in
// each language, pass every scenario but the optimum's and score Knuth's 5,801; with one fault
// each they fail the scenario that meets it, saying what the breaker did.
func TestTheRightBreakersInEveryLanguage(t *testing.T) {
	t.Parallel()
	for _, s := range starters {
		t.Run(s.lang, func(t *testing.T) {
			t.Parallel()
			if testing.Short() && !s.scripted() {
				t.Skip("-short: the runner's side of a breaker is the same in every language, and Python's and JavaScript's check it; the plain pass runs this one")
			}
			bin := interpreter(t, s.interpreter)
			dir := t.TempDir()
			_, errOut, status := kataCmd("init", "codebreaker", "--lang", s.lang, dir)
			require.Zero(t, status, errOut)
			code, solution := s.solve(t, dir, "codebreaker")
			adapter := filepath.Join(dir, s.adapter)
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
				"elixir": {
					"repeats a guess":  {"        %{^history => g} -> g\n", "        %{[] => g} -> g\n"},
					"crashes mid-game": {"  def feedback(breaker, black, white, :continue) do\n", "  def feedback(breaker, black, white, :continue) do\n    if breaker.history != [], do: raise(\"the breaker's bug\")\n"},
					"hangs":            {"  def guess(breaker) do\n", "  def guess(breaker) do\n    if breaker.history != [], do: Process.sleep(:infinity)\n"},
				},
				"java": {
					"repeats a guess":  {"rules.decided.computeIfAbsent(history, ", "rules.decided.computeIfAbsent(\"\", "},
					"crashes mid-game": {"    void feedback(int black, int white, Grade grade) {\n", "    void feedback(int black, int white, Grade grade) {\n        if (!history.isEmpty()) {\n            throw new IllegalStateException(\"the breaker's bug\");\n        }\n"},
					"hangs":            {"    int[] guess() {\n", "    int[] guess() {\n        while (!history.isEmpty()) {\n        }\n"},
				},
			}[s.lang]
			require.Len(t, faults, 3, "the faults written into the %s breaker", s.lang)
			// A JVM or a BEAM compiles the code before it greets: under the tests' load, in
			// seconds.
			limit := map[bool]string{true: "2s", false: "10s"}[s.scripted()]
			// That the run goes on past a broken game, Python's and JavaScript's show; in
			// Elixir and Java, whose starts cost seconds, one game shows what the adapter says.
			rows, ran := "Every secret of a small game/row 2$|Every secret of a small game/row 3$", "codebreaker: 0 of 2 scenarios passed, 2 failed:"
			if !s.scripted() {
				rows, ran = "Every secret of a small game/row 2$", "codebreaker: 0 of 1 scenario passed, 1 failed:"
			}
			says := map[string]string{"repeats a guess": "a guess scores the same each time", "crashes mid-game": "the breaker's bug", "hangs": "did not write its reply"}
			for name, edit := range faults {
				broken := strings.Replace(solution, edit[0], edit[1], 1)
				require.NotEqual(t, solution, broken, "%s: the fault is written", name)
				require.NoError(t, os.WriteFile(code, []byte(broken), 0o644))
				out, _, status := kataCmd("run", "codebreaker", "-v", "--timeout", limit, "--run", rows, "--", bin, adapter)
				assert.Equal(t, 1, status, "%s: %s", name, out)
				assert.Contains(t, out, ran, "%s: each scenario meets it, the run going on", name)
				assert.Contains(t, out, says[name], name)
			}
			// The adapter, broken: a reply out of turn, and a guess after a win.
			require.NoError(t, os.WriteFile(code, []byte(solution), 0o644))
			original, err := os.ReadFile(adapter)
			require.NoError(t, err)
			adapterFaults := map[string]map[string][2]string{
				"python": {
					"out of turn": {`    sys.stdout.write("".join(replies))`, `    sys.stdout.write("".join(reversed(replies)))`},
					"after a win": {`            breaker.feedback(request["black"], request["white"], request["grade"])`, `            breaker.feedback(request["black"], request["white"], request["grade"])
            if request["grade"] == "won":
                reply["guess"] = [1, 1]`},
				},
				"javascript": {
					"out of turn": {`  process.stdout.write(replies.join(""));`, `  process.stdout.write(replies.reverse().join(""));`},
					"after a win": {`      breaker.feedback(request.black, request.white, request.grade);`, `      breaker.feedback(request.black, request.white, request.grade);
      if (request.grade === "won") reply.guess = [1, 1];`},
				},
			}[s.lang] // the runner's checks of an adapter are the same in every language
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

// TestCheatsEarnNoLevel: a breaker that takes a game's number for its secret's place, or the
// order of the new requests for the secrets' order, and never learns, breaks next to no
// secret: the code maker deals them in an order of the run's seed.
func TestCheatsEarnNoLevel(t *testing.T) {
	t.Parallel()
	if testing.Short() {
		t.Skip("-short: two plays of 15,552 guesses that never learn, judged for luck, which takes long under the race detector; the plain pass runs it")
	}
	runs := concurrently([][]string{
		{"run", "codebreaker", "--tags", "@classic,@knuth,@optimal", "--", impl, "-kata", "codebreaker", "-misbehave", "cheat-number"},
		{"run", "codebreaker", "--tags", "@classic,@knuth,@optimal", "--", impl, "-kata", "codebreaker", "-misbehave", "cheat-order"},
	})
	for i, name := range []string{"by number", "by order"} {
		r := runs[i]
		assert.Equal(t, 1, r.status, "%s: %s", name, r.out)
		assert.True(t, strings.HasPrefix(r.out, "codebreaker: 0 of 3 scenarios passed, 3 failed\n"), "%s: %s", name, r.out)
		assert.Contains(t, r.out, "Level reached: none yet", name)
	}
}

// TestASeedReplaysTheDeal: the command that runs a failure again gives the run's seed, and
// the same seed deals the same secrets to the same games: a run of a breaker that cheats by
// number shows the same failure again, and another seed another. A replay's grade is kept as
// no mark, for its seed was on the command line, where the program could read it too.
func TestASeedReplaysTheDeal(t *testing.T) {
	t.Parallel()
	if testing.Short() {
		t.Skip("-short: six runs, two of every classic secret, which take long under the race detector; the plain pass runs it")
	}
	const small = "Every secret of a small game/row 4$" // 27 secrets of 3 colours and 3 pegs
	cheat := []string{"--", impl, "-kata", "codebreaker", "-misbehave", "cheat-number"}
	first, _, _ := kataCmd(append([]string{"run", "codebreaker", "--run", small}, cheat...)...)
	_, rerun, ok := strings.Cut(first, "Run it alone: kata run codebreaker --seed=")
	require.True(t, ok, "the command to run it again gives the seed: %s", first)
	seed, _, _ := strings.Cut(rerun, " ")
	runs := concurrently([][]string{
		append([]string{"run", "codebreaker", "--seed", seed, "--run", small}, cheat...),
		append([]string{"run", "codebreaker", "--run", small, "--seed=" + seed}, cheat...),
		append([]string{"run", "codebreaker", "--seed", "1", "--run", small}, cheat...),
		append([]string{"run", "codebreaker", "--seed", "2", "--run", small}, cheat...),
	})
	story := func(out string) string { // the first secret missed, and its game
		_, s, _ := strings.Cut(out, "not broken within 5 attempts; the first, ")
		s, _, _ = strings.Cut(s, "\n")
		return s
	}
	require.NotEmpty(t, story(first), first)
	assert.Equal(t, story(first), story(runs[0].out), "the seed deals the same")
	assert.Equal(t, story(first), story(runs[1].out))
	assert.NotEqual(t, story(runs[2].out), story(runs[3].out), "another seed, another deal")

	dir := t.TempDir()
	c := cli{ctx: t.Context(), stdout: io.Discard, stderr: io.Discard, self: "kata", dir: dir, now: time.Now, katas: known()}
	knuth := []string{"--", impl, "-kata", "codebreaker", "-strategy", "knuth"}
	c.run(append([]string{"run", "codebreaker", "--tags", "@classic"}, knuth...))
	var out bytes.Buffer
	c.stdout = &out
	c.run(append([]string{"run", "codebreaker", "--tags", "@classic", "--seed", "5"}, knuth...))
	assert.Contains(t, out.String(), "A replay: its seed was given, where the program could read it too, so its mark is not kept.")
	entries, err := journal.Read(dir)
	require.NoError(t, err)
	require.Len(t, entries, 2)
	require.NotNil(t, entries[0].Mark, "a run's mark is kept")
	assert.Equal(t, verdict.Mark{Total: 5801, Worst: 5, Games: 1296}, *entries[0].Mark)
	assert.Nil(t, entries[1].Mark, "a replay's is not")
}

// TestACrashNamesItsGame: a breaker that crashes deep in one game — and, exiting at once,
// loses the replies it had not flushed — fails naming that game: its number, its secret, its
// guesses and feedback so far, and the row that plays it again. The runner finds it by
// playing the games again one at a time.
func TestACrashNamesItsGame(t *testing.T) {
	t.Parallel()
	var runs [][]string
	for seed := range 2 {
		runs = append(runs, []string{"run", "codebreaker", "--seed", fmt.Sprint(seed + 1), "--tags", "@classic", "--",
			impl, "-kata", "codebreaker", "-strategy", "knuth", "-misbehave", "crash-deep"})
	}
	for i, r := range concurrently(runs) {
		assert.Equal(t, 1, r.status, r.out)
		// The game the program says it crashed in, and the game the failure names.
		m := regexp.MustCompile(`impl: crashing in game (\d+), told B W first`).FindStringSubmatch(r.out)
		require.Len(t, m, 2, "seed %d: %s", i+1, r.out)
		assert.Contains(t, r.out, "      game "+m[1]+" of 6 colours, 4 pegs and 12 turns, secret ", "seed %d: %s", i+1, r.out)
		assert.Regexp(t, `\n      Game `+m[1]+` so far: 1 1 2 2 → B W, 1 1 3 4 → [BW ]+\n      To play it again, a row of the outline of games to play again: \| 6 \| 4 \| 12 \| \d \d \d \d \| 12 \|`, r.out, "seed %d", i+1)
	}
}

// TestAGuessOfTextSaysSo: a guess written as text, ["1", "1", "2", "2"], is named as the
// reply's guess that is no list of whole numbers, not as a reply without one.
func TestAGuessOfTextSaysSo(t *testing.T) {
	t.Parallel()
	out, _, status := kataCmd("run", "codebreaker", "--run", "One colour", "--", impl, "-kata", "codebreaker", "-misbehave", "string-guess")
	assert.Equal(t, 1, status, out)
	assert.Contains(t, out, `replied to guess with "guess": "[\"1\",\"1\",\"2\",\"2\"]", where a guess is a list of colours, whole numbers such as [1, 1, 2, 2]`)
}

// TestASlowSteadyBreakerPasses: a breaker that takes its time over each guess, behind the
// starting point's adapter, which writes the replies it has made at least every tenth of a
// second, passes at a limit shorter than a round of its guesses takes: the limit is on the
// wait for each reply. The same breaker behind the adapter as it was, which answered every
// request it had read before it wrote a reply, falls silent for the whole round, and its
// failure says what was in flight, and how to give it more time.
func TestASlowSteadyBreakerPasses(t *testing.T) {
	t.Parallel()
	python := interpreter(t, "python3")
	dir := t.TempDir()
	_, errOut, status := kataCmd("init", "codebreaker", "--lang", "python", dir)
	require.Zero(t, status, errOut)
	solution, err := os.ReadFile(filepath.Join("testdata", "solutions", "python", "codebreaker.py"))
	require.NoError(t, err)
	slow := strings.Replace(string(solution), "    def guess(self):\n", "    def guess(self):\n        time.sleep(0.04)\n", 1)
	require.NotEqual(t, string(solution), slow)
	require.NoError(t, os.WriteFile(filepath.Join(dir, "codebreaker.py"), []byte("import time\n"+slow), 0o644))
	adapter, err := os.ReadFile(filepath.Join(dir, "adapter.py"))
	require.NoError(t, err)
	// The adapter as it was: every reply of the requests read at once, written at the end.
	batching := strings.Replace(string(adapter), "            if time.monotonic() - sent > 0.1:\n                sent = send(replies)\n", "", 1)
	require.NotEqual(t, string(adapter), batching)
	require.NoError(t, os.WriteFile(filepath.Join(dir, "batching.py"), []byte(batching), 0o644))

	// 64 games, 32 a round, a round taking 1.3 s: more than the limit, each guess far less.
	only := []string{"run", "codebreaker", "--timeout", "1s", "--run", "The breaker plays the game's codes only"}
	runs := concurrently([][]string{
		append(only, "--", python, filepath.Join(dir, "adapter.py")),
		append(only, "--", python, filepath.Join(dir, "batching.py")),
	})
	steady, batched := runs[0], runs[1]
	assert.Zero(t, steady.status, steady.out+steady.errOut)
	assert.Equal(t, 1, batched.status, batched.out)
	assert.Contains(t, batched.out, "128 requests were in flight (round 1 of 64 games), 0 of them answered")
	assert.Contains(t, batched.out, "give more time with --timeout")
	assert.Contains(t, batched.out, "game ", "the game waited on")
}

// BenchmarkCodeBreakerAgainstItsOwnLoop: a full run of the code breaker through a breaker in
// Python and in JavaScript — the right solution, Knuth's minimax, and the breaker people write
// first, the first code still possible — beside the breaker's own loop over the same 1,296
// secrets (testdata/selfplay), which scores its guesses itself, with no runner between: the
// two alternate, and it reports their times and the ratio (×own). The run plays the classic
// game once for its three levels, besides its small games, and fails the levels the breaker
// does not reach.
func BenchmarkCodeBreakerAgainstItsOwnLoop(b *testing.B) {
	for _, s := range scripted {
		for _, breaker := range []struct{ name, file string }{
			{"knuth", filepath.Join("testdata", "solutions", s.lang, "codebreaker."+s.ext)},
			{"first", filepath.Join("testdata", "breakers", "first."+s.ext)},
		} {
			b.Run(s.lang+"/"+breaker.name, func(b *testing.B) {
				if testing.Short() && (s.lang != "javascript" || breaker.name != "knuth") {
					b.Skip("-short: one language and breaker keeps the benchmark from rotting; the full set measures")
				}
				bin := interpreter(b, s.interpreter)
				dir := b.TempDir()
				if _, errOut, status := kataCmd("init", "codebreaker", "--lang", s.lang, dir); status != 0 {
					b.Fatal(errOut)
				}
				code, err := os.ReadFile(breaker.file)
				if err != nil {
					b.Fatal(err)
				}
				if err := os.WriteFile(filepath.Join(dir, "codebreaker."+s.ext), code, 0o644); err != nil {
					b.Fatal(err)
				}
				selfplay, err := filepath.Abs(filepath.Join("testdata", "selfplay", map[string]string{"python": "selfplay.py", "javascript": "selfplay.mjs"}[s.lang]))
				if err != nil {
					b.Fatal(err)
				}
				c := cli{ctx: b.Context(), stdout: io.Discard, stderr: io.Discard, self: "kata", dir: dir, now: time.Now, katas: known()}
				var run, own time.Duration
				b.ReportAllocs()
				for b.Loop() {
					t0 := time.Now()
					var out bytes.Buffer
					c.stdout = &out
					if status := c.run([]string{"run", "codebreaker", "--timeout", "30s", "--", bin, s.adapter}); status > 1 || !strings.Contains(out.String(), "\nGraded: ") {
						b.Fatalf("status %d:\n%s", status, out.String())
					}
					t1 := time.Now()
					self := exec.Command(bin, selfplay)
					self.Dir = dir
					total, err := self.Output()
					if err != nil || !strings.Contains(out.String(), "Graded: "+humanize(strings.TrimSpace(string(total)))+" guesses") {
						b.Fatalf("the own loop: %v: %q, where the run graded:\n%s", err, total, out.String())
					}
					run, own = run+t1.Sub(t0), own+time.Since(t1)
				}
				b.ReportMetric(run.Seconds()/float64(b.N), "s/run")
				b.ReportMetric(own.Seconds()/float64(b.N), "s/own")
				b.ReportMetric(float64(run)/float64(own), "×own")
			})
		}
	}
}

// humanize writes a whole number's digits with a comma between thousands: "5801" is "5,801".
func humanize(digits string) string {
	n := 0
	for _, d := range digits {
		n = n*10 + int(d-'0')
	}
	return brief.Thousands(n)
}
