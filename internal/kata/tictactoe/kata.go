// Package tictactoe is the tic-tac-toe kata, Exercism's "state of tic-tac-toe": the steps that
// classify a practitioner's boards as ongoing, a draw or a win, or refuse them with Exercism's
// exact messages, the property check over every board, the seams in process and over the
// protocol, and the starting points.
package tictactoe

import (
	"embed"
	"errors"
	"io/fs"

	"github.com/cucumber/godog"

	"github.com/deliberate-practice/katas/internal/kata"
	"github.com/deliberate-practice/katas/internal/protocol"
)

// starters are the tic-tac-toe starting points, a folder for each language.
//
//go:embed templates
var starters embed.FS

// Name is the kata's name, as kata run takes it.
const Name = "tictactoe"

// Kata is the tic-tac-toe kata, its feature file read from features: Exercism's state of
// tic-tac-toe.
func Kata(features fs.FS) kata.Kata {
	return kata.Kata{
		Name:     Name,
		Summary:  "Exercism's state of tic-tac-toe: ongoing, draw or win, or Exercism's exact error for a board play could not reach; @beyond-exercism also refuses boards of the wrong shape and play after one win, and checks every board (--tags '~@beyond-exercism' for Exercism's alone)",
		Features: features,
		Files:    []string{"tictactoe.feature"},
		Remote:   func(sc *godog.ScenarioContext, conn *protocol.Conn) { initialize(sc, remote(conn), remoteAll(conn), 0) },
		Protocol: requests,
		Starters: starters,
		Refusing: map[string]string{
			"python":     "To refuse a board, raise ValueError with a message that says what was wrong, as Exercism's exercise asks: a solution written for Exercism drops in as it is, and passes the scenarios of Exercism's exercise (--tags '~@beyond-exercism'); those tagged @beyond-exercism ask more. Any other exception is a bug: it stops the adapter, and the runner shows its traceback.",
			"javascript": "To refuse a board, throw new Error with a message that says what was wrong, as Exercism's exercise asks: a solution written for Exercism drops in as it is, and passes the scenarios of Exercism's exercise (--tags '~@beyond-exercism'); those tagged @beyond-exercism ask more. Any other error (a TypeError, a RangeError) is a bug: it stops the adapter, and the runner shows its stack.",
			"elixir":     "To refuse a board, return {:error, message} with a message that says what was wrong, as Exercism's exercise asks: a solution written for Exercism drops in as it is, and passes the scenarios of Exercism's exercise (--tags '~@beyond-exercism'); those tagged @beyond-exercism ask more. Any exception is a bug: it stops the adapter, and the runner shows its stack.",
			"java":       "To refuse a board, throw new IllegalArgumentException with a message that says what was wrong, as Exercism's exercise asks: a solution written for Exercism drops in as it is, and passes the scenarios of Exercism's exercise (--tags '~@beyond-exercism'); those tagged @beyond-exercism ask more. Any other exception is a bug: it stops the adapter, and the runner shows its stack.",
		},
		OneRow: "State of tic-tac-toe/Boards that play cannot reach/row 3$",
		Tag:    "~@beyond-exercism",
	}
}

// remote is the seam over the protocol: the classifier in the program under test.
func remote(conn *protocol.Conn) Classify {
	return func(rows []string) (string, error) {
		r, err := conn.Call("classify", map[string]any{"rows": rows})
		if err != nil {
			return "", err
		}
		if msg, ok := r.Refusal(); ok {
			return "", errors.New(msg)
		}
		state, ok := r.String("state")
		if !ok {
			return "", noState(conn, r)
		}
		return state, nil
	}
}

// noState breaks the conversation for a reply to classify with no state in it: a state of
// null, or none, is what a stub's gamestate gives — None in Python, undefined in JavaScript —
// and is named so, as a part not written yet; any other, a reply that is no classification.
func noState(conn *protocol.Conn, r protocol.Reply) error {
	if raw, has := r.Fields["state"]; !has || string(raw) == "null" {
		return conn.Missing("gamestate returned nothing (None in Python, undefined in JavaScript), as a stub does: the program replied to classify with no state, request %s", r.Request)
	}
	return conn.Broken("the program replied to classify with a state that is not a string: request %s", r.Request)
}

// remoteAll classifies many boards in the program under test, their requests sent at once.
func remoteAll(conn *protocol.Conn) classifyAll {
	return func(boards [][]string) ([]string, []error, error) {
		reqs := make([]protocol.Request, len(boards))
		for i, rows := range boards {
			reqs[i] = protocol.Request{Op: "classify", Fields: map[string]any{"rows": rows}}
		}
		replies, err := conn.CallAll(reqs)
		if err != nil {
			return nil, nil, err
		}
		states, refusals := make([]string, len(boards)), make([]error, len(boards))
		for i, r := range replies {
			if msg, ok := r.Refusal(); ok {
				refusals[i] = errors.New(msg)
				continue
			}
			state, ok := r.String("state")
			if !ok {
				return nil, nil, noState(conn, r)
			}
			states[i] = state
		}
		return states, refusals, nil
	}
}

// requests is the tic-tac-toe kata's request.
const requests = `
Tic-tac-toe requests

    {"id": 1, "op": "classify", "rows": ["X  ", " XO", "OX "]}

        Classify a board of three rows of three cells, each "X", "O" or " ". Reply
        {"id": 1, "state": "ongoing"}: "ongoing", "draw" or "win". For a board play could
        not have reached, reply Exercism's error, exactly:
        {"id": 1, "error": "Wrong turn order: O started"}, "Wrong turn order: X went twice"
        or "Impossible board: game should have ended after the game was won". Reply an
        error too, saying what is wrong, for a board of the wrong shape: a row that is not
        three cells, a cell that is not "X", "O" or " ".

An exchange (> from the runner, < from your program):

    < {"protocol": "katas", "version": 2, "kata": "tictactoe"}
    > {"id":1,"op":"classify","rows":["OOX","   ","   "]}
    < {"id": 1, "error": "Wrong turn order: O started"}
`
