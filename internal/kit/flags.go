package kit

import (
	"errors"
	"flag"
	"fmt"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"github.com/spf13/pflag"

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
// sets, when a test binds godog's flags; "" for a flag the kit does not read.
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
		opt := godogOption(short)
		if _, kit := given[flagPrefix+opt]; !ok || opt == "" || kit {
			continue
		}
		v := given[name]
		if opt == engine.OptRandom && v == "0" {
			v = "false" // godog's flag says 0 for -godog.random=false
		}
		if err := o.Set(opt, v); err != nil {
			errs = append(errs, fmt.Errorf("-%s: %w", name, err))
		}
	}
	return o, errors.Join(errs...)
}
