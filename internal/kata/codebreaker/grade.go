package codebreaker

import (
	"bytes"
	"fmt"
	"strings"

	"github.com/deliberate-practice/katas/internal/step"
	"github.com/deliberate-practice/katas/mastermind"
	"github.com/deliberate-practice/katas/mastermind/solver"
)

// The marks a breaker of the classic game is graded beside, every one of its 1,296 secrets
// played: Knuth's minimax (Knuth 1977), and the optimum (Koyama and Lai 1993), which this
// project's solver reproduces.
const marks = "Knuth 5,801, the optimum 5,625"

// classicSecrets is how many secrets the classic game has: 6 colours, 4 pegs.
const classicSecrets = 1296

// grade is the breaker's grade over the games it played to their end: its guesses in
// all, a game and at worst, beside the published marks for the classic game.
func (s *breakerScenario) grade() (step.Grade, bool) {
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
	// On one line of 80 columns: over every classic secret, beside the published marks,
	// which are totals over them all; over other games, with how many it played.
	c := mastermind.Classic()
	every := s.rules.Colors == c.Colors && s.rules.Width == c.Width && games == classicSecrets
	played := " for " + secretsCount(games)
	if every {
		played = ""
	}
	line := fmt.Sprintf("Graded: %s guesses%s, %.3f a game, %d at worst", thousands(total), played, float64(total)/float64(games), worst)
	if lost > 0 {
		line += fmt.Sprintf(", %s lost", thousands(lost))
	}
	if every {
		line += "; " + marks
	}
	return step.Grade{Total: total, Worst: worst, Games: games, Line: line}, true
}

// reference returns how many guesses a strategy of this project's solver takes for each
// secret of the rules, in the order of everySecret: "Knuth's" or "the optimal", as the
// feature names them. It plays every secret through the strategy's whole tree, as
// solver.WriteTree writes it: the next guess for each feedback so far, and the lowest of the
// secrets left where one or two are.
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
	for i, secret := range secrets {
		possible := secrets
		path := ""
		for n := 1; n <= len(secrets); n++ {
			guess, ok := tree[path]
			if !ok {
				guess = possible[0]
			}
			fb, err := mastermind.Score(secret, guess)
			if err != nil {
				return nil, err
			}
			if fb.Black == r.Width {
				out[i] = n
				break
			}
			var left []mastermind.Code
			for _, c := range possible {
				if f, _ := mastermind.Score(c, guess); f == fb {
					left = append(left, c)
				}
			}
			possible = left
			if path != "" || n > 1 {
				path += ","
			}
			path += treeFeedback(fb)
		}
	}
	return out, nil
}

// treeFeedback writes feedback as a line of a tree does: B and W, or "-" for none.
func treeFeedback(f mastermind.Feedback) string {
	if f == (mastermind.Feedback{}) {
		return "-"
	}
	return strings.Repeat("B", f.Black) + strings.Repeat("W", f.White)
}
