package features

import (
	"flag"
	"io"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestFlags: the -godog.* flags, parsed as go test parses them, give the options they name,
// and the defaults are the files' order, no reports, no filter.
func TestFlags(t *testing.T) {
	parse := func(args ...string) (Options, error) {
		fs := flag.NewFlagSet("test", flag.ContinueOnError)
		fs.SetOutput(io.Discard)
		registerFlags(fs)
		if err := fs.Parse(args); err != nil {
			return Options{}, err
		}
		return optionsFrom(fs)
	}
	o, err := parse()
	require.NoError(t, err)
	assert.Equal(t, Options{}, o, "by default: every scenario, the files' order, a summary only")

	o, err = parse("-godog.format=junit:r.xml,pretty", "-godog.tags=@refusals && ~@board", "-godog.random=57", "-godog.stop-on-failure")
	require.NoError(t, err)
	assert.Equal(t, Options{Format: "junit:r.xml,pretty", Tags: "@refusals && ~@board", Random: 57, StopOnFailure: true}, o)
	assert.True(t, o.Pretty())
	assert.False(t, Options{Format: "junit:pretty"}.Pretty(), "a report's file is not a format")

	o, err = parse("-godog.random")
	require.NoError(t, err)
	assert.Equal(t, int64(-1), o.Random, "alone, a new seed")

	for _, bad := range [][]string{{"-godog.random=soon"}, {"-godog.format=html"}, {"-godog.format=cucumber"}, {"-godog.tags=refusals"}} {
		_, err := parse(bad...)
		assert.Error(t, err, "%q", bad)
	}
}

// TestFlagsAlreadyBound: when something else has defined the flags (godog.BindFlags in the
// same test binary), the kit reads those rather than defining them twice, which would panic.
func TestFlagsAlreadyBound(t *testing.T) {
	fs := flag.NewFlagSet("test", flag.ContinueOnError)
	fs.String("godog.format", "pretty", "")
	registerFlags(fs)
	require.NoError(t, fs.Parse([]string{"-godog.format=cucumber:out.json"}))
	o, err := optionsFrom(fs)
	require.NoError(t, err)
	assert.Equal(t, "cucumber:out.json", o.Format)
}

func TestTags(t *testing.T) {
	for _, tt := range []struct {
		expr string
		tags []string
		want bool
	}{
		{"", nil, true},
		{"@a", []string{"@a"}, true},
		{"@a", []string{"@b"}, false},
		{"~@a", []string{"@b"}, true},
		{"@a,@b", []string{"@b"}, true},
		{"@a && @b", []string{"@b"}, false},
		{"@a && ~@c", []string{"@a", "@b"}, true},
	} {
		e, err := parseTags(tt.expr)
		require.NoError(t, err)
		assert.Equal(t, tt.want, e.match(tt.tags), "%q on %v", tt.expr, tt.tags)
	}
}

// TestWriteReports: every report the format list names is written, and one that cannot be
// says which.
func TestWriteReports(t *testing.T) {
	dir := t.TempDir()
	o := Options{Format: "junit:" + filepath.Join(dir, "r.xml") + ", pretty, cucumber:" + filepath.Join(dir, "c.json")}
	require.NoError(t, o.WriteReports("mastermind", nil))
	assert.FileExists(t, filepath.Join(dir, "r.xml"))
	assert.FileExists(t, filepath.Join(dir, "c.json"))
	err := Options{Format: "cucumber:" + filepath.Join(dir, "no", "such", "c.json")}.WriteReports("mastermind", nil)
	assert.ErrorContains(t, err, "writing the cucumber report")
}
