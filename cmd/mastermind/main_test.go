package main

import (
	"bytes"
	"errors"
	"os"
	"regexp"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/deliberate-practice/katas/cmd/internal/cmdtest"
	"github.com/deliberate-practice/katas/mastermind"
	"github.com/deliberate-practice/katas/mastermind/solver"
)

// play runs the program in-process with input and args, colour off.
func play(input string, args ...string) (out, errOut string, status int) {
	var o, e bytes.Buffer
	status = run(args, strings.NewReader(input), &o, &e, false)
	return o.String(), e.String(), status
}

// TestGames plays whole games in-process: input lines in, what the player sees out.
func TestGames(t *testing.T) {
	tests := []struct {
		name   string
		args   []string
		input  string
		want   []string // each in the output
		absent []string // none in the output
	}{
		{"a win", []string{"-secret", "Red Green Blue Yellow"}, "1 1 2 2\nred green blue yellow\n", []string{
			"  1  Red      Red      Green    Green   | B W\n",
			"11 turns left.",
			"  2  Red      Green    Blue     Yellow  | B B B B\n",
			"You broke the code in 2 guesses! The secret was Red Green Blue Yellow.",
		}, nil},
		{"a loss", []string{"-secret", "R G B Y", "-turns", "3"}, "PPPP\nPPPP\nPPPP\n", []string{
			"  3  Purple   Purple   Purple   Purple  | -\n",
			"Out of turns: you lose. The secret was Red Green Blue Yellow.",
		}, nil},
		{"bad input costs no turn", []string{"-secret", "RGBY"}, "red pink blue yellow\n1 2 3\n7 7 7 7\n\nRGBQ\ncyan red red red\nrgby\n", []string{
			`Not a guess: peg 2: "pink" is not a colour; colours are Red (R, 1), Green (G, 2), Blue (B, 3), Yellow (Y, 4), Purple (P, 5), Orange (O, 6). Try again.`,
			"Not a guess: 3 pegs, want 4. Try again.",
			`Not a guess: peg 1: "7" is not a colour of this game; colours are Red (R, 1)`,
			"Not a guess: type a guess, hint, help or quit. Try again.",
			`Not a guess: peg 4: "Q" is not a colour; colours are Red (R, 1)`,
			`Not a guess: peg 1: "cyan" is not a colour of this game;`,
			"You broke the code in 1 guess!",
		}, nil},
		{"hint", []string{"-secret", "Blue Red Yellow Red"}, "hint\n1122\nhint\nquit\n", []string{
			"1296 possible secrets remain. The solver (Knuth) would guess Red Red Green Green.",
			"208 possible secrets remain. The solver (Knuth) would guess Red Red Blue Yellow.",
		}, nil},
		{"quit", []string{"-secret", "Red Green Blue Yellow"}, "quit\nRGBY\n", []string{
			"You gave up. The secret was Red Green Blue Yellow.",
		}, []string{"B B B B"}},
		{"end of input", []string{"-seed", "42"}, "RRGG\n", []string{
			"Seed 42 (replay this game with -seed 42).",
			"End of input. The secret was ",
		}, nil},
		{"other rules", []string{"-colors", "8", "-width", "5", "-turns", "10", "-secret", "4 5 6 7 8"}, "8 7 6 5 4\nhint\nquit\n", []string{
			"break a secret of 5 pegs from 8 colours in 10 turns",
			"  1  Magenta  Cyan     Orange   Purple   Yellow  | B W W W W\n",
			"The solver (Knuth) would guess",
		}, nil},
		{"help, at the game's width", []string{"-colors", "8", "-width", "5", "-secret", "12345"}, "help\nquit\n", []string{
			"Guess 5 pegs: colour names (red green blue yellow purple), initials (R G B Y P or RGBYP) or numbers (1 2 3 4 5).",
			"Key pegs: B for a right colour in the right place, W for a right colour in the wrong place, - for none.",
		}, nil},
		{"help with many colours", []string{"-colors", "12", "-width", "3", "-secret", "10 11 12"}, "help\n12 11 10\nquit\n", []string{
			"Guess 3 pegs: colour names (red green blue) or numbers (1 2 3).",
			"  1  12       11       10      | B W W\n",
		}, nil},
		{"a line too long", []string{"-secret", "RGBY"}, "R G B Y" + strings.Repeat(" ", 70<<10) + "\nRGBY\n", []string{
			"Not a guess: a line of 71687 bytes, more than the 4096 a line may have. Try again.",
			"You broke the code in 1 guess!",
		}, nil},
		{"the computer breaks your code", []string{"-role", "maker"}, "B W\nB W W W\nB B W W\nB B B B\n", []string{
			"Guess 1: Red Red Green Green",
			"208 possible secrets left.",
			"I broke your code in 4 guesses.",
		}, nil},
		{"answers as counts, and bad answers", []string{"-role", "maker"}, "0 0\n- \n3 1\nB X\n\nnone\nquit\n", []string{
			"256 possible secrets left.\nGuess 2: Blue Blue Yellow Purple",
			"1 possible secret left.\nGuess 3: Orange Orange Orange Orange",
			"No pegs contradicts your answer to guess 1 (Red Red Green Green: no pegs), or to guess 2 (Blue Blue Yellow Purple: no pegs): no secret fits them all.",
			"3 black and 1 white cannot happen: the last peg would be black too. Answer again.",
			`"B X": answer with key pegs ("B B W"), "-" for none, or counts ("2 1": two black, one white). Answer again.`,
			"You stopped the game.",
		}, nil},
		{"the winning answer must fit the others", []string{"-role", "maker"}, "B W\nB B B B\nquit\n", []string{
			`"B B B B" contradicts your answer to guess 1 (Red Red Green Green: "B W"): no secret fits them all.`,
		}, []string{"I broke your code"}},
		{"counts no int can add up", []string{"-role", "maker"}, "9223372036854775807 6\n-9223372036854775808 0\nquit\n", []string{
			"9223372036854775807 black and 6 white: more than 4 key pegs. Answer again.",
			"-9223372036854775808 black and 0 white: counts cannot be negative. Answer again.",
		}, []string{"possible secrets left"}},
		{"undo", []string{"-role", "maker"}, "undo\n-\n-\n-\nundo\nundo\nB W\nquit\n", []string{
			"Nothing to undo: you have not answered yet.",
			"No pegs contradicts your answer to guess 1 (Red Red Green Green: no pegs), or to guess 2",
			"Took back your answer to guess 2 (Blue Blue Yellow Purple: no pegs).\nGuess 2: Blue Blue Yellow Purple",
			"Took back your answer to guess 1 (Red Red Green Green: no pegs).\nGuess 1: Red Red Green Green",
			"208 possible secrets left.",
		}, nil},
		{"the optimal strategy breaks your code", []string{"-role", "maker", "-strategy", "optimal"}, "B W\nB W W W\nB B W W\nB B B B\nquit\n", []string{
			"Guess 1: Red Red Green Blue",
		}, nil},
		{"optimal hints", []string{"-secret", "Blue Red Yellow Red", "-strategy", "OptimalWithin(5)"}, "hint\nquit\n", []string{
			"1296 possible secrets remain. The solver (OptimalWithin(5)) would guess Red Red Green Blue.",
		}, nil},
		{"help when the computer breaks", []string{"-role", "maker", "-width", "5", "-colors", "8"}, "help\nquit\n", []string{
			`with 5 pegs, "B B B B B" means I broke your code.`,
			`"undo" takes back your last answer; "quit" ends the game.`,
		}, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			out, errOut, status := play(tt.input, tt.args...)
			assert.Equal(t, 0, status, errOut)
			for _, w := range tt.want {
				assert.Contains(t, out, w)
			}
			for _, a := range tt.absent {
				assert.NotContains(t, out, a)
			}
		})
	}
}

func TestSeedReplaysAGame(t *testing.T) {
	a, _, _ := play("RRGG\n", "-seed", "42")
	b, _, _ := play("RRGG\n", "-seed", "42")
	assert.Equal(t, a, b)
}

func TestFlags(t *testing.T) {
	tests := []struct {
		args   []string
		status int
		msg    string
	}{
		{[]string{"-help"}, 0, "Exit status: 0 when a game ends (won, lost, quit or end of input) or for -help;\n1 when the input cannot be read; 2 for bad flags."},
		{[]string{"-colors", "0"}, 2, "mastermind: -colors 0: want 1 to 255\n"},
		{[]string{"-width", "50"}, 2, "mastermind: -width 50: want 1 to 20\n"},
		{[]string{"-width", "21"}, 2, "mastermind: -width 21: want 1 to 20\n"},
		{[]string{"-width", "0"}, 2, "mastermind: -width 0: want 1 to 20\n"},
		{[]string{"-turns", "101"}, 2, "mastermind: -turns 101: want 1 to 100\n"},
		{[]string{"-secret", "RGBY", "-seed", "3"}, 2, "mastermind: -seed draws a random secret and -secret gives one: use one or the other\n"},
		{[]string{"-strategy", "OptimalWithin(4)"}, 2, "mastermind: -strategy OptimalWithin(4): no strategy breaks every secret of this game within 4 guesses\n"},
		{[]string{"-role", "judge"}, 2, `mastermind: -role "judge": want "breaker" or "maker"`},
		{[]string{"-seed", "x"}, 2, `mastermind: -seed "x": want a whole number from 0 to 18446744073709551615`},
		{[]string{"-seed", "12abc"}, 2, `mastermind: -seed "12abc": want a whole number`},
		{[]string{"-seed", "1e3"}, 2, `mastermind: -seed "1e3": want a whole number`},
		{[]string{"-seed", "-1"}, 2, `mastermind: -seed "-1": want a whole number`},
		{[]string{"-strategy", "random"}, 2, `solver: unknown strategy "random"; want Knuth, MostParts, Entropy, ExpectedSize, Optimal or OptimalWithin(N)` + "\n"},
		{[]string{"-secret", "R G B"}, 2, `mastermind: -secret "R G B": 3 pegs, want 4`},
		{[]string{"-secret", ""}, 2, `mastermind: -secret is empty; give a code such as "Red Green Blue Yellow", or leave -secret out for a random one`},
		{[]string{"-secret", "  "}, 2, `mastermind: -secret is empty`},
		{[]string{"extra"}, 2, `mastermind: unexpected argument "extra"; see -help`},
		{[]string{"-nope"}, 2, "flag provided but not defined: -nope"},
		{[]string{"-role", "maker", "-colors", "6", "-width", "7"}, 2, "game too large to solve"},
		{[]string{"-strategy", "Optimal", "-colors", "8"}, 2, "mastermind: -strategy Optimal searches the whole game, which grows quickly: it answers in seconds for games of at most 1296 codes but 10 pegs of 2 colours, and for 4 pegs of 7 colours, 3 of 11 or 12, 7 of 3; 8 colours of 4 pegs make 4096 codes"},
		{[]string{"-strategy", "Optimal", "-colors", "13", "-width", "3"}, 2, "mastermind: -strategy Optimal searches the whole game, which grows quickly: it answers in seconds for games of at most 1296 codes but 10 pegs of 2 colours, and for 4 pegs of 7 colours, 3 of 11 or 12, 7 of 3; 13 colours of 3 pegs make 2197 codes"},
		{[]string{"-strategy", "OptimalWithin(0)"}, 2, "unknown strategy"},
	}
	for _, tt := range tests {
		_, errOut, status := play("", tt.args...)
		assert.Equal(t, tt.status, status, "%q", tt.args)
		assert.Contains(t, errOut, tt.msg, "%q", tt.args)
	}
	out, _, status := play("quit\n", "-seed", "18446744073709551615")
	assert.Equal(t, 0, status)
	assert.Contains(t, out, "Seed 18446744073709551615 ")
}

func TestColours(t *testing.T) {
	var out, errOut bytes.Buffer
	status := run([]string{"-secret", "RGBY"}, strings.NewReader("RRGG\nPPPP\nhelp\nquit\n"), &out, &errOut, true)
	assert.Equal(t, 0, status)
	assert.Contains(t, out.String(), "\x1b[38;5;196m●\x1b[0m Red    ", "a red peg in colour on the board")
	assert.Contains(t, out.String(), "| ●○\n", "key pegs as dots")
	assert.Contains(t, out.String(), "| -\n", "no key pegs")
	assert.Contains(t, out.String(), "Key pegs: ● for a right colour in the right place, ○ for a right colour in the wrong place, - for none.",
		"help describes the pegs as the board draws them")
	plain, _, _ := play("RRGG\nquit\n", "-secret", "RGBY")
	assert.NotContains(t, plain, "\x1b[", "no colour codes when colour is off")
}

// failingReader returns some input, then an error that is not the end of input.
type failingReader struct{ data string }

func (r *failingReader) Read(p []byte) (int, error) {
	if r.data == "" {
		return 0, errors.New("disk on fire")
	}
	n := copy(p, r.data)
	r.data = r.data[n:]
	return n, nil
}

func TestReadErrorExitsNonZero(t *testing.T) {
	for _, role := range []string{"breaker", "maker"} {
		var out, errOut bytes.Buffer
		status := run([]string{"-role", role, "-seed", "1"}, &failingReader{"hint\n"}, &out, &errOut, false)
		assert.Equal(t, 1, status, role)
		assert.Equal(t, "mastermind: reading input: disk on fire\n", errOut.String(), role)
	}
}

// TestBinary is one game through the built program, as a user runs it.
func TestBinary(t *testing.T) {
	bin := cmdtest.Build(t)
	out, _, status := cmdtest.Run(t, bin, "RRGG\nRGBY\n", "-secret", "RGBY")
	assert.Equal(t, 0, status)
	assert.Contains(t, out, "You broke the code in 2 guesses!")
	_, errOut, status := cmdtest.Run(t, bin, "", "-colors", "0")
	assert.Equal(t, 2, status)
	assert.Contains(t, errOut, "want 1 to")
}

// TestDocsTranscript plays docs/library.md's game as the page shows it: the same flags and
// the same lines typed give the same screen.
func TestDocsTranscript(t *testing.T) {
	data, err := os.ReadFile("../../docs/library.md")
	require.NoError(t, err)
	const cmd = "$ go run ./cmd/mastermind "
	_, transcript, ok := strings.Cut(string(data), "```text\n"+cmd)
	require.True(t, ok, "docs/library.md shows no game of %q", cmd)
	transcript, _, _ = strings.Cut(transcript, "```")
	flags, screen, _ := strings.Cut(transcript, "\n")
	// What was typed follows each prompt; the program writes the prompt alone.
	prompt := regexp.MustCompile(`(?m)^(guess \d+ of \d+> )(.*)\n`)
	var input strings.Builder
	for _, m := range prompt.FindAllStringSubmatch(screen, -1) {
		input.WriteString(m[2] + "\n")
	}
	require.NotZero(t, input.Len(), "the game types nothing")
	out, errOut, status := play(input.String(), strings.Fields(flags)...)
	assert.Zero(t, status, errOut)
	assert.Equal(t, prompt.ReplaceAllString(screen, "$1"), out)
}

// TestMessagesReadNaturally: the messages of the smallest and the odd-sized games, and of a
// first answer no secret can give.
func TestMessagesReadNaturally(t *testing.T) {
	out, _, status := play("help\nquit\n", "-colors", "1", "-width", "1", "-turns", "1", "-seed", "1")
	assert.Zero(t, status)
	assert.Contains(t, out, "Mastermind: break a secret of 1 peg from 1 colour in 1 turn.\n")
	assert.Contains(t, out, "Guess 1 peg: colour names (red), initials (R) or numbers (1).")
	out, _, _ = play("quit\n", "-colors", "9", "-seed", "1")
	assert.Contains(t, out, "Magenta (M, 8), and 9.\n")
	out, _, _ = play("rgb\nquit\n", "-seed", "1")
	assert.Contains(t, out, "Not a guess: 3 pegs, want 4. Try again.", "as r g b is")

	// The first answer, W W to a guess of one colour, is impossible for that guess.
	out, _, _ = play("W W\nquit\n", "-role", "maker", "-colors", "3", "-width", "2")
	assert.Contains(t, out, "No secret gives \"W W\" to Red Red: check your secret and answer again.\n")
	assert.NotContains(t, out, "taken together")

	// The optimal strategies play the smallest games.
	out, _, status = play("hint\nquit\n", "-width", "1", "-strategy", "Optimal", "-seed", "1")
	assert.Zero(t, status)
	assert.Contains(t, out, "The solver (Optimal) would guess Red.")
}

// TestOptimalInSeconds: the optimal strategies are offered for the games their search takes
// seconds for, and refused for the others; offering one costs no search at start.
func TestOptimalInSeconds(t *testing.T) {
	for _, c := range []struct {
		width, colors int
		want          bool
	}{
		{4, 6, true}, {5, 4, true}, {2, 16, true}, {6, 3, true},
		{4, 7, true}, {3, 11, true}, {3, 12, true}, {7, 3, true},
		{3, 13, false}, {11, 2, false}, {4, 8, false}, {5, 5, false}, {10, 2, false}, {9, 2, true},
	} {
		r := mastermind.Rules{Colors: c.colors, Width: c.width, MaxTurns: 10}
		if got := optimalInSeconds(r); got != c.want {
			t.Errorf("optimalInSeconds(%d pegs, %d colours) = %v, want %v", c.width, c.colors, got, c.want)
		}
	}
	var stderr strings.Builder
	_, err := parseFlags(t.Context(), []string{"-strategy", "Optimal", "-colors", "2", "-width", "10"}, &stderr)
	if err == nil || !strings.Contains(err.Error(), "Knuth, MostParts, Entropy and ExpectedSize answer at once") {
		t.Errorf("-strategy Optimal for 10 pegs of 2 colours: %v, want a refusal naming the strategies that answer", err)
	}
	cfg, err := parseFlags(t.Context(), []string{"-strategy", "Optimal", "-colors", "7"}, &stderr)
	if err != nil || cfg.strategy != solver.Optimal || cfg.rules.Colors != 7 {
		t.Errorf("-strategy Optimal -colors 7: %+v, %v", cfg, err)
	}
	// Its 2,401 secrets are more than the solver's Next searches at once; the game searches
	// them within its context, as the flags promise.
	if testing.Short() {
		return // a search of the whole game: seconds, a minute under -race
	}
	out, _, _ := play("hint\nquit\n", "-strategy", "Optimal", "-colors", "7")
	assert.Contains(t, out, "2401 possible secrets remain. The solver (Optimal) would guess")
	out, _, _ = play("quit\n", "-role", "maker", "-strategy", "Optimal", "-colors", "7")
	assert.Contains(t, out, "Guess 1: ", "the computer, breaking your code, guesses")
}

// TestOneIsSingular: a count of one is written in the singular.
func TestOneIsSingular(t *testing.T) {
	out, _, _ := play("quit\n", "-role", "maker", "-turns", "1")
	assert.Contains(t, out, "I will guess it in 1 turn or fewer.")
	assert.NotContains(t, out, "1 turns")
}
