package mastermind

import (
	"errors"
	"fmt"

	"github.com/deliberate-practice/katas/internal/brief"
	"github.com/deliberate-practice/katas/internal/protocol"
	"github.com/deliberate-practice/katas/internal/step"
)

// Game is one game of a Mastermind implementation under test: Dave Thomas's score(game,
// guess), and how many turns and guesses the board shows (features.MastermindGame says the
// contract to practitioners).
type Game interface {
	Score(guess []int) (grade string, black, white int, err error)
	TurnsLeft() int
	Guesses() int
}

// A rewinder is a game that can go back to itself as it was before its last scored guess, as a
// program over the protocol can, whose score(game, guess) returns the game after the guess
// and leaves game as it was. A game that is not one goes back by being played again. Its
// method is unexported: no practitioner's Go game is taken for one.
type rewinder interface {
	back() error
}

// NewGame starts a game, Dave Thomas's new(num_colors, width, max_turns), with the code
// maker's secret, or refuses the rules or the secret with an error.
type NewGame func(numColors, width, maxTurns int, secret []int) (Game, error)

// remote is the seam over the protocol: NewGame, and the games it starts, in the program
// under test.
func remote(conn *protocol.Conn) NewGame {
	return func(colors, width, turns int, secret []int) (Game, error) {
		r, err := conn.Call("new", map[string]any{"colors": colors, "width": width, "turns": turns, "secret": secret})
		if err != nil {
			return nil, err
		}
		if msg, ok := r.Refusal(); ok {
			return nil, errors.New(msg)
		}
		return remoteGame{conn}, nil
	}
}

// remoteGame is a game in the program under test.
type remoteGame struct{ conn *protocol.Conn }

func (g remoteGame) Score(guess []int) (string, int, int, error) {
	r, err := g.conn.Call("score", map[string]any{"guess": guess})
	if err != nil {
		return "", 0, 0, err
	}
	if msg, ok := r.Refusal(); ok {
		return "", 0, 0, errors.New(msg)
	}
	grade, okGrade := r.String("grade")
	black, okBlack := r.Int("black")
	white, okWhite := r.Int("white")
	if !okGrade || !okBlack || !okWhite {
		return "", 0, 0, g.conn.Broken("the program replied to score without %s: request %s", `"grade", "black" and "white"`, r.Request)
	}
	return grade, black, white, nil
}

// back goes back to the game as it was before the last guess scored: the one the program's
// score(game, guess) was given, and left as it was.
func (g remoteGame) back() error {
	if v := g.conn.Version(); v < 2 {
		return fmt.Errorf("the program greets with protocol version %d, which has no back: greet with version 2 and answer back with the game as it was before the last guess (kata protocol mastermind)", v)
	}
	r, err := g.conn.Call("back", nil)
	if err != nil {
		return err
	}
	if msg, ok := r.Refusal(); ok {
		if step.IsNotImplemented(msg) {
			return g.conn.NotImplemented("back")
		}
		return g.conn.Broken("the program replied to back with the error %s; back plays on from the game that the last score was given, and has no error to give", brief.Quote(msg))
	}
	return nil
}

func (g remoteGame) TurnsLeft() int { return g.count("turns_left") }

func (g remoteGame) Guesses() int { return g.count("guesses") }

// count asks for a number, op, that its reply holds in the field of op's name. A reply with
// an error, or without the number, breaks the conversation, and count returns -1, which no
// check accepts.
func (g remoteGame) count(op string) int {
	r, err := g.conn.Call(op, nil)
	if err != nil {
		return -1
	}
	if msg, ok := r.Refusal(); ok {
		if step.IsNotImplemented(msg) {
			_ = g.conn.NotImplemented(op)
		} else {
			_ = g.conn.Broken("the program replied to %s with the error %s; %s has no error to give", op, brief.Quote(msg), op)
		}
		return -1
	}
	n, ok := r.Int(op)
	if !ok {
		_ = g.conn.Broken("the program replied to %s without %s: request %s", op, fmt.Sprintf("%q", op), r.Request)
		return -1
	}
	return n
}

// playAll plays each pair on a new game at once, as a program over the protocol can: how
// each went, and an error when the conversation broke.
type playAll func(pairs []pair) ([]miss, error)

// remoteAll plays pairs in the program under test, a "new" and a "score" for each, their
// requests sent at once. A refused game's "score" goes to no game of the pair's, and its
// reply is not read as the pair's.
func remoteAll(conn *protocol.Conn) playAll {
	return func(pairs []pair) ([]miss, error) {
		reqs := make([]protocol.Request, 0, 2*len(pairs))
		for _, p := range pairs {
			reqs = append(reqs,
				protocol.Request{Op: "new", Fields: map[string]any{"colors": p.colors, "width": len(p.secret), "turns": propertyTurns, "secret": p.secret}},
				protocol.Request{Op: "score", Fields: map[string]any{"guess": p.guess}})
		}
		replies, err := conn.CallAll(reqs)
		if err != nil {
			return nil, err
		}
		out := make([]miss, len(pairs))
		for i, p := range pairs {
			m, started, scored := miss{pair: p}, replies[2*i], replies[2*i+1]
			if msg, ok := started.Refusal(); ok {
				m.err, m.call = errors.New(msg), "new"
				m.refused = "new refused the game: " + brief.Quote(msg)
				out[i] = m
				continue
			}
			if msg, ok := scored.Refusal(); ok {
				m.err, m.call = errors.New(msg), "score"
				m.refused = "the guess was refused: " + brief.Quote(msg)
				out[i] = m
				continue
			}
			grade, okGrade := scored.String("grade")
			black, okBlack := scored.Int("black")
			white, okWhite := scored.Int("white")
			if !okGrade || !okBlack || !okWhite {
				return nil, conn.Broken("the program replied to score without %s: request %s", `"grade", "black" and "white"`, scored.Request)
			}
			m.grade, m.black, m.white = grade, black, white
			out[i] = m
		}
		return out, nil
	}
}
