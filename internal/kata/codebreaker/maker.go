package codebreaker

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"strconv"
	"strings"
	"time"

	"github.com/deliberate-practice/katas/internal/brief"
	"github.com/deliberate-practice/katas/internal/step"
	"github.com/deliberate-practice/katas/mastermind"
)

// The code maker is this project's own: each game is a mastermind.Game, which scores each
// guess with mastermind.Score and counts the turns.

// A game is one game the code maker plays against the breaker: its rules, its secret, the
// board, and how it ended.
type game struct {
	id     int // the game's number, from 1, as the protocol names it: drawn, as its secret is
	rules  mastermind.Rules
	secret mastermind.Code
	index  int // the secret's place among every secret of the rules, in everySecret's order
	play   *mastermind.Game
	grade  string // "continue" while it is on; "won" or "lost"
	told   bool   // the breaker was told how its last guess scored
	fault  error  // what ended the game otherwise: the breaker's error, or a guess not of the game
}

// newGames makes a game of the rules for each secret, numbered from 1 in the order given.
func newGames(r mastermind.Rules, secrets []mastermind.Code) ([]*game, error) {
	out := make([]*game, len(secrets))
	for i, s := range secrets {
		g, err := mastermind.New(r, s)
		if err != nil {
			return nil, fmt.Errorf("the feature's game: %w", err)
		}
		out[i] = &game{id: i + 1, rules: r, secret: s, index: indexOf(r, s), play: g, grade: "continue"}
	}
	return out, nil
}

// deal returns every secret of the rules in an order drawn from seed: the order the games are
// numbered, started and asked in, so that neither a game's number nor its place says anything
// of its secret. The same seed deals the same order.
func deal(r mastermind.Rules, seed uint64) []mastermind.Code {
	secrets := everySecret(r)
	rng := rand.New(rand.NewPCG(seed, uint64(r.Colors)<<16|uint64(r.Width)<<8|0x63))
	rng.Shuffle(len(secrets), func(i, j int) { secrets[i], secrets[j] = secrets[j], secrets[i] })
	return secrets
}

// indexOf is the place of code among every code of the rules, in everySecret's order.
func indexOf(r mastermind.Rules, code mastermind.Code) int {
	n := 0
	for _, p := range code {
		n = n*r.Colors + int(p) - 1
	}
	return n
}

// board is the game's guesses and their feedback.
func (g *game) board() []mastermind.Turn { return g.play.Board() }

// guesses is how many guesses the game took.
func (g *game) guesses() int { return len(g.play.Board()) }

// won reports whether the breaker broke the secret, and was told so without a fault.
func (g *game) won() bool { return g.grade == "won" && g.fault == nil }

// A round is a turn of a lane's games: each one's move, sent together.
type round struct {
	number int
	moves  []move
	tally  *tally
}

// name names the round for a message: "round 2 of 1,296 games".
func (r round) name() string {
	return fmt.Sprintf("round %d of %s", r.number, count(r.tally.games, "game", "games"))
}

// window is how many games a play keeps under way at once, in two lanes of half as many. Their
// requests go together, a round of a lane at a time, so that many games cost the program few
// reads and the runner few waits, and each lane's round is sent while the program answers
// the other's, so that the program never waits on the runner; a game that ends makes room for
// the next. A breaker keeps each game's state while it is under way: a window of games, not
// all of them, keeps a program's memory, and its garbage collector's work, near what its own
// loop over the games takes.
const window = 64

// A lane is a share of the games under way: the moves of its next round, and the answers of
// the round sent, to wait for.
type lane struct {
	moves []move
	round round
	await func() ([]answer, error) // nil while no round of the lane's is on its way
}

// playAll plays the games at the table, in their order, window at a time: a round a turn,
// each round of a lane starting the games there is room for and asking every game of the
// lane under way for its next guess; then scoring the guesses and telling each its feedback,
// until every game is won, lost or ended by a fault. A long play says how far it has come on
// the run's line (step.Run.Tell). Its error says the conversation with the implementation
// broke.
func playAll(t table, games []*game, run *step.Run) error {
	waiting := games
	tl := &tally{run: run, start: time.Now(), games: len(games)}
	n := 0
	lanes := []*lane{{}, {}}
	var sent []*lane // the lanes whose rounds are on their way, in the order sent
	send := func(l *lane) error {
		for len(l.moves) < window/len(lanes) && len(waiting) > 0 {
			l.moves, waiting = append(l.moves, move{game: waiting[0], start: true, ask: true}), waiting[1:]
		}
		if len(l.moves) == 0 {
			return nil
		}
		n++
		l.round = round{number: n, moves: l.moves, tally: tl}
		for _, m := range l.moves {
			if m.ask {
				tl.asked++
			}
		}
		await, err := t(l.round)
		if err != nil {
			return err
		}
		l.await, sent = await, append(sent, l)
		return nil
	}
	for _, l := range lanes {
		if err := send(l); err != nil {
			return err
		}
	}
	for len(sent) > 0 {
		l := sent[0]
		sent = sent[1:]
		answers, err := l.await()
		if err != nil {
			return err
		}
		l.await, l.moves = nil, tl.judge(l.moves, answers)
		tl.show(0)
		if err := send(l); err != nil {
			return err
		}
	}
	return nil
}

// judge takes the answers to a round's moves: each game's guess scored, or its fault kept. It
// returns the moves of the lane's next round: the feedback of each game still on, with the
// ask for its next guess, and the word to each game that ended.
func (tl *tally) judge(moves []move, answers []answer) []move {
	var next []move
	for i, m := range moves {
		g, a := m.game, answers[i]
		if m.told != nil {
			g.told = true
		}
		if a.err != nil {
			g.fault = g.failed(a.call, a.err)
			tl.over++
			continue
		}
		if !m.ask {
			continue // the breaker was told the game is over
		}
		tl.guesses++
		tl.asked--
		if err := g.score(a.guess); err != nil {
			g.fault = err
			tl.over++
			continue
		}
		turn := g.board()[g.guesses()-1]
		if g.grade != "continue" {
			tl.over++
			tl.overGuesses += g.guesses()
		}
		next = append(next, move{game: g, told: &told{turn.Feedback.Black, turn.Feedback.White, g.grade}, ask: g.grade == "continue"})
	}
	return next
}

// A tally is how far a play has come, for the line a run shows while a long play goes on.
type tally struct {
	run         *step.Run
	start       time.Time
	games       int // games played
	asked       int // guesses asked for, not yet made
	guesses     int // guesses made before the round
	over        int // games over: won, lost or ended by a fault
	overGuesses int // the guesses of the games won or lost
}

// show tells the run how far the play has come, with replied of the round's guesses made, on
// a line that fits 80 columns: "412 of 1,296 games broken · 3,050 guesses, 850/s · about 4 s
// left", the time left at the rate so far. A play of a few games, or one under way for less
// than a second, tells nothing.
func (t *tally) show(replied int) {
	elapsed := time.Since(t.start)
	if t.run == nil || t.games < 100 || elapsed < time.Second {
		return
	}
	made := t.guesses + replied
	line := fmt.Sprintf("%s of %s broken · %s guesses", brief.Thousands(t.over), count(t.games, "game", "games"), brief.Thousands(made))
	if rate := float64(made) / elapsed.Seconds(); rate >= 1 {
		line += fmt.Sprintf(", %s/s", brief.Thousands(int(rate)))
		// Every game takes as many guesses as those over took on average, or, before enough
		// are, four and a half, as the classic game's good breakers take.
		each := 4.5
		if t.over >= 20 {
			each = float64(t.overGuesses) / float64(t.over)
		}
		left := max(float64(t.games)*each-float64(made), float64(t.games-t.over))
		line += fmt.Sprintf(" · about %s left", roundedSeconds(left/rate))
	}
	t.run.Tell(line)
}

// roundedSeconds writes a time to come, in seconds, as a person reads an estimate: "4 s",
// "2 min".
func roundedSeconds(s float64) string {
	if s < 90 {
		return fmt.Sprintf("%.0f s", max(s, 1))
	}
	return fmt.Sprintf("%.0f min", s/60)
}

// score plays the breaker's guess on the game, or says why it is no guess of the game.
func (g *game) score(guess []int) error {
	rule := fmt.Sprintf("want %s of colours 1 to %d", brief.Count(g.rules.Width, "peg", "pegs"), g.rules.Colors)
	if len(guess) != g.rules.Width {
		return step.Fail(g.String(), "the breaker guessed %s, %s: %s%s", brief.Quote(codeText(guess)), brief.Count(len(guess), "peg", "pegs"), rule, g.sofar())
	}
	code := make(mastermind.Code, len(guess))
	for i, p := range guess {
		if p < 1 || p > g.rules.Colors {
			return step.Fail(g.String(), "the breaker guessed %s: peg %d, %d, is not a colour of the game; %s%s", brief.Quote(codeText(guess)), i+1, p, rule, g.sofar())
		}
		code[i] = mastermind.Color(p)
	}
	grade, _, err := g.play.Guess(code)
	if err != nil {
		return step.Fail(g.String(), "the code maker refused the guess %s: %v%s", brief.Quote(codeText(guess)), err, g.sofar())
	}
	g.grade = grade.String()
	return nil
}

// failed is the step's failure for a call of the breaker's that failed in the game: what the
// breaker did, and the game so far, guess by guess, with the row that plays it again.
func (g *game) failed(call string, err error) error {
	if ferr := step.Unwritten(g.String, call, "", err); ferr != nil {
		var se *step.Error
		if errors.As(ferr, &se) && se.Kind == step.Crash {
			e := *se
			e.Cause += g.sofar()
			return &e
		}
		return ferr
	}
	var after guessedAfter
	switch {
	case errors.As(err, &after):
		return step.Fail(g.String(), "the breaker was told the game was %s, and %v%s", string(after), err, g.sofar())
	case errors.Is(err, errNoBreaker):
		return step.Fail(g.String(), "%v", err)
	case call == "new":
		return step.Fail(g.String(), "the breaker refused the game: %s", brief.QuoteLong(err.Error()))
	}
	return step.Fail(g.String(), "the breaker's %s failed: %s%s", call, brief.QuoteLong(err.Error()), g.sofar())
}

// sofar is the game so far, for a message of what went wrong in it, after its cause: its
// guesses and their feedback, and the row that plays it again.
func (g *game) sofar() string {
	played := "before its first guess"
	if g.guesses() > 0 {
		played = "after " + g.story()
	}
	return fmt.Sprintf(", %s\n%s", played, g.row(g.rules.MaxTurns))
}

// sofarLine is the game so far, for a message that said what went wrong first: its guesses
// and their feedback, and the row that plays it again, a line each.
func (g *game) sofarLine() string {
	played := "no guess yet"
	if g.guesses() > 0 {
		played = g.story()
	}
	return fmt.Sprintf("\nGame %d so far: %s\n%s", g.id, played, g.row(g.rules.MaxTurns))
}

// String names the game for a message: `game 7 of 6 colours, 4 pegs and 12 turns, secret "1 1 2 6"`.
func (g *game) String() string {
	return fmt.Sprintf("game %d of %s, %s and %s, secret %s", g.id, brief.Count(g.rules.Colors, "colour", "colours"),
		brief.Count(g.rules.Width, "peg", "pegs"), brief.Count(g.rules.MaxTurns, "turn", "turns"), brief.Quote(numbers(g.secret)))
}

// story is the game in full, guess by guess with feedback: `1 1 2 2 → B W, 1 3 4 4 → W …`.
func (g *game) story() string {
	var b strings.Builder
	for i, t := range g.board() {
		if i > 0 {
			b.WriteString(", ")
		}
		fmt.Fprintf(&b, "%s → %s", numbers(t.Guess), feedbackText(t.Feedback))
	}
	return b.String()
}

// row is the game as a row of the feature's outline of games to play again, to be won within
// the guesses given.
func (g *game) row(within int) string {
	return fmt.Sprintf("To play it again, a row of the outline of games to play again: | %d | %d | %d | %s | %d |", g.rules.Colors, g.rules.Width, g.rules.MaxTurns, numbers(g.secret), within)
}

// feedbackText writes feedback as the seed does, "B B W", or "none" for no pegs.
func feedbackText(f mastermind.Feedback) string {
	if f.Black == 0 && f.White == 0 {
		return "none"
	}
	return f.String()
}

// numbers writes a code in numbers, as the feature writes codes: "1 1 2 6".
func numbers(c mastermind.Code) string {
	parts := make([]string, len(c))
	for i, p := range c {
		parts[i] = strconv.Itoa(int(p))
	}
	return strings.Join(parts, " ")
}

// codeText writes a guess as numbers, whatever they are: "1 2 9".
func codeText(guess []int) string {
	parts := make([]string, len(guess))
	for i, p := range guess {
		parts[i] = strconv.Itoa(p)
	}
	return strings.Join(parts, " ")
}

// everySecret returns every code of the rules, in order: 1 1 1 1, 1 1 1 2, …
func everySecret(r mastermind.Rules) []mastermind.Code {
	n := 1
	for range r.Width {
		n *= r.Colors
	}
	out := make([]mastermind.Code, n)
	for i := range out {
		c := make(mastermind.Code, r.Width)
		for j, k := r.Width-1, i; j >= 0; j, k = j-1, k/r.Colors {
			c[j] = mastermind.Color(k%r.Colors + 1)
		}
		out[i] = c
	}
	return out
}
