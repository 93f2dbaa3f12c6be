package codebreaker

import (
	"errors"
	"fmt"
	"math"
	"strings"

	"github.com/deliberate-practice/katas/internal/brief"
	"github.com/deliberate-practice/katas/internal/step"
	"github.com/deliberate-practice/katas/mastermind"
)

// What a breaker may rely on is its game's feedback alone. The code maker deals every secret
// of a game in an order drawn from the run's seed, so that a game's number, the order of the
// games and of their requests say nothing of its secret; and it refuses a play that no
// breaker reaches by what it was told (knew):
//
//   - Its guesses broke more secrets than chance allows. Where a game has been told what
//     leaves k codes possible, its secret is any of them alike, so that a guess among them
//     breaks it with a chance of 1 in k, whatever the breaker: the guesses of an honest
//     breaker break, over every game, about as many secrets as those chances add up to — as
//     many exactly, for a breaker whose guesses follow from the feedback alone — and more
//     than luckAllowance beyond that with a chance under one in a billion (Freedman's
//     inequality). A breaker that knows a secret breaks it at once.
//   - Over every classic secret, it took fewer guesses than the proven optimum. No breaker
//     whose guesses follow from the feedback can; one whose guesses vary by chance can, by
//     luck, only at the optimum already, and then breaks ties at random: the message says to
//     break them by a rule.
//
// And the levels above @classic grade a strategy (theyShouldTakeAtMostInAll): a play whose
// games told the same guessed apart — by chance, or pooling what the games were told, within
// what chance allows — may owe its total to either, and reaches no level.

// knowing is the error of a play whose breaker knew what it could not have known.
type knowing struct{ err *step.Error }

func (k knowing) Error() string { return k.err.Error() }
func (k knowing) Unwrap() error { return k.err }

// isKnowing reports whether err refuses a play as knowing what it could not have known.
func isKnowing(err error) bool {
	var k knowing
	return errors.As(err, &k)
}

// luckLog is the natural logarithm of the chance below which a play is taken for knowing:
// ln(10⁹) and some, for what the rough bound leaves out.
const luckLog = 24.0

// luck is how a play's breaks stand beside chance.
type luck struct {
	broken   int     // secrets broken
	expected float64 // the secrets chance breaks, by what each game was told: the sum of 1/k
	variance float64 // the variance of that count
	varies   bool    // two games told the same guessed apart: the guesses follow from more than the feedback
	apart    string  // where they first did, for a message; "" where they never did
}

// allowance is how many more secrets than expected chance breaks but once in e^luckLog plays.
func (l luck) allowance() float64 {
	a := luckLog / 3
	return a + math.Sqrt(a*a+2*luckLog*l.variance)
}

// luckOf weighs a play's games: for each guess, the codes its game's feedback still left
// possible, and whether the guess broke the secret.
func luckOf(r mastermind.Rules, games []*game) luck {
	var l luck
	every := everySecret(r)
	possible := map[string][]mastermind.Code{"": every} // by what the games were told so far
	type after struct {
		guess string
		game  *game
	}
	guessed := map[string]after{} // the guess that followed, for each, and the first game that made it
	for _, g := range games {
		told := ""
		left := every
		for i, t := range g.board() {
			guess := numbers(t.Guess)
			if before, ok := guessed[told]; !ok {
				guessed[told] = after{guess, g}
			} else if before.guess != guess && !l.varies {
				l.varies = true
				l.apart = fmt.Sprintf("games %d and %d, told the same%s, guessed %s and %s", before.game.id, g.id, sofar(g.board()[:i]), brief.Quote(before.guess), brief.Quote(guess))
			}
			for _, c := range left {
				if c.Equal(t.Guess) {
					p := 1 / float64(len(left))
					l.expected += p
					l.variance += p * (1 - p)
					break
				}
			}
			if t.Feedback.Black == r.Width {
				l.broken++
				break // nothing follows a win
			}
			told += guess + " " + t.Feedback.String() + ";"
			next, ok := possible[told]
			if !ok {
				next = nil
				for _, c := range left {
					if f, err := mastermind.Score(c, t.Guess); err == nil && f == t.Feedback {
						next = append(next, c)
					}
				}
				possible[told] = next
			}
			left = next
		}
	}
	return l
}

// knew returns the error of a play of every secret of the rules, its games in the order of the
// secrets, that no breaker reaches by what it was told; nil for any other play.
func knew(r mastermind.Rules, games []*game) error {
	return luckOf(r, games).knew(r, games)
}

// knew is the package's knew, for a play whose luck is l.
func (l luck) knew(r mastermind.Rules, games []*game) error {
	about := fmt.Sprintf("the %s of %s, %s and %s", secretsCount(len(games)), brief.Count(r.Colors, "colour", "colours"),
		brief.Count(r.Width, "peg", "pegs"), brief.Count(r.MaxTurns, "turn", "turns"))
	const rely = "A game's secret follows from its feedback alone: not from its number, nor the order of the games or their requests, which the code maker deals from the run's seed; nor from what other games were told."
	if more := float64(l.broken) - l.expected; more > l.allowance() {
		return knowing{&step.Error{About: about, Cause: fmt.Sprintf(
			"the breaker knew what it could not have known: its guesses broke %s, where by what each game had been told chance breaks %.0f, and more than %.0f more but once in a billion plays. %s",
			secretsCount(l.broken), l.expected, math.Floor(l.allowance()), rely)}}
	}
	c := mastermind.Classic()
	if r.Colors != c.Colors || r.Width != c.Width || len(games) != classicSecrets {
		return nil
	}
	total := 0
	for _, g := range games {
		total += g.guesses()
	}
	if total >= optimalTotal {
		return nil
	}
	msg := fmt.Sprintf("the breaker knew what it could not have known: %s guesses in all, fewer than the optimum's %s, which no breaker takes by what it is told. %s",
		brief.Thousands(total), brief.Thousands(optimalTotal), rely)
	if l.varies {
		msg += " (Its guesses vary with more than the feedback: games told the same guessed apart. A breaker that breaks ties at random can come under the optimum by luck where it is at the optimum already: break ties by a rule.)"
	}
	return knowing{&step.Error{About: about, Cause: strings.TrimSpace(msg)}}
}

// sofar writes what a game was told before a guess, for a message: " (1 1 2 2 → B W)", or ""
// before its first.
func sofar(board []mastermind.Turn) string {
	if len(board) == 0 {
		return " (nothing yet)"
	}
	parts := make([]string, len(board))
	for i, t := range board {
		parts[i] = numbers(t.Guess) + " → " + feedbackText(t.Feedback)
	}
	return " (" + strings.Join(parts, ", ") + ")"
}
