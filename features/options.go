package features

import (
	"errors"
	"flag"
	"fmt"
	"math/rand/v2"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/deliberate-practice/katas/internal/brief"
)

// Options choose the scenarios a run takes, their order, and what it reports. The zero
// Options run every scenario in the files' order. RunMastermind and RunTicTacToe read them
// from go test's -godog.* flags.
type Options struct {
	// Format lists, separated by commas, "pretty" for every step of every scenario as well
	// as the failures, and "junit:FILE" or "cucumber:FILE" for a report written to FILE.
	Format string
	// Tags keeps the scenarios whose tags match godog's tag expression: "@a" has the tag,
	// "~@a" lacks it, "@a,@b" has either, and "&&" joins conditions that must all hold.
	Tags string
	// Random runs the scenarios in a random order: -1 from a new seed, another number from
	// that seed, so that a seed replays an order. 0 keeps the files' order.
	Random int64
	// StopOnFailure stops a run at the first scenario that fails.
	StopOnFailure bool
	// Run keeps the scenarios whose Path the regular expression matches, spaces written as
	// spaces or as underscores. go test -run does this for RunMastermind and RunTicTacToe.
	Run string
}

// check says what is wrong with the options, if anything.
func (o Options) check() error {
	for _, f := range strings.Split(o.Format, ",") {
		name, file, hasFile := strings.Cut(strings.TrimSpace(f), ":")
		switch {
		case name == "" || name == "pretty" || name == "progress":
		case (name == "junit" || name == "cucumber") && hasFile && file != "":
		case name == "junit" || name == "cucumber":
			return fmt.Errorf("features: format %s needs a file: %s:FILE", brief.Quote(name), name)
		default:
			return fmt.Errorf("features: unknown format %s; want pretty, junit:FILE or cucumber:FILE", brief.Quote(f))
		}
	}
	if _, err := parseTags(o.Tags); err != nil {
		return err
	}
	if _, err := regexp.Compile(o.Run); err != nil {
		return fmt.Errorf("features: the pattern %s: %w", brief.Quote(o.Run), err)
	}
	return nil
}

// Pretty reports whether Format asks for every step of every scenario: "pretty".
func (o Options) Pretty() bool {
	return slices.ContainsFunc(strings.Split(o.Format, ","), func(s string) bool { return strings.TrimSpace(s) == "pretty" })
}

// WriteReports writes the JUnit and Cucumber reports that Format names, of the results of a
// run of the suite (a kata's name), and returns the errors of those it could not write.
func (o Options) WriteReports(suite string, results []Result) error {
	var errs []error
	for _, f := range strings.Split(o.Format, ",") {
		if name, file, ok := strings.Cut(strings.TrimSpace(f), ":"); ok && (name == "junit" || name == "cucumber") {
			errs = append(errs, writeReport(name, file, suite, results))
		}
	}
	return errors.Join(errs...)
}

// Select returns the scenarios opts choose, in the order to run them, and the seed of a
// random order (0 for the files' order). It returns an error for options that do not parse.
func (k Kata) Select(opts Options) ([]Scenario, int64, error) {
	if err := opts.check(); err != nil {
		return nil, 0, err
	}
	tags, _ := parseTags(opts.Tags)
	run := regexp.MustCompile(opts.Run)
	var out []Scenario
	for _, s := range k.Scenarios() {
		p := s.Path()
		if tags.match(s.Tags) && (run.MatchString(p) || run.MatchString(strings.ReplaceAll(p, " ", "_"))) {
			out = append(out, s)
		}
	}
	seed := opts.Random
	if seed == -1 {
		seed = time.Now().UnixNano()&(1<<31-1) | 1 // a seed short enough to type, never 0
	}
	if seed != 0 {
		rng := rand.New(rand.NewPCG(uint64(seed), 0x6b617461))
		rng.Shuffle(len(out), func(i, j int) { out[i], out[j] = out[j], out[i] })
	}
	return out, seed, nil
}

// tagExpr is a parsed tag expression: every clause must hold; a clause holds when any of its
// terms does.
type tagExpr [][]tagTerm

type tagTerm struct {
	tag string
	not bool
}

func parseTags(expr string) (tagExpr, error) {
	var out tagExpr
	for _, clause := range strings.Split(expr, "&&") {
		var terms []tagTerm
		for _, t := range strings.Split(clause, ",") {
			t = strings.TrimSpace(t)
			if t == "" {
				continue
			}
			not := strings.HasPrefix(t, "~")
			t = strings.TrimPrefix(t, "~")
			if !strings.HasPrefix(t, "@") || strings.ContainsAny(t, " \t") {
				return nil, fmt.Errorf("features: tag expression %s: %s is not a tag like @name or ~@name", brief.Quote(expr), brief.Quote(t))
			}
			terms = append(terms, tagTerm{t, not})
		}
		if terms != nil {
			out = append(out, terms)
		}
	}
	return out, nil
}

func (e tagExpr) match(tags []string) bool {
	for _, clause := range e {
		if !slices.ContainsFunc(clause, func(t tagTerm) bool { return slices.Contains(tags, t.tag) != t.not }) {
			return false
		}
	}
	return true
}

// The kit's flags. They are registered on the command line when the package loads, so that
// go test -godog.format=... works in any test binary that imports the kit; their values live
// in the flag package and are read when a run starts.
func init() { registerFlags(flag.CommandLine) }

// registerFlags defines the -godog.* flags on fs, unless something has defined them already
// (godog.BindFlags, for one): then the kit reads those.
func registerFlags(fs *flag.FlagSet) {
	if fs.Lookup("godog.format") != nil {
		return
	}
	fs.String("godog.format", "", "the features' output: pretty for every step, junit:FILE or cucumber:FILE for a report; comma-separated")
	fs.String("godog.tags", "", `run only the scenarios with these tags: "@a", "~@a" (without), "@a,@b" (either), joined by "&&"`)
	fs.Var(new(randomFlag), "godog.random", "run the scenarios in a random order; =SEED replays the order of that seed")
	fs.Bool("godog.stop-on-failure", false, "stop at the first scenario that fails")
}

// optionsFrom reads the -godog.* flags of fs.
func optionsFrom(fs *flag.FlagSet) (Options, error) {
	get := func(name string) string {
		if f := fs.Lookup(name); f != nil {
			return f.Value.String()
		}
		return ""
	}
	var o Options
	o.Format, o.Tags = get("godog.format"), get("godog.tags")
	var r randomFlag
	if err := r.Set(get("godog.random")); err != nil {
		return o, err
	}
	o.Random = r.seed
	o.StopOnFailure = get("godog.stop-on-failure") == "true"
	return o, o.check()
}

// randomFlag is -godog.random: alone it asks for a new seed (-1), with a number it gives one.
type randomFlag struct{ seed int64 }

func (r *randomFlag) String() string {
	if r == nil || r.seed == 0 {
		return ""
	}
	return strconv.FormatInt(r.seed, 10)
}

func (r *randomFlag) Set(s string) error {
	switch s {
	case "", "false", "0":
		r.seed = 0
	case "true":
		r.seed = -1
	default:
		n, err := strconv.ParseInt(s, 10, 64)
		if err != nil {
			return fmt.Errorf("features: -godog.random=%s: want a seed, a whole number", brief.Quote(s))
		}
		r.seed = n
	}
	return nil
}

// IsBoolFlag lets -godog.random stand alone.
func (r *randomFlag) IsBoolFlag() bool { return true }
