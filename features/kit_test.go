package features_test

import (
	"context"
	"errors"
	"fmt"
	"maps"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/cucumber/godog"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/deliberate-practice/katas/features"
	"github.com/deliberate-practice/katas/features/testdata/wrong"
	"github.com/deliberate-practice/katas/internal/engine"
	katapkg "github.com/deliberate-practice/katas/internal/kata"
	mastermindkata "github.com/deliberate-practice/katas/internal/kata/mastermind"
	tictactoekata "github.com/deliberate-practice/katas/internal/kata/tictactoe"
	"github.com/deliberate-practice/katas/internal/kit"
	"github.com/deliberate-practice/katas/tictactoe"
)

// lies are the ways a plainGame can break the adapter's contract, one promise each.
type lies struct {
	badRules         bool // New takes 0 colours, pegs or turns
	wrongWidthSecret bool // New takes a secret of the wrong width
	badSecretColour  bool // New takes a secret colour outside 1 to numColors
	repeatsTwice     bool // a repeated guess colour scores as often as it is guessed
	neverLost        bool // the last wrong guess grades "continue"
	wrongWidthGuess  bool // Score takes a guess of the wrong width
	badGuessColour   bool // Score takes a guess colour outside 1 to numColors
	playsAfterEnd    bool // Score goes on once the game is won or lost
	refusalCosts     bool // a refused guess uses a turn
	turnsStuck       bool // TurnsLeft never counts down
	guessesZero      bool // Guesses is always 0
	turnsAfterWin    bool // TurnsLeft still counts the turns a won game did not use

	scorer wrong.Scorer // scores the guesses, when not nil: one of the wrong scorers
}

// plainGame is a Mastermind written for these tests apart from the mastermind package, right
// but for its lies.
type plainGame struct {
	lies
	colors, width, turnsLeft int
	secret                   []int
	guesses                  int
	over                     bool
}

var errPlain = errors.New("refused")

func newPlain(l lies) features.NewMastermindGame {
	return func(colors, width, turns int, secret []int) (features.MastermindGame, error) {
		if !l.badRules && (colors < 1 || width < 1 || turns < 1) {
			return nil, errPlain
		}
		if !l.wrongWidthSecret && len(secret) != width {
			return nil, errPlain
		}
		if !l.badSecretColour && slices.ContainsFunc(secret, func(c int) bool { return c < 1 || c > colors }) {
			return nil, errPlain
		}
		return &plainGame{lies: l, colors: colors, width: width, turnsLeft: turns, secret: secret}, nil
	}
}

func (g *plainGame) Score(guess []int) (string, int, int, error) {
	switch {
	case g.over && !g.playsAfterEnd,
		len(guess) != g.width && !g.wrongWidthGuess,
		slices.ContainsFunc(guess, func(c int) bool { return c < 1 || c > g.colors }) && !g.badGuessColour:
		if g.refusalCosts {
			g.turnsLeft--
		}
		return "", 0, 0, errPlain
	}
	black, white := 0, 0
	left := map[int]int{}
	for i, c := range g.secret {
		if i < len(guess) && guess[i] == c {
			black++
		} else {
			left[c]++
		}
	}
	for i, c := range guess {
		if i < len(g.secret) && g.secret[i] == c {
			continue
		}
		if left[c] > 0 || (g.repeatsTwice && slices.Contains(g.secret, c)) {
			white++
			left[c]--
		}
	}
	if g.scorer != nil {
		black, white = g.scorer(g.secret, guess)
	}
	g.guesses++
	if !g.turnsStuck {
		g.turnsLeft--
	}
	switch {
	case black == g.width:
		g.over = true
		return "won", black, white, nil
	case g.turnsLeft <= 0 || (g.turnsStuck && g.guesses >= 12):
		g.over = true
		if g.neverLost {
			return "continue", black, white, nil
		}
		return "lost", black, white, nil
	}
	return "continue", black, white, nil
}

func (g *plainGame) TurnsLeft() int {
	if g.over && !g.turnsAfterWin {
		return 0
	}
	return g.turnsLeft
}

func (g *plainGame) Guesses() int {
	if g.guessesZero {
		return 0
	}
	return g.guesses
}

// kata is one of the katas with the steps that play it against an implementation.
type kata struct {
	katapkg.Kata
	steps katapkg.Steps
}

func mastermindKata(newGame features.NewMastermindGame) kata {
	return kata{mastermindkata.Kata(features.Files()), func(sc *godog.ScenarioContext) { features.InitializeMastermind(sc, newGame) }}
}

func ticTacToeKata(classify features.Classifier) kata {
	return kata{tictactoekata.Kata(features.Files()), func(sc *godog.ScenarioContext) { features.InitializeTicTacToe(sc, classify) }}
}

// scenarios returns the kata's scenarios.
func (k kata) scenarios() []engine.Scenario {
	run, err := engine.Start(context.Background(), k.Kata, engine.Options{}, engine.Front{})
	if err != nil {
		panic(err)
	}
	var out []engine.Scenario
	for s := range run.Scenarios() {
		out = append(out, s)
	}
	return out
}

// run plays one scenario; its Text is its failure, as go test -v shows it.
func (k kata) run(s engine.Scenario) engine.Result {
	run, err := engine.Start(context.Background(), k.Kata, engine.Options{Verbose: true}.Only([]engine.Scenario{s}), engine.Front{})
	if err != nil {
		panic(err)
	}
	return run.Play(s, kit.InProcess(k.steps))
}

// failing runs the kata's scenarios whose names are in names, or all of them when names is
// empty, and returns the Path of each that failed.
func failing(t *testing.T, k kata, names ...string) []string {
	t.Helper()
	var failed []string
	ran := 0
	for _, s := range k.scenarios() {
		if len(names) > 0 && !slices.Contains(names, s.Name) {
			continue
		}
		ran++
		if r := k.run(s); !r.Passed() {
			failed = append(failed, s.Path())
		}
	}
	require.NotZero(t, ran, "no scenario is named %q", names)
	return failed
}

func TestAPlainGameWithoutLiesPassesEverything(t *testing.T) {
	assert.Empty(t, failing(t, mastermindKata(newPlain(lies{}))))
}

// TestEveryPromiseIsHeld: for each promise of the adapter's contract, a game that breaks that
// promise alone fails the scenarios that check it.
func TestEveryPromiseIsHeld(t *testing.T) {
	tests := []struct {
		lie       string
		lies      lies
		scenarios []string // each must fail at least once
	}{
		{"New takes rules below 1", lies{badRules: true}, []string{"A game needs at least one colour, one peg and one turn"}},
		{"New takes a secret of the wrong width", lies{wrongWidthSecret: true}, []string{"The secret must have exactly width pegs"}},
		{"New takes a secret colour out of range", lies{badSecretColour: true}, []string{"The secret must fit the game"}},
		{"repeated colours score twice", lies{repeatsTwice: true}, []string{"Making a guess"}},
		{"the last wrong guess does not lose", lies{neverLost: true}, []string{"Losing a game", "A wrong guess with no turns left loses", "Taking more than max turns is not possible"}},
		{"Score takes a guess of the wrong width", lies{wrongWidthGuess: true}, []string{"A guess must have exactly width pegs"}},
		{"Score takes a colour out of range", lies{badGuessColour: true}, []string{"Colours outside 1 to num_colors are refused"}},
		{"Score plays on after the end", lies{playsAfterEnd: true}, []string{"Winning a game", "Losing a game", "No guess after a win", "Taking more than max turns is not possible"}},
		{"a refused guess uses a turn", lies{refusalCosts: true}, []string{"Colours outside 1 to num_colors are refused", "A guess must have exactly width pegs"}},
		{"turns never count down", lies{turnsStuck: true}, []string{"Each scored guess uses a turn", "Scoring the worked example"}},
		{"Guesses is always 0", lies{guessesZero: true}, []string{"Each played guess goes on the board, a refused one does not"}},
		{"turns are left after a win", lies{turnsAfterWin: true}, []string{"No turns are left once the game is won"}},
	}
	for _, tt := range tests {
		t.Run(tt.lie, func(t *testing.T) {
			k := mastermindKata(newPlain(tt.lies))
			for _, name := range tt.scenarios {
				assert.NotEmpty(t, failing(t, k, name), "%q passed a game where %s", name, tt.lie)
			}
			// Otherwise the game is right: a scenario about something else still passes.
			assert.Empty(t, failing(t, k, "Joining the game"))
		})
	}
}

// TestADuplicateBugFailsExactlyTheSeedRowsThatCatchIt: of the seed's sixteen rows, the two
// with a repeated guess colour the secret holds once catch a scorer that counts it twice.
func TestADuplicateBugFailsExactlyTheSeedRowsThatCatchIt(t *testing.T) {
	k := mastermindKata(newPlain(lies{repeatsTwice: true}))
	assert.Equal(t, []string{"Playing mastermind/Making a guess/row 9", "Playing mastermind/Making a guess/row 16"}, failing(t, k, "Making a guess"))
	r := k.run(scenario(t, k, "Playing mastermind/Making a guess/row 16"))
	msg := r.Text
	for _, want := range []string{
		"Making a guess, row 16 (mastermind.feature:38): | Red Blue Blue Yellow | Purple Purple Red Red | W |",
		`failed: Then the code maker should give me "W" feedback on my guess (mastermind.feature:17)`,
		`new(6, 4, 12) with secret "Red Blue Blue Yellow", guess "Purple Purple Red Red": feedback "W W" (0 black, 2 white), want "W"`,
	} {
		assert.Contains(t, msg, want)
	}
}

// TestEveryWrongScorerFails: each scorer written wrong the ways people write them
// (testdata/wrong) fails at least one example and the property scenario, whose message gives
// the smallest pair it gets wrong as an example row; the row, pasted, catches it.
func TestEveryWrongScorerFails(t *testing.T) {
	rowRE := regexp.MustCompile(`\n\s+\| (\d+) \| (\d+) \| 10 \| ([\d ]+) \| ([\d ]+) \| (\d+) \| (\d+) \| (\w+) \|`)
	for _, name := range slices.Sorted(maps.Keys(wrong.Scorers())) {
		scorer := wrong.Scorers()[name]
		t.Run(name, func(t *testing.T) {
			k := mastermindKata(newPlain(lies{scorer: scorer}))
			failed := failing(t, k)
			const property = "Configurable mastermind/The scoring rule holds for many codes"
			require.Contains(t, failed, property)
			assert.Greater(t, len(failed), 1, "an example catches it before the property does")
			t.Logf("%s: %d scenarios fail", name, len(failed))
			msg := k.run(scenario(t, k, property)).Text
			m := rowRE.FindStringSubmatch(msg)
			require.NotNil(t, m, "the smallest pair as an example row:\n%s", msg)
			secret, guess := numbers(m[3]), numbers(m[4])
			black, white := scorer(secret, guess)
			assert.NotEqual(t, m[5]+" "+m[6], fmt.Sprint(black, white), "the row catches the scorer:\n%s", msg)
			assert.LessOrEqual(t, len(secret), 5, "shrunk to a few pegs:\n%s", msg)
			t.Logf("%s: shrunk to %s", name, strings.TrimSpace(m[0]))
		})
	}
	assert.Empty(t, failing(t, mastermindKata(newPlain(lies{})), "The scoring rule holds for many codes"), "the right scorer passes")
}

// numbers reads "1 2 3" as numbers.
func numbers(s string) []int {
	var out []int
	for _, f := range strings.Fields(s) {
		n, _ := strconv.Atoi(f)
		out = append(out, n)
	}
	return out
}

// scenario finds a scenario by its path.
func scenario(t *testing.T, k kata, path string) engine.Scenario {
	t.Helper()
	for _, s := range k.scenarios() {
		if s.Path() == path {
			return s
		}
	}
	t.Fatalf("no scenario %q", path)
	return engine.Scenario{}
}

// ignoresTurnOrder is a deliberately wrong classifier: it never checks whose turn it was.
func ignoresTurnOrder(rows []string) (string, error) {
	b, err := tictactoe.ParseBoard(rows)
	if err != nil {
		return "", err
	}
	switch {
	case b.Winner() != tictactoe.Empty:
		return "win", nil
	case !strings.Contains(strings.Join(rows, ""), " "):
		return "draw", nil
	}
	return "ongoing", nil
}

// firstRowOnly is a classifier that checks the shape of the first row alone.
func firstRowOnly(rows []string) (string, error) {
	if len(rows) != 3 || len(rows[0]) != 3 || strings.Trim(rows[0], "XO ") != "" {
		return "", errors.New("malformed")
	}
	padded := make([]string, 3)
	for i, r := range rows {
		padded[i] = (strings.Map(func(c rune) rune {
			if c == 'X' || c == 'O' {
				return c
			}
			return ' '
		}, r) + "   ")[:3]
	}
	s, err := tictactoe.Classify(padded)
	return s.String(), err
}

// noMainDiagonal is a classifier that never sees a win on the diagonal from the top left.
func noMainDiagonal(rows []string) (string, error) {
	s, err := tictactoe.Classify(rows)
	if err == nil && s == tictactoe.Win && rows[0][0] != ' ' && rows[0][0] == rows[1][1] && rows[1][1] == rows[2][2] {
		return "ongoing", nil
	}
	return s.String(), err
}

// TestEveryBoardPromiseIsHeld: a classifier that checks only the first row's shape, and one
// blind to a diagonal, each fail the scenarios that hold them to it; the right one passes.
func TestEveryBoardPromiseIsHeld(t *testing.T) {
	failed := failing(t, ticTacToeKata(firstRowOnly), "Boards of the wrong shape")
	assert.Contains(t, failed, "State of tic-tac-toe/Boards of the wrong shape/row 5", `{"X  ", "O", "   "} is no board`)
	assert.NotEmpty(t, failing(t, ticTacToeKata(noMainDiagonal), "Boards that play can reach"))
	assert.Empty(t, failing(t, ticTacToeKata(func(rows []string) (string, error) {
		s, err := tictactoe.Classify(rows)
		return s.String(), err
	})))
}

func TestAClassifierIgnoringTurnOrderFailsTheTurnOrderScenarios(t *testing.T) {
	failed := failing(t, ticTacToeKata(ignoresTurnOrder))
	var names []string
	for _, f := range failed {
		names = append(names, strings.Split(f, "/")[1])
	}
	names = slices.Compact(names)
	assert.Equal(t, []string{"Wrong turn order: O started", "Wrong turn order: X went twice", "Play continued after a win", "Boards that play cannot reach", "Every board, as play reaches it"}, names)
}

// onlyDoubleWins is the classifier every wrong Exercism solution tried had: it refuses a board
// where both players won, but takes a win followed by the loser's move.
func onlyDoubleWins(rows []string) (string, error) {
	s, err := tictactoe.Classify(rows)
	if errors.Is(err, tictactoe.ErrPlayAfterWin) {
		b, _ := tictactoe.ParseBoard(rows)
		wins := 0
		for _, p := range []byte{'X', 'O'} {
			if lines(rows, p) {
				wins++
			}
		}
		if wins < 2 && b.Winner() != tictactoe.Empty {
			return "win", nil
		}
	}
	return s.String(), err
}

// lines reports whether p holds a line of three on the rows.
func lines(rows []string, p byte) bool {
	at := func(i int) byte { return rows[i/3][i%3] }
	for _, l := range [8][3]int{{0, 1, 2}, {3, 4, 5}, {6, 7, 8}, {0, 3, 6}, {1, 4, 7}, {2, 5, 8}, {0, 4, 8}, {2, 4, 6}} {
		if at(l[0]) == p && at(l[1]) == p && at(l[2]) == p {
			return true
		}
	}
	return false
}

// TestAWinFollowedByAMoveIsRefused: the classifier that refuses only double wins fails rows of
// the examples and the property, which shows the board of fewest marks it gets wrong as a row.
func TestAWinFollowedByAMoveIsRefused(t *testing.T) {
	k := ticTacToeKata(onlyDoubleWins)
	failed := failing(t, k)
	assert.Contains(t, failed, "State of tic-tac-toe/Every board, as play reaches it")
	assert.GreaterOrEqual(t, len(failed), 3, "the example rows catch it before the property: %q", failed)
	t.Logf("only double wins refused: %d scenarios fail", len(failed))
	msg := k.run(scenario(t, k, "State of tic-tac-toe/Every board, as play reaches it")).Text
	assert.Contains(t, msg, `want refused with "Impossible board: game should have ended after the game was won"`, "the reference's message whole")
	assert.Regexp(t, `As a row of "Boards that play cannot reach":\n\s+\| "[XO ]{3}" \| "[XO ]{3}" \| "[XO ]{3}" \| Impossible board: game should have ended after the game was won \|`, msg)
}

// TestNotImplementedFailsEveryScenario: an implementation that says "not implemented" to every
// operation, as a kata's starting point does, fails every scenario of both katas; it is never
// taken for refusing something.
func TestNotImplementedFailsEveryScenario(t *testing.T) {
	notYet := func(colors, width, turns int, secret []int) (features.MastermindGame, error) {
		return nil, errors.New("not implemented")
	}
	m := mastermindKata(notYet)
	assert.Len(t, failing(t, m), len(m.scenarios()))
	tt := ticTacToeKata(func([]string) (string, error) { return "", features.ErrNotImplemented })
	assert.Len(t, failing(t, tt), len(tt.scenarios()))
	r := m.run(scenario(t, m, "Configurable mastermind/A game needs at least one colour, one peg and one turn/row 1"))
	f, _ := r.Failure()
	assert.Equal(t, `new(0, 4, 10) with secret "1 1 1 1": new is not implemented yet, so nothing was refused`, f.Err)
}

// panicky is a game whose methods panic, as a practitioner's code can.
type panicky struct {
	*plainGame
	score, turns any // the values Score and TurnsLeft panic with; nil for none
}

func (g panicky) Score(guess []int) (string, int, int, error) {
	if g.score != nil {
		panic(g.score)
	}
	return g.plainGame.Score(guess)
}

func (g panicky) TurnsLeft() int {
	if g.turns != nil {
		panic(g.turns)
	}
	return g.plainGame.TurnsLeft()
}

// TestAPanicIsNamed: a panic in the implementation fails the step saying "panicked", with
// its value, the practitioner's file and line and the game it played; one that says "not
// implemented", as the Go starting point's TurnsLeft does, says what is not implemented yet.
func TestAPanicIsNamed(t *testing.T) {
	with := func(score, turns any) kata {
		return mastermindKata(func(colors, width, turns2 int, secret []int) (features.MastermindGame, error) {
			g, err := newPlain(lies{})(colors, width, turns2, secret)
			if err != nil {
				return nil, err
			}
			return panicky{g.(*plainGame), score, turns}, nil
		})
	}
	k := with("boom", nil)
	f, _ := k.run(scenario(t, k, "Playing mastermind/Making a guess/row 1")).Failure()
	assert.Regexp(t, `^new\(6, 4, 12\) with secret "Red Green Blue Yellow", guess "Red Purple Purple Purple": Score panicked: "boom" at features/kit_test.go:\d+$`, f.Err)

	k = with(nil, "not implemented")
	f, _ = k.run(scenario(t, k, "Playing mastermind/Joining the game")).Failure()
	assert.Regexp(t, `^new\(6, 4, 12\) with secret "[A-Za-z ]+": TurnsLeft is not implemented yet$`, f.Err)

	// A panic where a refusal is expected is no refusal.
	k = with(errors.New("index out of range"), nil)
	assert.NotEmpty(t, failing(t, k, "Colours outside 1 to num_colors are refused"))
}

// TestAPanickingClassifierRefusesNothing: a classifier that panics where a board must be
// refused fails, saying so; a panic is no refusal.
func TestAPanickingClassifierRefusesNothing(t *testing.T) {
	k := ticTacToeKata(func([]string) (string, error) { panic("boom") })
	assert.Len(t, failing(t, k), len(k.scenarios()))
	f, _ := k.run(scenario(t, k, "State of tic-tac-toe/Wrong turn order: O started")).Failure()
	assert.Regexp(t, `: classify panicked: "boom" at features/kit_test.go:\d+$`, f.Err)
}

// TestNoGameInsideTheInterface: a constructor that returns no error and a nil game, even one
// inside the game's own type, is reported as no game.
func TestNoGameInsideTheInterface(t *testing.T) {
	type wrapper struct{ *plainGame }
	for name, g := range map[string]features.MastermindGame{"nil pointer": (*plainGame)(nil), "wrapped nil pointer": wrapper{nil}} {
		k := mastermindKata(func(int, int, int, []int) (features.MastermindGame, error) { return g, nil })
		f, _ := k.run(scenario(t, k, "Playing mastermind/Joining the game")).Failure()
		assert.Contains(t, f.Err, "the game's constructor returned no game and no error", name)
	}
}

// TestMessagesSpeakTheScenariosNotation: a code the scenario did not write is written the
// way the scenario writes its codes, and quoted as the codes it wrote are.
func TestMessagesSpeakTheScenariosNotation(t *testing.T) {
	never := mastermindKata(newPlain(lies{neverLost: true}))
	f, _ := never.run(scenario(t, never, "Playing mastermind/Losing a game")).Failure()
	assert.Contains(t, f.Err, `with secret "Red Green Blue Yellow", guess "`, "names, as the seed writes them")
	assert.NotRegexp(t, `guess "\d`, f.Err)
	f, _ = never.run(scenario(t, never, "Configurable mastermind/A wrong guess with no turns left loses")).Failure()
	assert.Regexp(t, `with secret "\d \d \d \d", guess "\d \d \d \d"`, f.Err, "numbers, as the assignment's scenarios write them")
}

// TestACrashInNewIsNoRefusal: a New that panics on rules it should refuse, or that returns
// neither a game nor an error, fails every scenario that expects a refusal, saying which.
func TestACrashInNewIsNoRefusal(t *testing.T) {
	right := newPlain(lies{})
	for name, newGame := range map[string]features.NewMastermindGame{
		"panics": func(colors, width, turns int, secret []int) (features.MastermindGame, error) {
			if colors < 1 || width < 1 || turns < 1 || len(secret) != width {
				panic("index out of range")
			}
			return right(colors, width, turns, secret)
		},
		"no game, no error": func(colors, width, turns int, secret []int) (features.MastermindGame, error) {
			if colors < 1 || width < 1 || turns < 1 || len(secret) != width {
				return nil, nil
			}
			return right(colors, width, turns, secret)
		},
	} {
		t.Run(name, func(t *testing.T) {
			k := mastermindKata(newGame)
			for _, path := range []string{
				"Configurable mastermind/A game needs at least one colour, one peg and one turn/row 1",
				"Configurable mastermind/The secret must have exactly width pegs/row 1",
			} {
				r := k.run(scenario(t, k, path))
				require.False(t, r.Passed(), "%s passed a New that %s", path, name)
				f, _ := r.Failure()
				assert.Regexp(t, "new panicked|no game and no error", f.Err)
			}
		})
	}
}

// TestAPanicIsShownWholeWhereTheCodeIs: a panic's first line is shown whole, however long,
// and placed at the implementation's line, not inside the standard library that raised it.
func TestAPanicIsShownWholeWhereTheCodeIs(t *testing.T) {
	long := "the board " + strings.Repeat("and its cells ", 6) + "went wrong here\nand then some"
	k := ticTacToeKata(func(rows []string) (string, error) { panic(long) })
	f, _ := k.run(scenario(t, k, "State of tic-tac-toe/An ongoing game")).Failure()
	assert.Contains(t, f.Err, `classify panicked: "the board and its cells and its cells and its cells and its cells and its cells and its cells went wrong here" at features/kit_test.go:`)
	assert.NotContains(t, f.Err, "and then some", "the first line")

	k = ticTacToeKata(func(rows []string) (string, error) { return strings.Repeat(rows[0], -1), nil })
	f, _ = k.run(scenario(t, k, "State of tic-tac-toe/An ongoing game")).Failure()
	assert.Regexp(t, `classify panicked: "strings: negative Repeat count" at features/kit_test.go:\d+$`, f.Err)
}

// TestMessagesSayWhatTheGameWas: a game of no pegs is said to be so, not quoted as ""; a wrong
// grade says after how many guesses.
func TestMessagesSayWhatTheGameWas(t *testing.T) {
	m := mastermindKata(func(int, int, int, []int) (features.MastermindGame, error) { return nil, features.ErrNotImplemented })
	f, _ := m.run(scenario(t, m, "Configurable mastermind/A game needs at least one colour, one peg and one turn/row 2")).Failure()
	assert.Contains(t, f.Err, "with secret of no pegs:", f.Err)

	never := mastermindKata(newPlain(lies{neverLost: true}))
	f, _ = never.run(scenario(t, never, "Configurable mastermind/A wrong guess with no turns left loses")).Failure()
	assert.Contains(t, f.Err, `guess "3 1 3 6", after 3 guesses: grade "continue", want "lost"`, f.Err)
}
