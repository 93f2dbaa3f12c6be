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

// playBreaker is the game where the player breaks the computer's secret.
func playBreaker(ctx context.Context, cfg config, in *lines.Reader, out, errOut io.Writer) int {
	r := cfg.rules
	var game *mastermind.Game
	if cfg.secret != "" {
		secret, err := r.ParseGuess(cfg.secret)
		if err != nil {
			fmt.Fprintf(errOut, "mastermind: -secret %s: %s\n", brief.Quote(cfg.secret), guessError(r, err))
			return 2
		}
		if game, err = mastermind.New(r, secret); err != nil {
			fmt.Fprintln(errOut, err)
			return 2
		}
	} else {
		var err error
		if game, err = mastermind.NewRandom(r, newRand(cfg.seed)); err != nil {
			fmt.Fprintln(errOut, err)
			return 2
		}
	}
	coach, coachErr := solver.New(r, cfg.strategy) // hints; nil for games too large to solve

	fmt.Fprintf(out, "Mastermind: break a secret of %s from %s in %s.\n", brief.Count(r.Width, "peg", "pegs"), brief.Count(r.Colors, "colour", "colours"), brief.Count(r.MaxTurns, "turn", "turns"))
	fmt.Fprintf(out, "Colours: %s.\n", palette(r))
	if cfg.secret == "" {
		fmt.Fprintf(out, "Seed %d (replay this game with -seed %d).\n", cfg.seed, cfg.seed)
	}
	fmt.Fprintln(out, `Type a guess, "hint", "help" or "quit".`)
	for {
		fmt.Fprintf(out, "guess %d of %d> ", len(game.Board())+1, r.MaxTurns)
		line, err := readLine(in)
		switch {
		case err == io.EOF:
			fmt.Fprintln(out)
			fmt.Fprintf(out, "End of input. The secret was %s.\n", inline(game.Secret(), cfg.color))
			return 0
		case errors.Is(err, lines.ErrTooLong):
			fmt.Fprintf(out, "Not a guess: %s. Try again.\n", plain(err))
			continue
		case err != nil:
			fmt.Fprintf(errOut, "mastermind: reading input: %v\n", err)
			return 1
		}
		if isQuit(line) {
			fmt.Fprintf(out, "You gave up. The secret was %s.\n", inline(game.Secret(), cfg.color))
			return 0
		}
		switch strings.ToLower(line) {
		case "help", "?":
			fmt.Fprintf(out, "Guess %s: %s.\n", brief.Count(r.Width, "peg", "pegs"), examples(r))
			fmt.Fprintln(out, keyLegend(cfg.color))
			fmt.Fprintln(out, `"hint" asks the solver; "quit" ends the game.`)
			continue
		case "hint":
			if coach == nil {
				fmt.Fprintf(out, "No hints for this game: %v.\n", coachErr)
				continue
			}
			suggestion, err := coach.NextContext(ctx)
			if err != nil {
				fmt.Fprintln(out, "No hint:", err)
				continue
			}
			fmt.Fprintf(out, "%s. The solver (%v) would guess %s.\n", brief.Count(coach.Remaining(), "possible secret remains", "possible secrets remain"), cfg.strategy, inline(suggestion, cfg.color))
			continue
		}
		guess, err := r.ParseGuess(line)
		if err != nil {
			fmt.Fprintf(out, "Not a guess: %s. Try again.\n", guessError(r, err))
			continue
		}
		grade, fb, err := game.Guess(guess)
		if err != nil {
			fmt.Fprintf(out, "Not a guess: %s. Try again.\n", plain(err))
			continue
		}
		if coach != nil {
			_ = coach.Record(guess, fb) // the true feedback always fits
		}
		board(out, game, cfg.color)
		switch grade {
		case mastermind.Won:
			fmt.Fprintf(out, "You broke the code in %s! The secret was %s.\n", brief.Count(len(game.Board()), "guess", "guesses"), inline(game.Secret(), cfg.color))
			return 0
		case mastermind.Lost:
			fmt.Fprintf(out, "Out of turns: you lose. The secret was %s.\n", inline(game.Secret(), cfg.color))
			return 0
		}
		fmt.Fprintf(out, "%s left.\n", brief.Count(game.TurnsLeft(), "turn", "turns"))
	}
}
