package codebreaker

import (
	"bytes"
	"fmt"
	"strings"
	"sync"

	"github.com/deliberate-practice/katas/internal/brief"
	"github.com/deliberate-practice/katas/internal/step"
	"github.com/deliberate-practice/katas/internal/verdict"
	"github.com/deliberate-practice/katas/mastermind"
	"github.com/deliberate-practice/katas/mastermind/solver"
)

// The levels a breaker of the classic game climbs, every one of its 1,296 secrets played:
// every secret broken within the game's turns (@classic), no more guesses in all than Knuth's
// minimax takes (Knuth 1977; @knuth), and no more than the optimum (Koyama and Lai 1993;
// @optimal), which this project's solver reproduces.
const (
	classicSecrets = 1296
	knuthTotal     = 5801
	optimalTotal   = 5625
)

// marks are the published marks, as the screen puts them beside a grade.
const marks = "Knuth 5,801, the optimum 5,625"

// Scale is the code breaker's scale of marks: guesses over the 1,296 secrets of the classic
// game, beside Knuth's and the optimum's; a mark over fewer games — a run that stopped part
// of the way — is held to the least that many games can take.
func Scale() verdict.Scale {
	c := mastermind.Classic()
	return verdict.Scale{
		What:      "guesses over the 1,296 secrets of the classic game (6 colours, 4 pegs): fewer is better",
		Games:     classicSecrets,
		Turns:     c.MaxTurns,
		Landmarks: []verdict.Landmark{{Name: "Knuth", Total: knuthTotal}, {Name: "the optimum", Total: optimalTotal}},
		Least: func(games, worst int) int {
			least := leastGuesses(c, games, worst)
			if games < classicSecrets || least == verdict.Unreachable {
				return least
			}
			// Every classic secret: no strategy breaks them all within 4 guesses (Knuth
			// 1977), and within 5 the fewest is 5,626 (the solver's OptimalWithin(5)).
			switch {
			case worst <= 4:
				return verdict.Unreachable
			case worst == 5:
				return optimalWithin5
			}
			return optimalTotal
		},
	}
}

// optimalWithin5 is the fewest guesses in all over every classic secret of a strategy that
// breaks each within 5: one more than the optimum, which takes 6 for one secret.
const optimalWithin5 = 5626

// leastGuesses is the fewest guesses in all that games games of the rules can take, none more
// than worst, by what a breaker is told: a guess tells one of the game's feedbacks, so that n
// guesses tell apart at most k^(n-1) secrets, k the feedbacks that do not win, and at most that
// many games are won at the n-th guess. It is verdict.Unreachable where games are more than
// worst guesses each can tell apart.
func leastGuesses(r mastermind.Rules, games, worst int) int {
	k := feedbacks(r.Width) - 1
	total, at := 0, 1
	for n := 1; games > 0; n++ {
		if n > worst {
			return verdict.Unreachable
		}
		won := min(games, at)
		total += won * n
		games -= won
		at = min(at*k, classicSecrets*classicSecrets)
	}
	return total
}

// feedbacks is how many feedbacks a guess of width pegs can get: b black and w white with b+w
// at most width, but for width-1 black and 1 white, which no guess gets.
func feedbacks(width int) int {
	return (width+1)*(width+2)/2 - 1
}

// grade is the breaker's grade over a play of every classic secret, its games in the order of
// the secrets: its guesses in all, a game and at worst, beside the published marks, and the
// level it reached, with what the next needs. A play that stopped part of the way is graded
// over the games that ended, a mark a room shows with its number of games, and no line on the
// screen, which leads with what stopped it. A play of another game has no grade, nor does one
// in which no game ended.
func (s *breakerScenario) grade(run *step.Run) (step.Grade, bool) {
	c := mastermind.Classic()
	if s.rules.Colors != c.Colors || s.rules.Width != c.Width || len(s.games) != classicSecrets {
		return step.Grade{}, false
	}
	total, worst, games, lost := 0, 0, 0, 0
	for _, g := range s.games {
		if g.fault != nil || g.grade == "continue" {
			continue // a game the breaker did not play to its end
		}
		games++
		total += g.guesses()
		worst = max(worst, g.guesses())
		if g.grade == "lost" {
			lost++
		}
	}
	if games == 0 {
		return step.Grade{}, false
	}
	var line string
	if games == classicSecrets {
		// On a line of 80 columns, beside the published marks, which are totals over the
		// same secrets.
		line = fmt.Sprintf("Graded: %s guesses, %.3f a game, %d at worst; %s", brief.Thousands(total), float64(total)/float64(games), worst, marks)
		line += "\n" + level(total, lost, s.rules.MaxTurns, s.apart != "")
	}
	if run != nil && run.Given() && line != "" {
		line += "\nA replay: its seed was given, where the program could read it too, so its mark is not kept."
	}
	// A play that is no strategy keeps no mark a level's total: a room would show it as one.
	unmarked := s.apart != "" && total <= knuthTotal
	return step.Grade{Total: total, Worst: worst, Games: games, Line: line, Unmarked: unmarked}, true
}

// level says the highest level a play of every classic secret reached, and what the next needs;
// a play whose games told the same guessed apart (varies) is no strategy, which the levels
// above @classic grade.
func level(total, lost, turns int, varies bool) string {
	switch {
	case varies && lost == 0 && total <= knuthTotal:
		return "Level reached: @classic. Above it, the same feedback must get the same guess."
	case lost > 0:
		return fmt.Sprintf("Level reached: none yet (%s lost). Next, @classic: every one broken in %d.", secretsCount(lost), turns)
	case total > knuthTotal:
		return fmt.Sprintf("Level reached: @classic. Next, @knuth: %s to save, for %s in all.", count(total-knuthTotal, "guess", "guesses"), brief.Thousands(knuthTotal))
	case total > optimalTotal:
		return fmt.Sprintf("Level reached: @knuth. Next, @optimal: %s to save, for %s in all.", count(total-optimalTotal, "guess", "guesses"), brief.Thousands(optimalTotal))
	}
	return "Level reached: @optimal, the highest: no breaker takes fewer guesses."
}

// reference returns how many guesses a strategy of this project's solver takes for each
// secret of the rules, in the order of everySecret: "Knuth's" or "the optimal", as the
// feature names them. It plays every secret through the strategy's whole tree, as
// solver.WriteTree writes it: the next guess for each feedback so far, and the lowest of the
// secrets left where one or two are; the secrets a guess leaves apart go down the tree
// together.
func reference(r mastermind.Rules, name string) ([]int, error) {
	strategy := solver.Knuth
	if name == "the optimal" {
		strategy = solver.Optimal
	}
	var text bytes.Buffer
	if err := solver.WriteTree(&text, r, strategy); err != nil {
		return nil, err
	}
	tree := map[string]mastermind.Code{}
	for _, line := range strings.Split(text.String(), "\n") {
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		path, guess, ok := strings.Cut(line, ": ")
		code, err := mastermind.ParseCode(guess)
		if !ok || err != nil {
			return nil, fmt.Errorf("the solver's tree: a line %q", line)
		}
		tree[path] = code
	}
	secrets := everySecret(r)
	out := make([]int, len(secrets))
	var walk func(path string, n int, left []mastermind.Code) error
	walk = func(path string, n int, left []mastermind.Code) error {
		guess, ok := tree[path]
		if !ok {
			guess = left[0] // the lowest: left keeps everySecret's order
		}
		var groups []mastermind.Feedback
		apart := map[mastermind.Feedback][]mastermind.Code{}
		for _, secret := range left {
			fb, err := mastermind.Score(secret, guess)
			if err != nil {
				return err
			}
			if fb.Black == r.Width {
				out[indexOf(r, secret)] = n
				continue
			}
			if _, ok := apart[fb]; !ok {
				groups = append(groups, fb)
			}
			apart[fb] = append(apart[fb], secret)
		}
		for _, fb := range groups {
			next := treeFeedback(fb)
			if path != "" {
				next = path + "," + next
			}
			if err := walk(next, n+1, apart[fb]); err != nil {
				return err
			}
		}
		return nil
	}
	return out, walk("", 1, secrets)
}

// references are the guesses Knuth's strategy and the optimal one take for each secret of a
// game, in the order of everySecret, for a level that fails to name the first secret the
// breaker took more guesses over: each worked out the first time a level needs it, once a run
// (Knuth's in a hundredth of a second, the optimum's in a tenth, most of it its tree's search).
type references struct {
	rules   mastermind.Rules
	knuth   lazyReference
	optimal lazyReference
}

// A lazyReference is one strategy's reference, worked out once.
type lazyReference struct {
	once    sync.Once
	guesses []int
	err     error
}

// of returns the reference of the strategy the feature names: "Knuth's" or "the optimal".
func (refs *references) of(name string) ([]int, error) {
	r := &refs.knuth
	if name == "the optimal" {
		r = &refs.optimal
	}
	r.once.Do(func() { r.guesses, r.err = reference(refs.rules, name) })
	return r.guesses, r.err
}

// treeFeedback writes feedback as a line of a tree does: B and W, or "-" for none.
func treeFeedback(f mastermind.Feedback) string {
	if f == (mastermind.Feedback{}) {
		return "-"
	}
	return strings.Repeat("B", f.Black) + strings.Repeat("W", f.White)
}
