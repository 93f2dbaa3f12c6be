package codebreaker

import (
	"errors"
	"time"

	"github.com/deliberate-practice/katas/internal/protocol"
	"github.com/deliberate-practice/katas/internal/step"
)

// Breaker is one game's code breaker under test (features.CodeBreaker says the contract to
// practitioners): it makes the next guess, and is told how each guess scored.
type Breaker interface {
	Guess() ([]int, error)
	Feedback(black, white int, grade string) error
}

// NewBreaker makes a breaker for a game of colors colours, width pegs and turns guesses.
type NewBreaker func(colors, width, turns int) (Breaker, error)

// A move is what the code maker sends one game's breaker in a round: the game's start, the
// feedback on its last guess, and whether it asks for the next.
type move struct {
	game  *game
	start bool
	told  *told // nil: nothing to tell
	ask   bool
}

// told is the feedback on a guess as the breaker is told it.
type told struct {
	black, white int
	grade        string // "continue", "won" or "lost"
}

// An answer is how a game's breaker answered a move: its guess, if it was asked for one; or
// the call that failed (new, feedback or guess) and its error.
type answer struct {
	guess []int
	call  string
	err   error
}

// A table is where the breakers sit: it plays a round of moves, many games' at once, and
// returns each move's answer. Its error says that the conversation with the implementation
// broke: no answer can be read.
type table func(moves []move) ([]answer, error)

// errNoBreaker says the implementation's constructor gave neither a breaker nor an error.
var errNoBreaker = errors.New("the breaker's constructor returned no breaker and no error")

// inProcess is the table of breakers that newBreaker makes in the test's own process, each call
// into one guarded by the time limit (0: none).
func inProcess(newBreaker NewBreaker, limit time.Duration) table {
	breakers := map[int]Breaker{}
	return func(moves []move) ([]answer, error) {
		out := make([]answer, len(moves))
		for i, m := range moves {
			g := m.game
			if m.start {
				var b Breaker
				var err error
				if gerr := step.Guard(limit, "new", func() { b, err = newBreaker(g.rules.Colors, g.rules.Width, g.rules.MaxTurns) }); gerr != nil {
					err = gerr
				}
				if err == nil && step.IsNil(b) {
					err = errNoBreaker
				}
				if err != nil {
					out[i] = answer{call: "new", err: err}
					continue
				}
				breakers[g.id] = b
			}
			b := breakers[g.id]
			if t := m.told; t != nil {
				var err error
				if gerr := step.Guard(limit, "Feedback", func() { err = b.Feedback(t.black, t.white, t.grade) }); gerr != nil {
					err = gerr
				}
				if t.grade != "continue" {
					delete(breakers, g.id) // the game is over
				}
				if err != nil {
					out[i] = answer{call: "Feedback", err: err}
					continue
				}
			}
			if m.ask {
				var guess []int
				var err error
				if gerr := step.Guard(limit, "Guess", func() { guess, err = b.Guess() }); gerr != nil {
					err = gerr
				}
				out[i] = answer{guess: guess, call: "Guess", err: err}
				if err == nil {
					out[i].call = ""
				}
			}
		}
		return out, nil
	}
}

// remote is the table of the program under test: each round's requests written at once.
func remote(conn *protocol.Conn) table {
	return func(moves []move) ([]answer, error) {
		type at struct {
			move int
			call string
		}
		var reqs []protocol.Request
		var where []at
		add := func(i int, op string, fields map[string]any) {
			reqs = append(reqs, protocol.Request{Op: op, Fields: fields})
			where = append(where, at{i, op})
		}
		for i, m := range moves {
			g := m.game
			if m.start {
				add(i, "new", map[string]any{"game": g.id, "colors": g.rules.Colors, "width": g.rules.Width, "turns": g.rules.MaxTurns})
			}
			if t := m.told; t != nil {
				add(i, "feedback", map[string]any{"game": g.id, "black": t.black, "white": t.white, "grade": t.grade})
			}
			if m.ask {
				add(i, "guess", map[string]any{"game": g.id})
			}
		}
		replies, err := conn.CallAll(reqs)
		if err != nil {
			return nil, err
		}
		out := make([]answer, len(moves))
		for j, r := range replies {
			w := where[j]
			a := &out[w.move]
			if a.err != nil {
				continue // a call before it failed: what the program answers after is not the game's
			}
			if msg, ok := r.Refusal(); ok {
				a.call, a.err = w.call, errors.New(msg)
				continue
			}
			switch w.call {
			case "feedback":
				if t := moves[w.move].told; t.grade != "continue" {
					if _, guessed := r.Fields["guess"]; guessed {
						a.call, a.err = w.call, errGuessedAfter(t.grade)
					}
				}
			case "guess":
				guess, ok := r.Ints("guess")
				if !ok {
					return nil, conn.Broken("the program replied to guess without %s: request %s", `"guess", a list of colours`, r.Request)
				}
				a.guess = guess
			}
		}
		return out, nil
	}
}

// guessedAfter is the error of a breaker that guessed when it was told its game was over.
type guessedAfter string

func (e guessedAfter) Error() string {
	return "it replied with a guess, after the game was " + string(e)
}

func errGuessedAfter(grade string) error { return guessedAfter(grade) }
