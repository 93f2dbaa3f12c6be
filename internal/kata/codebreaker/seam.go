package codebreaker

import (
	"errors"
	"fmt"
	"time"

	"github.com/deliberate-practice/katas/internal/brief"
	"github.com/deliberate-practice/katas/internal/protocol"
	"github.com/deliberate-practice/katas/internal/step"
	"github.com/deliberate-practice/katas/mastermind"
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

// A table is where the breakers sit: it sends a round of moves, many games' at once, and
// returns a function that waits for each move's answer; rounds are waited for in the order
// they were sent. Its errors say that the conversation with the implementation broke: no
// answer can be read.
type table func(r round) (await func() ([]answer, error), err error)

// errNoBreaker says the implementation's constructor gave neither a breaker nor an error.
var errNoBreaker = errors.New("the breaker's constructor returned no breaker and no error")

// inProcess is the table of breakers that newBreaker makes in the test's own process, each call
// into one guarded by the time limit (0: none).
func inProcess(newBreaker NewBreaker, limit time.Duration) table {
	breakers := map[int]Breaker{}
	play := func(r round) ([]answer, error) {
		moves := r.moves
		out := make([]answer, len(moves))
		guessed := 0
		for i, m := range moves {
			if i%64 == 0 {
				r.tally.show(guessed)
			}
			g := m.game
			if m.start {
				b, err := step.Call(limit, "new", func() (Breaker, error) { return newBreaker(g.rules.Colors, g.rules.Width, g.rules.MaxTurns) })
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
				_, err := step.Call(limit, "Feedback", func() (struct{}, error) { return struct{}{}, b.Feedback(t.black, t.white, t.grade) })
				if t.grade != "continue" {
					delete(breakers, g.id) // the game is over
				}
				if err != nil {
					out[i] = answer{call: "Feedback", err: err}
					continue
				}
			}
			if m.ask {
				guess, err := step.Call(limit, "Guess", b.Guess)
				out[i] = answer{guess: guess, call: "Guess", err: err}
				if err == nil {
					out[i].call = ""
				}
				guessed++
			}
		}
		return out, nil
	}
	return func(r round) (func() ([]answer, error), error) {
		return func() ([]answer, error) { return play(r) }, nil
	}
}

// remote is the table of the program under test: each round's requests written at once.
func remote(conn *protocol.Conn) table {
	var out []round // the rounds sent, their answers not yet read, in order
	return func(rd round) (func() ([]answer, error), error) {
		moves := rd.moves
		type at struct {
			move int
			call string
		}
		var reqs []protocol.Request
		var where []at
		asks := 0
		for i, m := range moves {
			for _, rq := range m.requests() {
				reqs = append(reqs, rq)
				where = append(where, at{i, rq.Op})
			}
			if m.ask {
				asks++
			}
		}
		replied := func(n int) {
			if n%32 == 0 {
				rd.tally.show(n * asks / len(reqs))
			}
		}
		sent, err := conn.Send(protocol.Batch{Name: rd.name(), Replied: replied}, reqs)
		if err != nil {
			blame(conn, append([]round{rd}, out...), 0)
			return nil, err
		}
		out = append(out, rd)
		return func() ([]answer, error) {
			inFlight := out
			out = out[1:]
			replies, err := conn.Receive(sent)
			if err != nil {
				if len(replies) < len(where) {
					blame(conn, inFlight, where[len(replies)].move)
				}
				return nil, err
			}
			answers := make([]answer, len(moves))
			for j, r := range replies {
				w := where[j]
				a := &answers[w.move]
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
						var err error
						if raw, given := r.Fields["guess"]; given {
							err = conn.Broken("the program replied to guess with \"guess\": %s, where a guess is a list of colours, whole numbers such as [1, 1, 2, 2]: request %s", brief.Quote(string(raw)), r.Request)
						} else {
							err = conn.Broken("the program replied to guess without %s: request %s", `"guess", a list of colours`, r.Request)
						}
						blame(conn, inFlight, w.move)
						return nil, err
					}
					a.guess = guess
				}
			}
			return answers, nil
		}, nil
	}
}

// requests are the requests of a move, as the protocol writes them: the game's start, the
// feedback on its last guess, the ask for its next.
func (m move) requests() []protocol.Request {
	g := m.game
	var out []protocol.Request
	if m.start {
		out = append(out, protocol.Request{Op: "new", Fields: map[string]any{"game": g.id, "colors": g.rules.Colors, "width": g.rules.Width, "turns": g.rules.MaxTurns}})
	}
	if t := m.told; t != nil {
		out = append(out, protocol.Request{Op: "feedback", Fields: map[string]any{"game": g.id, "black": t.black, "white": t.white, "grade": t.grade}})
	}
	if m.ask {
		out = append(out, protocol.Request{Op: "guess", Fields: map[string]any{"game": g.id}})
	}
	return out
}

// blame names, in the conversation's break, the game it broke in: the game of the move the
// first request without its reply was for, move first of the first of the rounds in flight —
// or, where the program crashed, the game in which it crashes when the games from that one on
// are played again, one at a time, for a program that keeps its replies until it has
// answered every request it read loses those it kept when it crashes. The message says the
// game's secret, its guesses and feedback so far, and the row that plays it again.
func blame(conn *protocol.Conn, inFlight []round, first int) {
	var suspects []*game // the games in flight, from the first without its replies on
	for i, rd := range inFlight {
		for j, m := range rd.moves {
			if i > 0 || j >= first {
				suspects = append(suspects, m.game)
			}
		}
	}
	if len(suspects) == 0 {
		return
	}
	g, note := suspects[0], ""
	if step.KindOf(conn.Check()) == step.Crash {
		switch again, tried := replay(conn.Program, suspects); {
		case again != nil && again != g:
			note = fmt.Sprintf("\n(Played again alone, game %d crashes the program, and game %d, the first without its replies, does not: the replies before the crash were lost with it, unflushed.)", again.id, g.id)
			g = again
		case again == nil:
			note = fmt.Sprintf("\n(The first game without its replies. Played again alone, none of the %s from it on crashes the program: the crash came of more than one game's play.)", count(tried, "game", "games"))
		}
	}
	conn.Blame(g.String())
	conn.Amend(g.sofarLine() + note)
}

// replayBudget bounds the time blame spends playing games again.
const replayBudget = 30 * time.Second

// replay plays the games again, each in a process of its own, one request at a time, from its
// start to the guess it was asked for last, and returns the first game in which the program
// crashes and how many games it played; nil where none crashes within replayBudget. A game in
// a process of its own crashes again where its own play crashes the program, and not where
// the crash came of something else: the requests before it, other games' state.
func replay(prog *protocol.Program, games []*game) (*game, int) {
	deadline := time.Now().Add(replayBudget)
	tried := 0
	for _, g := range games {
		if time.Now().After(deadline) {
			break
		}
		tried++
		conv := prog.Scenario()
		crashed, ok := replayGame(conv, g, g.guesses()+1)
		_ = conv.End() // the next game's process is a new one
		switch {
		case crashed:
			return g, tried
		case !ok:
			return nil, tried // the conversation broke otherwise: nothing more to learn
		}
	}
	return nil, tried
}

// replayGame plays game g again through conv, one request at a time, as far as its n-th
// guess: its start, then a guess and its feedback a turn. It reports whether the program
// crashed, and whether the conversation went on.
func replayGame(conv *protocol.Conn, g *game, n int) (crashed, ok bool) {
	call := func(op string, fields map[string]any) (protocol.Reply, bool) {
		r, err := conv.Call(op, fields)
		if err != nil {
			crashed = step.KindOf(err) == step.Crash
			return r, false
		}
		return r, true
	}
	if _, ok := call("new", map[string]any{"game": g.id, "colors": g.rules.Colors, "width": g.rules.Width, "turns": g.rules.MaxTurns}); !ok {
		return crashed, false
	}
	for turn := 1; turn <= n; turn++ {
		r, ok := call("guess", map[string]any{"game": g.id})
		if !ok {
			return crashed, false
		}
		guess, isGuess := r.Ints("guess")
		code := make(mastermind.Code, len(guess))
		for i, p := range guess {
			code[i] = mastermind.Color(p)
		}
		fb, err := mastermind.Score(g.secret, code)
		if !isGuess || err != nil || turn == n {
			return false, true // no guess of the game, or the round's: the game ends here
		}
		grade := "continue"
		switch {
		case fb.Black == g.rules.Width:
			grade = "won"
		case turn >= g.rules.MaxTurns:
			grade = "lost"
		}
		if _, ok := call("feedback", map[string]any{"game": g.id, "black": fb.Black, "white": fb.White, "grade": grade}); !ok {
			return crashed, false
		}
		if grade != "continue" {
			return false, true
		}
	}
	return false, true
}

// guessedAfter is the error of a breaker that guessed when it was told its game was over.
type guessedAfter string

func (e guessedAfter) Error() string {
	return "it replied with a guess, after the game was " + string(e)
}

func errGuessedAfter(grade string) error { return guessedAfter(grade) }
