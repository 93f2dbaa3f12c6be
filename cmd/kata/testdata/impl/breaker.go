package main

import (
	"encoding/json"
	"fmt"
	"os"
	"strings"

	"github.com/deliberate-practice/katas/mastermind"
	"github.com/deliberate-practice/katas/mastermind/solver"
)

// table is the code breakers of the games under way, by number, and what their strategy has
// decided: the guess after each run of feedback is the same in every game of the same rules.
type table struct {
	games map[int]*breaker
	memo  map[string]mastermind.Code
	news  *int // the new requests since game 1's, for a breaker that cheats by their order
}

// load reads a tree of guesses, by the feedback so far, into the memo, for the classic game.
func (t table) load(file string) error {
	data, err := os.ReadFile(file)
	if err != nil {
		return err
	}
	var tree map[string][]int
	if err := json.Unmarshal(data, &tree); err != nil {
		return err
	}
	for path, guess := range tree {
		c := make(mastermind.Code, len(guess))
		for i, p := range guess {
			c[i] = mastermind.Color(p)
		}
		t.memo["6 4 tree:"+path] = c
	}
	return nil
}

// answer answers a code-breaker request into reply.
func (t table) answer(req request, reply map[string]any, strategy, bug, misbehave string) error {
	if req.Op == "new" {
		r := mastermind.Rules{Colors: req.Colors, Width: req.Width, MaxTurns: req.Turns}
		if err := r.Validate(); err != nil {
			return err
		}
		if req.Game == 1 {
			*t.news = 0 // a scenario begins
		}
		*t.news++
		t.games[req.Game] = &breaker{rules: r, strategy: strategy, memo: t.memo, game: req.Game, nth: *t.news}
		return nil
	}
	b := t.games[req.Game]
	if b == nil {
		return fmt.Errorf("no game %d", req.Game)
	}
	switch req.Op {
	case "guess":
		switch misbehave {
		case "cheat-number":
			reply["guess"] = nthCode(b.rules, b.game) // the game's number as its secret's, never learning
			return nil
		case "cheat-order":
			reply["guess"] = nthCode(b.rules, b.nth) // the order of the new requests as the secrets'
			return nil
		case "string-guess":
			reply["guess"] = []string{"1", "1", "2", "2"} // colours as text, not numbers
			return nil
		case "crash-deep":
			if len(b.board) == 2 && b.board[0].Feedback == (mastermind.Feedback{Black: 1, White: 1}) {
				// A crash deep in one game, the replies before it lost: exit at once, the
				// buffer unflushed.
				fmt.Fprintf(os.Stderr, "impl: crashing in game %d, told B W first\n", req.Game)
				os.Exit(2)
			}
		}
		guess, err := b.guess(bug)
		reply["guess"] = guess
		return err
	case "feedback":
		if req.Grade != "continue" {
			delete(t.games, req.Game)
			if misbehave == "after-win" && req.Grade == "won" {
				reply["guess"] = []int{1} // the bug: a guess, after the game is over
			}
			return nil
		}
		b.board = append(b.board, mastermind.Turn{Guess: b.last, Feedback: mastermind.Feedback{Black: req.Black, White: req.White}})
		return nil
	}
	return fmt.Errorf("unknown op %s", req.Op)
}

// breaker breaks one game's secret.
type breaker struct {
	rules    mastermind.Rules
	game     int // its number
	nth      int // the new request that started it, counted from game 1's
	strategy string
	memo     map[string]mastermind.Code
	board    []mastermind.Turn
	last     mastermind.Code
}

// guess is the next guess: the strategy's, or, with a bug, not one of the game's.
func (b *breaker) guess(bug string) ([]int, error) {
	g, err := b.next()
	if err != nil {
		return nil, err
	}
	switch {
	case bug == "repeat" && len(b.board) > 0:
		g = b.board[0].Guess // the bug: the first guess again, for ever
	case bug == "wide" && len(b.board) == 1:
		g = append(g, 1) // the bug: a peg too many
	case bug == "colour" && len(b.board) == 1:
		g = append(mastermind.Code{mastermind.Color(b.rules.Colors + 1)}, g[1:]...) // the bug: a colour outside the game
	}
	b.last = g
	out := make([]int, len(g))
	for i, c := range g {
		out[i] = int(c)
	}
	return out, nil
}

// next is the strategy's next guess after the board so far.
func (b *breaker) next() (mastermind.Code, error) {
	if b.strategy == "first" {
		return b.firstPossible(), nil
	}
	var key strings.Builder
	fmt.Fprintf(&key, "%d %d %s:", b.rules.Colors, b.rules.Width, b.strategy)
	for _, t := range b.board {
		fmt.Fprintf(&key, "%d%d,", t.Feedback.Black, t.Feedback.White)
	}
	if g, ok := b.memo[key.String()]; ok {
		return g, nil
	}
	if b.strategy == "tree" {
		return nil, fmt.Errorf("no guess in the tree after %s", key.String())
	}
	s, err := solver.ParseStrategy(b.strategy)
	if err != nil {
		return nil, err
	}
	sv, err := solver.New(b.rules, s)
	if err != nil {
		return nil, err
	}
	for _, t := range b.board {
		if err := sv.Record(t.Guess, t.Feedback); err != nil {
			return nil, err
		}
	}
	g, err := sv.Next()
	if err == nil {
		b.memo[key.String()] = g
	}
	return g, err
}

// firstPossible is the first code, in order, that could still be the secret.
func (b *breaker) firstPossible() mastermind.Code {
	c := make(mastermind.Code, b.rules.Width)
	for i := range c {
		c[i] = 1
	}
	for {
		if ok, _ := mastermind.Consistent(b.rules, b.board, c); ok {
			return c
		}
		// the next code, in order
		i := len(c) - 1
		for i >= 0 && int(c[i]) == b.rules.Colors {
			c[i] = 1
			i--
		}
		if i < 0 {
			return c // no code fits: the feedback lied
		}
		c[i]++
	}
}

// nthCode is the n-th code of the rules, from 1, in order: 1 1 1 1, 1 1 1 2, …
func nthCode(r mastermind.Rules, n int) []int {
	out := make([]int, r.Width)
	k := n - 1
	for i := r.Width - 1; i >= 0; i-- {
		out[i] = k%r.Colors + 1
		k /= r.Colors
	}
	return out
}
