package engine

import (
	"errors"
	"flag"
	"fmt"
	"math"
	"math/rand/v2"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"github.com/deliberate-practice/katas/internal/brief"
	"github.com/deliberate-practice/katas/internal/step"
)

// Options choose the scenarios a run takes, their order, and what it reports. The zero
// Options run every scenario in the files' order.
type Options struct {
	// Run keeps the scenarios whose Path the regular expression matches, spaces written as
	// spaces or as underscores.
	Run string
	// Tags keeps the scenarios whose tags match a tag expression, exactly as godog reads it:
	// "@a" has the tag, "~@a" lacks it, "@a,@b" has either, "&&" joins conditions that must
	// all hold and binds tighter than ",".
	Tags string
	// Random runs the scenarios in a random order, shuffled by Seed.
	Random bool
	// Seed is the run's seed: it shuffles a random order, and deals what a kata deals — the
	// code breaker's secrets — so that nothing the program under test sees predicts them. A
	// Seed of 0 has the run draw one, which it prints where it is needed: a random order's
	// first line, the command that runs a failed scenario again. The same seed replays both.
	Seed int64
	// StopOnFailure stops a run at the first scenario that fails.
	StopOnFailure bool
	// Format lists, separated by commas, the formats a run writes, each as godog names it:
	// "pretty" for every step of every scenario as well as the failures; "junit",
	// "cucumber" and "exercism" for a report. A format with ":FILE" writes to FILE instead
	// ("pretty:FILE", "progress:FILE" the run's text there), with the kata's name put before
	// its extension unless AsNamed (see reportFile), but for Exercism's, which is one
	// exercise's results.json; a report without a file goes to the front's Stdout, and a
	// front without one refuses it.
	Format string
	// AsNamed writes each format's file where its name says, as godog's own -godog.format
	// does, merged with what other katas' runs wrote there: a kata's run replaces its own
	// part of the file and keeps the others' (see mergeReport).
	AsNamed bool
	// Verbose shows every failure as it happens, and lists them all in the summary; without
	// it a run ends on one screen (see Screen).
	Verbose bool
}

// The options' names, as flags and as Set takes them.
const (
	OptRun           = "run"
	OptTags          = "tags"
	OptRandom        = "random"
	OptSeed          = "seed"
	OptStopOnFailure = "stop-on-failure"
	OptFormat        = "format"
	OptVerbose       = "verbose"
)

// isOption reports whether name is an option's.
func isOption(name string) bool {
	switch name {
	case OptRun, OptTags, OptRandom, OptSeed, OptStopOnFailure, OptFormat, OptVerbose:
		return true
	}
	return false
}

// Set sets the option called name from its text, as a flag of that name takes it:
// "stop-on-failure" takes "true" or "false", "random" takes "true" (a random order), "false",
// or a seed, "seed" a seed. It returns an error, and changes nothing, for a value the option
// cannot take, and for a seed other than one set before: a run has one seed.
func (o *Options) Set(name, value string) error {
	switch name {
	case OptRun:
		if _, err := regexp.Compile(value); err != nil {
			return fmt.Errorf("the pattern %s: %w", brief.Quote(value), err)
		}
		o.Run = value
	case OptTags:
		o.Tags = value // godog reads it when the run selects its scenarios
	case OptRandom:
		on, seed, err := parseSeed(value)
		if err != nil {
			return err
		}
		if err := o.oneSeed(seed); err != nil {
			return err
		}
		o.Random = on
		if seed != 0 {
			o.Seed = seed
		}
	case OptSeed:
		seed, err := parseSeedNumber(value)
		if err != nil {
			return err
		}
		if err := o.oneSeed(seed); err != nil {
			return err
		}
		o.Seed = seed
	case OptStopOnFailure, OptVerbose:
		b, err := strconv.ParseBool(value)
		if err != nil {
			return fmt.Errorf("%s: want true or false", brief.Quote(value))
		}
		if name == OptVerbose {
			o.Verbose = b
		} else {
			o.StopOnFailure = b
		}
	case OptFormat:
		if _, err := parseFormat(value); err != nil {
			return err
		}
		o.Format = value
	default:
		return fmt.Errorf("no option %s", brief.Quote(name))
	}
	return nil
}

// parseSeed reads the value of a random flag: "true" (or "") asks for a random order from a
// new seed, "false" for the files' order, and a whole number from 1 to 2⁶³−1 is a seed that
// replays an order. Anything else is an error: 0 and negative numbers are no seeds.
func parseSeed(s string) (random bool, seed int64, err error) {
	switch s {
	case "", "true":
		return true, 0, nil
	case "false":
		return false, 0, nil
	}
	n, err := strconv.ParseInt(s, 10, 64)
	if err != nil || n < 1 {
		return false, 0, fmt.Errorf("%s is no seed: want a whole number from 1 to %d, or the flag alone for a new one", brief.Quote(s), int64(math.MaxInt64))
	}
	return true, n, nil
}

// parseSeedNumber reads the value of a seed flag: a whole number from 1 to 2⁶³−1.
func parseSeedNumber(s string) (int64, error) {
	n, err := strconv.ParseInt(s, 10, 64)
	if err != nil || n < 1 {
		return 0, fmt.Errorf("%s is no seed: want a whole number from 1 to %d", brief.Quote(s), int64(math.MaxInt64))
	}
	return n, nil
}

// oneSeed says what is wrong with setting the seed to seed (0: none) where the options have
// one already: a run has one seed, for its order and what it deals.
func (o Options) oneSeed(seed int64) error {
	if seed != 0 && o.Seed != 0 && seed != o.Seed {
		return fmt.Errorf("two seeds, %d and %d: a run has one, for its order and what it deals", o.Seed, seed)
	}
	return nil
}

// Flags defines the options as flags on fs, each named prefix and its name: "kata.tags" for
// go test, "tags" for the kata command. Their usage is the one text of each option's help,
// for go test -h and kata help alike. Their values stay in the flags, to be read when a run
// starts (FromFlags); the random flag refuses what is no seed as the command line is parsed.
// withRun adds the run and verbose flags, which go test has of its own (-run, -v).
func Flags(fs *flag.FlagSet, prefix string, withRun bool) {
	if withRun {
		fs.String(prefix+OptRun, "", "only the scenarios whose path matches `PATTERN`: 'Making a guess/row 15$'")
		fs.Bool(prefix+OptVerbose, false, "show every failure, not one screen")
	}
	fs.String(prefix+OptTags, "", "only the scenarios whose tags match an `EXPR`, as godog reads it: @a, ~@a (without), @a,@b (either), @a&&@b (both)")
	fs.String(prefix+OptFormat, "", "pretty for every step as well; junit:FILE, cucumber:FILE for reports (written with the kata's name: report-KATA.xml), exercism:FILE for Exercism's results.json; a comma-separated `LIST`")
	fs.Var(new(seedFlag), prefix+OptRandom, "a random order, its seed printed; =SEED replays it")
	fs.Var(new(seedNumber), prefix+OptSeed, "the run's `SEED`, which deals the code breaker's secrets and orders a random run: a failure's command to run it again gives it")
	fs.Bool(prefix+OptStopOnFailure, false, "stop at the first scenario that fails")
}

// FromFlags reads the options from the flags of fs named prefix and an option's name that the
// command line set; it leaves the other flags of fs alone.
func FromFlags(fs *flag.FlagSet, prefix string) (Options, error) {
	var o Options
	var errs []error
	fs.Visit(func(f *flag.Flag) {
		if name, ok := strings.CutPrefix(f.Name, prefix); ok && isOption(name) {
			if err := o.Set(name, f.Value.String()); err != nil {
				errs = append(errs, fmt.Errorf("-%s: %w", f.Name, err))
			}
		}
	})
	return o, errors.Join(errs...)
}

// seedFlag is a random flag: alone it asks for a new seed, with a number it gives one.
type seedFlag struct{ value string }

func (s *seedFlag) String() string {
	if s == nil {
		return ""
	}
	return s.value
}

func (s *seedFlag) Set(v string) error {
	if _, _, err := parseSeed(v); err != nil {
		return err
	}
	s.value = v
	return nil
}

// IsBoolFlag lets a random flag stand alone.
func (s *seedFlag) IsBoolFlag() bool { return true }

// seedNumber is a seed flag: a seed, refused as the command line is parsed if it is none.
type seedNumber struct{ value string }

func (s *seedNumber) String() string {
	if s == nil {
		return ""
	}
	return s.value
}

func (s *seedNumber) Set(v string) error {
	if _, err := parseSeedNumber(v); err != nil {
		return err
	}
	s.value = v
	return nil
}

// check says what is wrong with the options, if anything.
func (o Options) check() error {
	if _, err := parseFormat(o.Format); err != nil {
		return err
	}
	if _, err := regexp.Compile(o.Run); err != nil {
		return fmt.Errorf("the pattern %s: %w", brief.Quote(o.Run), err)
	}
	if o.Seed < 0 {
		return fmt.Errorf("seed %d: a seed is a whole number from 1", o.Seed)
	}
	return nil
}

// report is a format a run writes, and its file; "" for the front's.
type report struct{ format, file string }

// reportFormats are the formats that write a report; the others, "pretty" and "progress",
// write the run's text.
var reportFormats = []string{"junit", "cucumber", "exercism"}

// parseFormat reads a format list.
func parseFormat(list string) ([]report, error) {
	var out []report
	for _, f := range strings.Split(list, ",") {
		name, file, hasFile := strings.Cut(strings.TrimSpace(f), ":")
		switch {
		case name == "" && !hasFile:
			continue
		case hasFile && file == "":
			return nil, fmt.Errorf("format %s names no file: %s:FILE", brief.Quote(f), name)
		case name == "progress" && !hasFile:
			continue // the screen
		case name == "pretty", name == "progress", slices.Contains(reportFormats, name):
			out = append(out, report{name, file})
		default:
			return nil, fmt.Errorf("unknown format %s; want pretty, progress, junit, cucumber or exercism, each alone or with :FILE", brief.Quote(f))
		}
	}
	for i, a := range out {
		for _, b := range out[:i] {
			switch {
			case a.file != "" && b.file != "" && sameFile(a.file, b.file):
				return nil, fmt.Errorf("the %s and %s reports both go to %s: give each a file of its own", b.format, a.format, brief.Quote(a.file))
			case a.file == "" && b.file == "" && a.format != "pretty" && b.format != "pretty":
				return nil, fmt.Errorf("the %s and %s reports both go to standard output: give one a file, %s:FILE", b.format, a.format, a.format)
			}
		}
	}
	return out, nil
}

// toFront checks that the front can take the reports the format list sends it, those
// without a file: a front with no Stdout (kata run's, whose standard output is the screen)
// needs a file for each.
func toFront(list string, front Front) error {
	reports, err := parseFormat(list)
	if err != nil {
		return err
	}
	for _, r := range reports {
		if r.file == "" && r.format != "pretty" && front.Stdout == nil {
			return fmt.Errorf("format %s needs a file: %s:FILE", brief.Quote(r.format), r.format)
		}
	}
	return nil
}

// sameFile reports whether paths a and b name one file, however each was written: relative
// or absolute, with . or .. or not.
func sameFile(a, b string) bool {
	absA, errA := filepath.Abs(a)
	absB, errB := filepath.Abs(b)
	return errA == nil && errB == nil && absA == absB
}

// pretty reports whether the format asks for every step of every scenario on the screen.
func (o Options) pretty() bool {
	reports, _ := parseFormat(o.Format)
	return slices.ContainsFunc(reports, func(r report) bool { return r == report{format: "pretty"} })
}

// Only returns the options, choosing exactly the scenarios given, by their paths.
func (o Options) Only(scenarios []Scenario) Options {
	paths := make([]string, len(scenarios))
	for i, s := range scenarios {
		paths[i] = regexp.QuoteMeta(s.Path())
	}
	o.Run = "^(?:" + strings.Join(paths, "|") + ")$"
	return o
}

// choose returns the scenarios, of those the tags chose, that the options' pattern chooses, in
// the order to run them, and the seed of a random order (0 for the files' order): the
// options' seed where they give one, or one drawn. The options are checked.
func (o Options) choose(tagged []Scenario) ([]Scenario, int64) {
	run := regexp.MustCompile(o.Run)
	var out []Scenario
	for _, s := range tagged {
		p := s.Path()
		if run.MatchString(p) || run.MatchString(strings.ReplaceAll(p, " ", "_")) {
			out = append(out, s)
		}
	}
	if !o.Random {
		return out, 0
	}
	seed := o.Seed
	if seed == 0 {
		seed = int64(step.NewSeed())
	}
	rng := rand.New(rand.NewPCG(uint64(seed), 0x6b617461))
	rng.Shuffle(len(out), func(i, j int) { out[i], out[j] = out[j], out[i] })
	return out, seed
}

// dealing returns the seed a run deals from: the options' seed where they give one — a replay,
// of a random order's seed too — or one drawn apart from a random order's, which a run prints
// as it starts, where a program might read it.
func (o Options) dealing() int64 {
	if o.Seed != 0 {
		return o.Seed
	}
	return int64(step.NewSeed())
}
