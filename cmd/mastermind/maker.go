package main

import (
	"errors"
	"fmt"
	"io"

	"github.com/deliberate-practice/katas/cmd/internal/lines"

	"github.com/deliberate-practice/katas/mastermind/solver"
)

// breakYourCode is the game where the computer breaks the player's secret.
func breakYourCode(cfg config, in *lines.Reader, out, errOut io.Writer) int {
	r := cfg.rules
	s, err := solver.New(r, cfg.strategy)
	if err != nil {
		fmt.Fprintln(errOut, err)
		return 2
	}
	fmt.Fprintf(out, "Think of a secret of %d pegs from %d colours: %s.\n", r.Width, r.Colors, palette(r))
	fmt.Fprintf(out, "I will guess it in %d turns or fewer. Answer each guess with key pegs (\"B B W\", \"-\" for none) or counts (\"2 1\"); \"quit\" ends.\n", r.MaxTurns)
	for turn := 1; turn <= r.MaxTurns; {
		guess, err := s.Next()
		if err != nil {
			fmt.Fprintln(out, "mastermind:", err)
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
		fb, err := parseAnswer(r, line)
		if err != nil {
			fmt.Fprintf(out, "%s. Answer again.\n", plain(err))
			continue
		}
		// Every answer, the winning one too, must fit the answers before it.
		if err := s.Record(guess, fb); err != nil {
			if errors.Is(err, solver.ErrInconsistent) {
				fmt.Fprintf(out, "%s contradicts an earlier answer: no secret fits them all. Check your secret and answer again.\n", describe(fb))
			} else {
				fmt.Fprintf(out, "%v. Answer again.\n", err)
			}
			continue
		}
		if fb.Black == r.Width {
			fmt.Fprintf(out, "I broke your code in %s.\n", plural(turn, "guess", "guesses"))
			return 0
		}
		fmt.Fprintf(out, "%s left.\n", plural(s.Remaining(), "possible secret", "possible secrets"))
		turn++
	}
	fmt.Fprintf(out, "I am out of turns: you win. (%d secrets still fit your answers.)\n", s.Remaining())
	return 0
}
