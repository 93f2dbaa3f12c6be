package kit

import (
	"errors"
	"flag"
	"fmt"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/spf13/pflag"

	"github.com/deliberate-practice/katas/internal/brief"
	"github.com/deliberate-practice/katas/internal/dojo"
	"github.com/deliberate-practice/katas/internal/engine"
	"github.com/deliberate-practice/katas/internal/journal"
)

// The kit's flags, "-kata.tags" and so on (DefineFlags). The prefix is the kit's own, so that
// nothing here collides with godog's flags when a test binds them itself, nor with a
// program's flags when a program imports the kit. Their values stay in the flag package and
// are read when a run starts.
const flagPrefix = "kata."

// timeoutFlag is the time each call into the implementation has, as kata run's --timeout is
// each reply's.
const timeoutFlag = flagPrefix + "timeout"

// DefaultCallLimit is how long a call into the implementation may take, unless -kata.timeout
// says otherwise: kata run's default for a reply.
const DefaultCallLimit = 5 * time.Second

// CallLimit is the time each call into the implementation has: -kata.timeout, or
// DefaultCallLimit; 0 for no limit (-kata.timeout=0).
func CallLimit() time.Duration {
	if f := flag.Lookup(timeoutFlag); f != nil {
		if g, ok := f.Value.(flag.Getter); ok {
			if d, ok := g.Get().(time.Duration); ok {
				return max(d, 0)
			}
		}
	}
	return DefaultCallLimit
}

// logFlag asks the kit to add each run's light to the log of the package's folder, for the
// kata command's kata log; so does KATA_LOG=1 in the environment.
const logFlag = flagPrefix + "log"

// DefineFlags defines the kit's flags on fs, leaving alone any name fs already has. The
// features package calls it as it loads into a test binary, for go test parses its command
// line before any test runs and refuses a flag nothing has defined.
func DefineFlags(fs *flag.FlagSet) {
	own := flag.NewFlagSet("kit", flag.ContinueOnError)
	engine.Flags(own, flagPrefix, false)
	own.Bool(logFlag, false, "add each run's light (green, red or amber) to .kata/log in the package's folder, for kata log (the default where .kata exists: kata init made it)")
	own.Duration(timeoutFlag, DefaultCallLimit, "the time each call into your implementation has before its step fails; 0 for no limit")
	own.VisitAll(func(f *flag.Flag) {
		if fs.Lookup(f.Name) == nil {
			fs.Var(f.Value, f.Name, f.Usage)
		}
	})
}

// logAsked reports whether the run's light goes to the log: -kata.log when given, or
// KATA_LOG=1 or a room in KATA_DOJO, or else the package's folder has the log's folder,
// .kata — kata init made it — so that a practitioner's runs are kept without a flag to
// remember.
func logAsked() bool {
	set, on := false, false
	flag.Visit(func(f *flag.Flag) {
		if f.Name == logFlag {
			set, on = true, f.Value.String() == "true"
		}
	})
	switch {
	case set:
		return on
	case os.Getenv("KATA_LOG") == "1", os.Getenv(dojo.EnvRoom) != "":
		return true // a run a room sees is a run the log keeps
	}
	info, err := os.Stat(filepath.Dir(journal.Path))
	return err == nil && info.IsDir()
}

// godogOption is the option that godog's flag of that name (without its "godog." prefix)
// sets, when a test binds godog's flags; "" for a flag the kit does not read as an option.
func godogOption(name string) string {
	switch name {
	case "format", "f":
		return engine.OptFormat
	case "tags", "t":
		return engine.OptTags
	case "random":
		return engine.OptRandom
	case "stop-on-failure":
		return engine.OptStopOnFailure
	}
	return ""
}

// godogFlag says what is wrong with godog's flag of that name (without its prefix) set to
// value, under the kit, if anything: the kit honours godog's options (godogOption), runs
// strictly and without colour as godog's flags can ask, and refuses, saying why, what it
// cannot do, so that no flag given is silently ignored.
func godogFlag(name, value string) error {
	switch name {
	case "format", "f":
		for _, f := range strings.Split(value, ",") {
			switch format, _, _ := strings.Cut(strings.TrimSpace(f), ":"); format {
			case "events":
				return errors.New("the kit does not write godog's events stream; it writes pretty, progress, junit and cucumber, each alone (to standard output) or with :FILE")
			case "exercism":
				return errors.New("exercism is no format of godog's: give it with -kata.format=exercism:FILE")
			}
		}
		return nil
	case "tags", "t", "random", "stop-on-failure":
		return nil
	case "strict":
		if value == "false" {
			return errors.New("the kit always runs strictly: an undefined, pending or ambiguous step fails its scenario")
		}
		return nil
	case "no-colors":
		return nil // the kit writes no colours to go test's output
	case "concurrency", "c":
		if n, err := strconv.Atoi(value); err == nil && n <= 1 {
			return nil
		}
		return errors.New("the kit runs a kata's scenarios one at a time, in one order (the code breaker's levels grade one play of the classic game), and reports them as one run; for scenarios in parallel, run the kata's feature files with godog.TestSuite and the kata's Initialize function, as the features package's example shows")
	case "definitions", "d":
		if value == "false" {
			return nil
		}
		return errors.New("the kit does not list step definitions: the kata's steps are its feature files' (kata features copies them, features.Files() reads them)")
	case "help":
		if value == "false" {
			return nil
		}
		return errors.New("docs/practising.md says what each godog flag does under the kit, and go test -args -h lists the kit's -kata.* flags")
	}
	return errors.New("the kit does not read this flag of godog's")
}

// options reads the kit's flags from fs, and godog's where a test binds them and sets one the
// kit's flags leave unset.
func options(fs *flag.FlagSet) (engine.Options, error) {
	o, err := engine.FromFlags(fs, flagPrefix)
	if err != nil {
		return o, err
	}
	// The flags given: on fs, and on pflag's command line, where a test binds godog's flags
	// as godog's README does today (BindCommandLineFlags, then pflag.Parse in TestMain): pflag
	// then sets the Go flags too, the kit's among them, and leaves fs as if none were given.
	given := map[string]string{}
	fs.Visit(func(f *flag.Flag) { given[f.Name] = f.Value.String() })
	if fs == flag.CommandLine && pflag.CommandLine.Parsed() {
		var viaPflag []string
		pflag.CommandLine.Visit(func(f *pflag.Flag) {
			if _, seen := given[f.Name]; !seen {
				given[f.Name] = f.Value.String()
				viaPflag = append(viaPflag, f.Name)
			}
		})
		for _, name := range viaPflag { // the kit's own, which FromFlags did not see given
			if opt, ok := strings.CutPrefix(name, flagPrefix); ok && godogOption(opt) == opt {
				if err := o.Set(opt, given[name]); err != nil {
					return o, fmt.Errorf("-%s: %w", name, err)
				}
			}
		}
	}
	var errs []error
	for _, name := range slices.Sorted(maps.Keys(given)) {
		short, ok := strings.CutPrefix(name, "godog.")
		if !ok {
			continue
		}
		v := given[name]
		if err := godogFlag(short, v); err != nil {
			errs = append(errs, fmt.Errorf("-%s=%s: %w", name, v, err))
			continue
		}
		opt := godogOption(short)
		if opt == "" {
			continue
		}
		if own, kit := given[flagPrefix+opt]; kit {
			if own != v {
				errs = append(errs, fmt.Errorf("-%s=%s and -%s%s=%s both given: give one", name, v, flagPrefix, opt, own))
			}
			continue
		}
		if opt == engine.OptRandom && v == "0" {
			v = "false" // godog's flag says 0 for -godog.random=false
		}
		if err := o.Set(opt, v); err != nil {
			errs = append(errs, fmt.Errorf("-%s: %w", name, err))
		}
		if opt == engine.OptFormat {
			o.AsNamed = true // a file where godog writes it, as godog's flag means
		}
	}
	if args := paths(fs); len(args) > 0 {
		errs = append(errs, fmt.Errorf("the paths %s: the kit runs the kata's own feature files, and reads no paths from the command line (godog's Options.Paths)", brief.Quote(strings.Join(args, " "))))
	}
	return o, errors.Join(errs...)
}

// paths returns the arguments after the flags of go test's command line, which godog's
// examples take for feature paths (opts.Paths = flag.Args()): pflag's, where a test binds
// godog's flags with pflag.
func paths(fs *flag.FlagSet) []string {
	if fs != flag.CommandLine {
		return nil
	}
	if pflag.CommandLine.Parsed() {
		return pflag.CommandLine.Args()
	}
	return fs.Args()
}
