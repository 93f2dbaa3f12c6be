package kit_test

import (
	"encoding/json"
	"flag"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/cucumber/godog"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/deliberate-practice/katas/internal/dojo"
	"github.com/deliberate-practice/katas/internal/engine"
	"github.com/deliberate-practice/katas/internal/history"
	"github.com/deliberate-practice/katas/internal/journal"
	"github.com/deliberate-practice/katas/internal/kata/testdata/tally"
	"github.com/deliberate-practice/katas/internal/kit"
	"github.com/deliberate-practice/katas/internal/step"
	"github.com/deliberate-practice/katas/internal/verdict"
)

// The kit's flags, as the features package defines them in a test binary.
func init() { kit.DefineFlags(flag.CommandLine) }

// TestATinyKataThroughTheKit: a kata that is one package of its own (testdata/tally) runs
// through the kit as the real katas do, its scenarios as go test runs them; the log of the run
// says both ran and passed.
func TestATinyKataThroughTheKit(t *testing.T) {
	t.Chdir(t.TempDir())
	t.Setenv("KATA_LOG", "1")
	kit.Run(t, tally.Kata(), func(sc *godog.ScenarioContext) {
		tally.Initialize(sc, func() (tally.Tally, error) { return &tally.Counter{}, nil })
	})
	entries, err := journal.Read(".")
	require.NoError(t, err)
	require.Len(t, entries, 1)
	assert.Equal(t, journal.Entry{Time: entries[0].Time, Kata: "tally", Light: verdict.Green, Passed: 2, Total: 2, Commit: entries[0].Commit}, entries[0])
	last, err := history.Last(".")
	require.NoError(t, err)
	assert.Equal(t, last, entries[0].Commit, "the run's code kept as a commit the entry names")
}

// TestTheKitSendsItsLightToTheRoom: with KATA_DOJO and KATA_DOJO_NAME, the kit logs each run
// and sends its light to the room, with the lines its code changed; a room away fails
// nothing.
func TestTheKitSendsItsLightToTheRoom(t *testing.T) {
	if _, alone := inOwnSession(t); !alone {
		return
	}
	t.Chdir(t.TempDir())
	require.NoError(t, os.WriteFile("tally.go", []byte("package tally\n\nvar n int\n"), 0o644))
	var got []dojo.Post
	room := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		var l dojo.Post
		require.NoError(t, json.NewDecoder(r.Body).Decode(&l))
		assert.NotZero(t, l.At, "the time of the run")
		l.At = 0
		assert.Equal(t, "/rooms/dojo/"+strings.Repeat("a", 26)+"/lights", r.URL.Path)
		got = append(got, l)
		w.WriteHeader(http.StatusCreated)
	}))
	defer room.Close()
	t.Setenv(dojo.EnvRoom, room.URL+"/rooms/dojo/"+strings.Repeat("a", 26))
	t.Setenv(dojo.EnvName, "ann")
	run := func() {
		kit.Run(t, tally.Kata(), func(sc *godog.ScenarioContext) {
			tally.Initialize(sc, func() (tally.Tally, error) { return &tally.Counter{}, nil })
		})
	}
	run()
	require.Len(t, got, 1)
	require.NotNil(t, got[0].Code, "the run's code, for the room's review")
	require.Len(t, got[0].Code.Files, 1)
	assert.Equal(t, "tally.go", got[0].Code.Files[0].Path)
	assert.Equal(t, "package tally\n\nvar n int\n", *got[0].Code.Files[0].Text)
	got[0].Code = nil
	assert.Equal(t, []dojo.Post{{Name: "ann", Kata: "tally", Light: verdict.Green, Passed: 2, Total: 2, Added: 3}}, got)
	entries, err := journal.Read(".")
	require.NoError(t, err)
	assert.Len(t, entries, 1, "a run a room sees is logged, with no KATA_LOG")

	room.Close()
	run() // and t does not fail
	entries, err = journal.Read(".")
	require.NoError(t, err)
	assert.Len(t, entries, 2)
}

// TestACallThatNeverReturnsFailsItsStep: a tally whose Add deadlocks fails its scenario once
// the call's time is up, as a timeout, rather than hanging go test until its own deadline.
func TestACallThatNeverReturnsFailsItsStep(t *testing.T) {
	block := make(chan struct{})
	defer close(block)
	run, err := engine.Start(t.Context(), tally.Kata(), engine.Options{Run: "Adding up"}, engine.Front{})
	require.NoError(t, err)
	var r engine.Result
	for s := range run.Scenarios() {
		r = run.Play(s, kit.InProcess(func(sc *godog.ScenarioContext) {
			tally.InitializeWithin(sc, func() (tally.Tally, error) { return stuck{block}, nil }, 50*time.Millisecond)
		}))
	}
	require.False(t, r.Passed())
	f, _ := r.Failure()
	assert.Contains(t, f.Err, "Add did not return within 50ms")
	assert.Equal(t, step.Timeout, f.Kind)
}

// stuck is a tally whose Add waits for ever (until the test ends).
type stuck struct{ block chan struct{} }

func (s stuck) Add(int) error { <-s.block; return nil }
func (s stuck) Total() int    { return 0 }

// TestCallLimitIsTheFlags: the limit is -kata.timeout's, 5s unless set.
func TestCallLimitIsTheFlags(t *testing.T) {
	assert.Equal(t, kit.DefaultCallLimit, kit.CallLimit())
	f := flag.Lookup("kata.timeout")
	require.NotNil(t, f, "the kit defines -kata.timeout in a test binary")
	require.NoError(t, f.Value.Set("250ms"))
	defer f.Value.Set(kit.DefaultCallLimit.String())
	assert.Equal(t, 250*time.Millisecond, kit.CallLimit())
}

// TestTheLogAndTheRoomFailNothing: a folder that cannot hold the log, and a room that is
// away, cost a passing run nothing: t passes, and a notice says what was not done.
func TestTheLogAndTheRoomFailNothing(t *testing.T) {
	if out, alone := inOwnSession(t); !alone {
		assert.Contains(t, out, "features: the run was not logged: keeping the log of runs: .kata is not a folder")
		assert.Contains(t, out, "features: the light was not sent to the dojo: ")
		return
	}
	t.Chdir(t.TempDir())
	require.NoError(t, os.WriteFile(".kata", []byte("a file where the log's folder goes\n"), 0o644))
	room := httptest.NewServer(http.NotFoundHandler())
	room.Close() // away
	t.Setenv(dojo.EnvRoom, room.URL+"/rooms/dojo/"+strings.Repeat("a", 26))
	t.Setenv(dojo.EnvName, "ann")
	kit.Run(t, tally.Kata(), func(sc *godog.ScenarioContext) {
		tally.Initialize(sc, func() (tally.Tally, error) { return &tally.Counter{}, nil })
	})
	data, err := os.ReadFile(".kata")
	require.NoError(t, err)
	assert.Equal(t, "a file where the log's folder goes\n", string(data), "the file is left as it was")
}

// inOwnSession runs the test t again, alone, in a test binary of its own started in a
// session of its own — with no terminal, so that the kit's notices go to its standard error
// and not to the terminal of the person running the tests — and fails t if it fails; it
// returns what that test wrote under -v. In that binary, where the test is to run, it returns
// true.
func inOwnSession(t *testing.T) (string, bool) {
	t.Helper()
	if os.Getenv("KIT_TEST_ALONE") == t.Name() {
		return "", true
	}
	cmd := exec.Command(os.Args[0], "-test.run=^"+regexp.QuoteMeta(t.Name())+"$", "-test.count=1", "-test.v")
	cmd.Env = append(os.Environ(), "KIT_TEST_ALONE="+t.Name())
	cmd.SysProcAttr = ownSession()
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("%v:\n%s", err, out)
	}
	return string(out), false
}
