package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/deliberate-practice/katas/internal/brief"
	"github.com/deliberate-practice/katas/internal/lines"
	"github.com/deliberate-practice/katas/mastermind"
	"github.com/deliberate-practice/katas/mastermind/solver"
)

// answer is one of the player's answers: the computer's guess and the key pegs it got.
type answer struct {
	guess mastermind.Code
	fb    mastermind.Feedback
}

// solverFor returns a solver that has recorded the answers, all of which fit together.
func solverFor(cfg config, answers []answer) (*solver.Solver, error) {
	s, err := solver.New(cfg.rules, cfg.strategy)
	if err != nil {
		return nil, err
	}
	for _, a := range answers {
		if err := s.Record(a.guess, a.fb); err != nil {
			return nil, err
		}
	}
	return s, nil
}

// conflicts returns the numbers, from 1, of the answers that fb to guess contradicts: each
// answer that, left out, lets a secret fit all the others and fb. It returns none when only
// several answers taken together contradict it.
func conflicts(cfg config, answers []answer, guess mastermind.Code, fb mastermind.Feedback) []int {
	var out []int
	for i := range answers {
		others := append(append([]answer(nil), answers[:i]...), answers[i+1:]...)
		if s, err := solverFor(cfg, others); err == nil && s.Record(guess, fb) == nil {
			out = append(out, i+1)
		}
	}
	return out
}

// breakYourCode is the game where the computer breaks the player's secret.
func breakYourCode(ctx context.Context, cfg config, in *lines.Reader, out, errOut io.Writer) int {
	r := cfg.rules
	s, err := solverFor(cfg, nil)
	if err != nil {
		fmt.Fprintln(errOut, err)
		return 2
	}
	var answers []answer
	fmt.Fprintf(out, "Think of a secret of %s from %s: %s.\n", brief.Count(r.Width, "peg", "pegs"), brief.Count(r.Colors, "colour", "colours"), palette(r))
	fmt.Fprintf(out, "I will guess it in %s or fewer. Answer each guess with key pegs (\"B B W\", \"-\" for none) or counts (\"2 1\"); \"undo\" takes back your last answer, \"help\" explains, \"quit\" ends.\n", brief.Count(r.MaxTurns, "turn", "turns"))
	for len(answers) < r.MaxTurns {
		turn := len(answers) + 1
		guess, err := s.NextContext(ctx)
		if err != nil {
			fmt.Fprintln(errOut, "mastermind:", err)
			return 1
		}
		fmt.Fprintf(out, "Guess %d: %s\nyour answer> ", turn, inline(guess, cfg.color))
		line, err := readLine(in)
		switch {
		case err == io.EOF:
			fmt.Fprintln(out)
			fmt.Fprintln(out, "End of input. Goodbye.")
			return 0
		case errors.Is(err, lines.ErrTooLong):
			fmt.Fprintf(out, "%s. Answer again.\n", plain(err))
			continue
		case err != nil:
			fmt.Fprintf(errOut, "mastermind: reading input: %v\n", err)
			return 1
		}
		if isQuit(line) {
			fmt.Fprintln(out, "You stopped the game.")
			return 0
		}
		switch strings.ToLower(line) {
		case "help", "?":
			fmt.Fprintf(out, "Compare my guess with your secret and %s.\n", answerHelp)
			fmt.Fprintf(out, "B is a peg of the right colour in the right place, W one of a colour your secret has elsewhere; with %s, \"%s\" means I broke your code.\n",
				brief.Count(r.Width, "peg", "pegs"), strings.TrimSpace(strings.Repeat("B ", r.Width)))
			fmt.Fprintln(out, `"undo" takes back your last answer; "quit" ends the game.`)
			continue
		case "undo":
			if len(answers) == 0 {
				fmt.Fprintln(out, "Nothing to undo: you have not answered yet.")
				continue
			}
			last := answers[len(answers)-1]
			answers = answers[:len(answers)-1]
			if s, err = solverFor(cfg, answers); err != nil {
				fmt.Fprintln(errOut, "mastermind:", err) // the answers fitted together before
				return 1
			}
			fmt.Fprintf(out, "Took back your answer to guess %d (%s: %s).\n", len(answers)+1, last.guess, describe(last.fb))
			continue
		}
		fb, err := parseAnswer(r, line)
		if err != nil {
			fmt.Fprintf(out, "%s. Answer again.\n", plain(err))
			continue
		}
		// Every answer, the winning one too, must fit the answers before it.
		if err := s.Record(guess, fb); err != nil {
			if !errors.Is(err, solver.ErrInconsistent) {
				fmt.Fprintf(out, "%s. Answer again.\n", plain(err))
				continue
			}
			if len(answers) == 0 {
				fmt.Fprintf(out, "No secret gives %s to %s: check your secret and answer again.\n", describe(fb), guess)
				continue
			}
			fmt.Fprintf(out, "%s contradicts %s: no secret fits them all. Check your secret and answer again, or \"undo\".\n",
				capitalize(describe(fb)), contradicted(answers, conflicts(cfg, answers, guess, fb)))
			continue
		}
		answers = append(answers, answer{guess, fb})
		if fb.Black == r.Width {
			fmt.Fprintf(out, "I broke your code in %s.\n", brief.Count(turn, "guess", "guesses"))
			return 0
		}
		fmt.Fprintf(out, "%s left.\n", brief.Count(s.Remaining(), "possible secret", "possible secrets"))
	}
	fmt.Fprintf(out, "I am out of turns: you win. (%s still fit your answers.)\n", brief.Count(s.Remaining(), "secret", "secrets"))
	return 0
}

// contradicted names the earlier answers a new one contradicts.
func contradicted(answers []answer, which []int) string {
	if len(which) == 0 {
		return "your earlier answers taken together"
	}
	var names []string
	for _, n := range which {
		a := answers[n-1]
		names = append(names, fmt.Sprintf("guess %d (%s: %s)", n, a.guess, describe(a.fb)))
	}
	return "your answer to " + strings.Join(names, ", or to ")
}

// capitalize upper-cases the first letter of s.
func capitalize(s string) string {
	if s == "" {
		return s
	}
	return strings.ToUpper(s[:1]) + s[1:]
}
