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
// key pegs ("B B W", "-" for none) or counts ("2 1" for two black and one white).
//
// Input is read line by line, so a script can drive a whole game.
package main

import (
	"bufio"
	"errors"
	"flag"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"strings"
	"time"

	"github.com/deliberate-practice/katas/mastermind"
	"github.com/deliberate-practice/katas/mastermind/solver"
)

func main() {
	os.Exit(run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr, colorful(os.Stdout)))
}

// colorful reports whether to draw pegs in ANSI colours: stdout is a terminal and NO_COLOR is
// unset.
func colorful(f *os.File) bool {
	if _, ok := os.LookupEnv("NO_COLOR"); ok {
		return false
	}
	info, err := f.Stat()
	return err == nil && info.Mode()&os.ModeCharDevice != 0
}

// Limits the program puts on the rules, beyond the library's, so that a typo cannot ask for
// a board no terminal can show.
const (
	maxWidth = 20
	maxTurns = 100
)

// config is what the flags say.
type config struct {
	rules    mastermind.Rules
	seed     uint64
	secret   string
	role     string
	strategy solver.Strategy
	color    bool
}

// run is the program: it returns the exit status. 0 when a game ends (won, lost, quit or end
// of input) or for -help, 2 for bad flags.
func run(args []string, stdin io.Reader, stdout, stderr io.Writer, color bool) int {
	cfg, err := parseFlags(args, stderr)
	if errors.Is(err, flag.ErrHelp) {
		return 0
	}
	if err != nil {
		fmt.Fprintln(stderr, err)
		return 2
	}
	cfg.color = color
	in := bufio.NewScanner(stdin)
	if cfg.role == "maker" {
		return breakYourCode(cfg, in, stdout, stderr)
	}
	return playBreaker(cfg, in, stdout, stderr)
}

func parseFlags(args []string, stderr io.Writer) (config, error) {
	fs := flag.NewFlagSet("mastermind", flag.ContinueOnError)
	fs.SetOutput(stderr)
	cfg := config{rules: mastermind.Classic}
	fs.IntVar(&cfg.rules.Colors, "colors", mastermind.Classic.Colors, "number of colours, 1 to 255 (names for the first 8)")
	fs.IntVar(&cfg.rules.Width, "width", mastermind.Classic.Width, fmt.Sprintf("pegs in the secret, 1 to %d", maxWidth))
	fs.IntVar(&cfg.rules.MaxTurns, "turns", mastermind.Classic.MaxTurns, fmt.Sprintf("guesses allowed, 1 to %d", maxTurns))
	seed := fs.String("seed", "", "seed for the random secret, to replay a game (default: from the clock, and printed)")
	fs.StringVar(&cfg.secret, "secret", "", `the secret, for practice in pairs, e.g. "Red Green Blue Yellow"`)
	fs.StringVar(&cfg.role, "role", "breaker", `"breaker": you break a secret; "maker": the computer breaks yours`)
	strategy := fs.String("strategy", "Knuth", "the solver's strategy for hints and as code breaker: Knuth, MostParts, Entropy or ExpectedSize")
	fs.Usage = func() {
		fmt.Fprintln(fs.Output(), "Usage: mastermind [flags]\n\nPlay Mastermind. Flags:")
		fs.PrintDefaults()
	}
	if err := fs.Parse(args); err != nil {
		return cfg, err
	}
	if fs.NArg() > 0 {
		return cfg, fmt.Errorf("mastermind: unexpected argument %q; see -help", fs.Arg(0))
	}
	if err := cfg.rules.Validate(); err != nil {
		return cfg, err
	}
	if cfg.rules.Width > maxWidth || cfg.rules.MaxTurns > maxTurns {
		return cfg, fmt.Errorf("mastermind: -width %d -turns %d: at most %d pegs and %d turns", cfg.rules.Width, cfg.rules.MaxTurns, maxWidth, maxTurns)
	}
	if cfg.role != "breaker" && cfg.role != "maker" {
		return cfg, fmt.Errorf(`mastermind: -role %q: want "breaker" or "maker"`, cfg.role)
	}
	s, err := solver.ParseStrategy(*strategy)
	if err != nil {
		return cfg, err
	}
	cfg.strategy = s
	if *seed != "" {
		if _, err := fmt.Sscan(*seed, &cfg.seed); err != nil {
			return cfg, fmt.Errorf("mastermind: -seed %q: want a whole number", *seed)
		}
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

// readLine returns the next line of input, trimmed, and false at the end of input.
func readLine(in *bufio.Scanner) (string, bool) {
	if !in.Scan() {
		return "", false
	}
	return strings.TrimSpace(in.Text()), true
}
