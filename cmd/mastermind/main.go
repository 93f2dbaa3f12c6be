// Command mastermind plays Mastermind in the terminal, for kata practice sessions.
//
// By default you are the code breaker against a random secret under the classic rules (six
// colours, four pegs, twelve turns):
//
//	go run ./cmd/mastermind
//	go run ./cmd/mastermind -colors 8 -width 5 -turns 10 -seed 42
//	go run ./cmd/mastermind -secret "Red Green Blue Yellow"   # practise in pairs
//
// Type a guess as colour names in any case, initials (R G B Y P O C M, or RGBY run together)
// or numbers from 1. "hint" asks the solver for a guess and says how many secrets remain,
// "quit" ends the game; so does the end of input. Won or lost, the secret is shown.
//
// With -role maker the computer breaks a secret you think of: answer each of its guesses with
// key pegs ("B B W", "-" for none) or counts ("2 1" for two black and one white). An answer
// that contradicts an earlier one is refused, and named; "undo" takes back the last answer.
//
// Input is read line by line, so a script can drive a whole game. The exit status is 0 when a
// game ends (won, lost, quit or the end of input) or for -help, 1 when the input cannot be
// read, and 2 for bad flags.
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"math"
	"math/rand/v2"
	"os"
	"os/signal"
	"strconv"
	"strings"
	"time"

	"github.com/deliberate-practice/katas/internal/brief"
	"github.com/deliberate-practice/katas/internal/lines"
	"github.com/deliberate-practice/katas/internal/term"
	"github.com/deliberate-practice/katas/mastermind"
	"github.com/deliberate-practice/katas/mastermind/solver"
)

func main() {
	os.Exit(run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr, term.UseColor(term.IsTerminal(os.Stdout), os.Getenv)))
}

// maxLine is the longest input line the program reads: far more than any guess or answer. A
// longer line is reported and skipped.
const maxLine = 4096

// Limits the program puts on the rules, beyond the library's, so that a typo cannot ask for
// a board no terminal can show, or an optimal search no one would wait for.
const (
	maxWidth        = 20
	maxTurns        = 100
	maxOptimalCodes = 1296
)

// optimalInSeconds reports whether the optimal search of the rules takes seconds at most, as
// measured — each under ten on a 2-core machine in 2026 — for its first hint: the game's real
// cost, which its number of codes alone does not tell. That is every game of at most 1,296
// codes but 10 pegs of 2 colours (1,024 codes, and 110 s and 220 MB for the first hint;
// 9 pegs of 2 take 1 s), and past those 4 pegs of 7 colours, 3 of 11 or 12, and 7 of 3.
// Others of their size take longer (3 × 13 half a minute, 11 × 2 minutes).
func optimalInSeconds(r mastermind.Rules) bool {
	type game struct{ width, colors int }
	switch (game{r.Width, r.Colors}) {
	case game{10, 2}:
		return false
	case game{4, 7}, game{3, 11}, game{3, 12}, game{7, 3}:
		return true
	}
	return math.Pow(float64(r.Colors), float64(r.Width)) <= maxOptimalCodes
}

// config is what the flags say.
type config struct {
	rules    mastermind.Rules
	seed     uint64
	secret   string
	role     string
	strategy solver.Strategy
	color    bool
}

// run is the program: it returns the exit status, as the usage text says.
func run(args []string, stdin io.Reader, stdout, stderr io.Writer, color bool) int {
	// The optimal search of a game the flags allow takes seconds; Ctrl-C stops it, and a
	// search the solver would otherwise refuse to start (more than solver.MaxSearch secrets
	// left, as in 4 pegs of 7 colours) runs within this context.
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	cfg, err := parseFlags(ctx, args, stderr)
	if errors.Is(err, flag.ErrHelp) {
		return 0
	}
	if err != nil {
		fmt.Fprintln(stderr, err)
		return 2
	}
	cfg.color = color
	in := lines.NewReader(stdin, maxLine)
	if cfg.role == "maker" {
		return breakYourCode(ctx, cfg, in, stdout, stderr)
	}
	return playBreaker(ctx, cfg, in, stdout, stderr)
}

func parseFlags(ctx context.Context, args []string, stderr io.Writer) (config, error) {
	fs := flag.NewFlagSet("mastermind", flag.ContinueOnError)
	fs.SetOutput(stderr)
	cfg := config{rules: mastermind.Classic()}
	fs.IntVar(&cfg.rules.Colors, "colors", mastermind.Classic().Colors, fmt.Sprintf("number of colours, 1 to %d (names for the first 8)", mastermind.MaxColors))
	fs.IntVar(&cfg.rules.Width, "width", mastermind.Classic().Width, fmt.Sprintf("pegs in the secret, 1 to %d", maxWidth))
	fs.IntVar(&cfg.rules.MaxTurns, "turns", mastermind.Classic().MaxTurns, fmt.Sprintf("guesses allowed, 1 to %d", maxTurns))
	seed := fs.String("seed", "", "seed for the random secret, to replay a game (default: from the clock, and printed)")
	fs.StringVar(&cfg.secret, "secret", "", `the secret, for practice in pairs, e.g. "Red Green Blue Yellow"`)
	fs.StringVar(&cfg.role, "role", "breaker", `"breaker": you break a secret; "maker": the computer breaks yours`)
	strategy := fs.String("strategy", "Knuth", "the solver's strategy for hints and as code breaker: Knuth, MostParts, Entropy, ExpectedSize,\nOptimal (the fewest guesses on average) or OptimalWithin(N) (the fewest within N guesses);\nthe optimal ones take games of at most 1296 codes, and 4 pegs of 7 colours, 3 of 11 or 12, 7 of 3")
	fs.Usage = func() {
		fmt.Fprintln(fs.Output(), "Usage: mastermind [flags]\n\nPlay Mastermind: break a secret, or with -role maker let the computer break yours.\nType \"help\" during a game for how to play. Flags:")
		fs.PrintDefaults()
		fmt.Fprintln(fs.Output(), "\nExit status: 0 when a game ends (won, lost, quit or end of input) or for -help;\n1 when the input cannot be read; 2 for bad flags.")
	}
	if err := fs.Parse(args); err != nil {
		return cfg, err
	}
	if fs.NArg() > 0 {
		return cfg, fmt.Errorf("mastermind: unexpected argument %q; see -help", fs.Arg(0))
	}
	// Each flag in the one range -help gives, named alone when it is out of it.
	for _, f := range []struct {
		name   string
		n, max int
	}{{"colors", cfg.rules.Colors, mastermind.MaxColors}, {"width", cfg.rules.Width, maxWidth}, {"turns", cfg.rules.MaxTurns, maxTurns}} {
		if f.n < 1 || f.n > f.max {
			return cfg, fmt.Errorf("mastermind: -%s %d: want 1 to %d", f.name, f.n, f.max)
		}
	}
	if cfg.role != "breaker" && cfg.role != "maker" {
		return cfg, fmt.Errorf(`mastermind: -role %q: want "breaker" or "maker"`, cfg.role)
	}
	s, err := solver.ParseStrategy(*strategy)
	if err != nil {
		return cfg, err
	}
	cfg.strategy = s
	if codes := math.Pow(float64(cfg.rules.Colors), float64(cfg.rules.Width)); s.MaxGuesses() > 0 || s == solver.Optimal {
		if !optimalInSeconds(cfg.rules) {
			return cfg, fmt.Errorf("mastermind: -strategy %v searches the whole game, which grows quickly: it answers in seconds for games of at most %d codes but 10 pegs of 2 colours, and for 4 pegs of 7 colours, 3 of 11 or 12, 7 of 3; %d colours of %d pegs make %.0f codes. Knuth, MostParts, Entropy and ExpectedSize answer at once for any game",
				s, maxOptimalCodes, cfg.rules.Colors, cfg.rules.Width, codes)
		}
		// A cap no strategy meets is refused now, not at the first hint.
		if sv, err := solver.New(cfg.rules, s); err == nil && s.MaxGuesses() > 0 {
			if _, err := sv.NextContext(ctx); errors.Is(err, solver.ErrNoTree) {
				return cfg, fmt.Errorf("mastermind: -strategy %v: no strategy breaks every secret of this game within %s", s, brief.Count(s.MaxGuesses(), "guess", "guesses"))
			}
		}
	}
	set := map[string]bool{}
	fs.Visit(func(f *flag.Flag) { set[f.Name] = true })
	if set["secret"] && set["seed"] {
		return cfg, errors.New("mastermind: -seed draws a random secret and -secret gives one: use one or the other")
	}
	if set["secret"] && strings.TrimSpace(cfg.secret) == "" {
		return cfg, errors.New(`mastermind: -secret is empty; give a code such as "Red Green Blue Yellow", or leave -secret out for a random one`)
	}
	if set["seed"] {
		n, err := strconv.ParseUint(*seed, 10, 64)
		if err != nil {
			return cfg, fmt.Errorf("mastermind: -seed %s: want a whole number from 0 to %d", brief.Quote(*seed), uint64(math.MaxUint64))
		}
		cfg.seed = n
	} else {
		cfg.seed = uint64(time.Now().UnixNano())
	}
	return cfg, nil
}

// newRand is the game's source of randomness, from the seed.
func newRand(seed uint64) *rand.Rand { return rand.New(rand.NewPCG(seed, seed^0x9e3779b97f4a7c15)) }

// isQuit reports whether a line asks to end the game.
func isQuit(line string) bool {
	switch strings.ToLower(line) {
	case "quit", "exit", "q":
		return true
	}
	return false
}

// readLine returns the next line of input, trimmed. At the end of input it returns io.EOF;
// for a line too long, an error wrapping lines.ErrTooLong, which the caller reports as bad
// input before reading on; any other error is a failed read.
func readLine(in *lines.Reader) (string, error) {
	line, err := in.Next()
	return strings.TrimSpace(line), err
}

// plain is an error's message for a player, built from its type: what is wrong, without the
// package's name ("3 black and 1 white cannot happen: the last peg would be black too").
func plain(err error) string {
	var fe *mastermind.FeedbackError
	var long *lines.TooLongError
	switch {
	case errors.As(err, &fe):
		return fe.Why
	case errors.As(err, &long):
		return long.Error()
	}
	return err.Error()
}
