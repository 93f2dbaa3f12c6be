package codebreaker

import (
	"errors"
	"fmt"
	"strconv"
	"strings"

	"github.com/deliberate-practice/katas/internal/brief"
	"github.com/deliberate-practice/katas/internal/step"
	"github.com/deliberate-practice/katas/mastermind"
)

// The code maker is this project's own: each game is a mastermind.Game, which scores each
// guess with mastermind.Score and counts the turns.

// A game is one game the code maker plays against the breaker: its rules, its secret, the
// board, and how it ended.
type game struct {
	id     int // the game's number, from 1, as the protocol names it
	rules  mastermind.Rules
	secret mastermind.Code
	play   *mastermind.Game
	grade  string // "continue" while it is on; "won" or "lost"
	told   bool   // the breaker was told how its last guess scored
	fault  error  // what ended the game otherwise: the breaker's error, or a guess not of the game
}

// newGames makes a game of the rules for each secret, numbered from 1.
func newGames(r mastermind.Rules, secrets []mastermind.Code) ([]*game, error) {
	out := make([]*game, len(secrets))
	for i, s := range secrets {
		g, err := mastermind.New(r, s)
		if err != nil {
			return nil, fmt.Errorf("the feature's game: %w", err)
		}
		out[i] = &game{id: i + 1, rules: r, secret: s, play: g, grade: "continue"}
	}
	return out, nil
}

// board is the game's guesses and their feedback.
func (g *game) board() []mastermind.Turn { return g.play.Board() }

// guesses is how many guesses the game took.
func (g *game) guesses() int { return len(g.play.Board()) }

// won reports whether the breaker broke the secret, and was told so without a fault.
func (g *game) won() bool { return g.grade == "won" && g.fault == nil }

// playAll plays the games at the table, all at once: a round a turn, each round asking every
// game still on for its next guess, scoring the guesses and telling each its feedback, until
// every game is won, lost or ended by a fault. Its error says the conversation with the
// implementation broke.
func playAll(t table, games []*game) error {
	moves := make([]move, len(games))
	for i, g := range games {
		moves[i] = move{game: g, start: true, ask: true}
	}
	for len(moves) > 0 {
		answers, err := t(moves)
		if err != nil {
			return err
		}
		var next []move
		for i, m := range moves {
			g, a := m.game, answers[i]
			if m.told != nil {
				g.told = true
			}
			if a.err != nil {
				g.fault = g.failed(a.call, a.err)
				continue
			}
			if !m.ask {
				continue // the breaker was told the game is over
			}
			if err := g.score(a.guess); err != nil {
				g.fault = err
				continue
			}
			turn := g.board()[g.guesses()-1]
			next = append(next, move{game: g, told: &told{turn.Feedback.Black, turn.Feedback.White, g.grade}, ask: g.grade == "continue"})
		}
		moves = next
	}
	return nil
}

// score plays the breaker's guess on the game, or says why it is no guess of the game.
func (g *game) score(guess []int) error {
	rule := fmt.Sprintf("want %s of colours 1 to %d", brief.Count(g.rules.Width, "peg", "pegs"), g.rules.Colors)
	if len(guess) != g.rules.Width {
		return step.Fail(g.String(), "the breaker guessed %s, %s: %s", brief.Quote(codeText(guess)), brief.Count(len(guess), "peg", "pegs"), rule)
	}
	code := make(mastermind.Code, len(guess))
	for i, p := range guess {
		if p < 1 || p > g.rules.Colors {
			return step.Fail(g.String(), "the breaker guessed %s: peg %d, %d, is not a colour of the game; %s", brief.Quote(codeText(guess)), i+1, p, rule)
		}
		code[i] = mastermind.Color(p)
	}
	grade, _, err := g.play.Guess(code)
	if err != nil {
		return step.Fail(g.String(), "the code maker refused the guess %s: %v", brief.Quote(codeText(guess)), err)
	}
	g.grade = grade.String()
	return nil
}

// failed is the step's failure for a call of the breaker's that failed in the game.
func (g *game) failed(call string, err error) error {
	if ferr := step.Unwritten(g.String, call, "", err); ferr != nil {
		return ferr
	}
	var after guessedAfter
	switch {
	case errors.As(err, &after):
		return step.Fail(g.String(), "the breaker was told the game was %s, and %v", string(after), err)
	case errors.Is(err, errNoBreaker):
		return step.Fail(g.String(), "%v", err)
	case call == "new":
		return step.Fail(g.String(), "the breaker refused the game: %s", brief.QuoteLong(err.Error()))
	}
	return step.Fail(g.String(), "the breaker's %s failed: %s", call, brief.QuoteLong(err.Error()))
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
