package record

import (
	"context"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/deliberate-practice/katas/internal/dojo"
	"github.com/deliberate-practice/katas/internal/engine"
	"github.com/deliberate-practice/katas/internal/history"
	"github.com/deliberate-practice/katas/internal/journal"
	"github.com/deliberate-practice/katas/internal/kata"
	"github.com/deliberate-practice/katas/internal/step"
	"github.com/deliberate-practice/katas/internal/verdict"
)

// TestLight: green where every scenario passed; red where one failed, or none ran; amber where
// the implementation did not get going, or crashed on every scenario.
func TestLight(t *testing.T) {
	ok := engine.Result{Scenario: engine.Scenario{Steps: []engine.Step{{Keyword: "Given", Text: "x"}}}, Steps: []engine.StepResult{{}}}
	require.True(t, ok.Passed(), "a step whose status is godog's passed")
	for want, o := range map[verdict.Light]engine.Outcome{
		verdict.Green: {Results: []engine.Result{ok}},
		verdict.Amber: {Results: []engine.Result{{Kind: step.Crash}, {Kind: step.Crash}}},
	} {
		assert.Equal(t, want, Light(o))
	}
	assert.Equal(t, verdict.Red, Light(engine.Outcome{Results: []engine.Result{{Kind: step.Crash}, ok}}), "a crash, and a pass")
	assert.Equal(t, verdict.Amber, Light(engine.Outcome{Results: []engine.Result{ok}, Fatal: "no greeting"}))
	assert.Equal(t, verdict.Red, Light(engine.Outcome{}), "none ran")
}

// TestEntry: a run's entry holds its light and counts, the scenarios it chose where it chose
// some, and its mark on the kata's scale, which a replay does not keep.
func TestEntry(t *testing.T) {
	ok := engine.Result{Scenario: engine.Scenario{Steps: []engine.Step{{Keyword: "Given", Text: "x"}}}, Steps: []engine.StepResult{{}}, Grade: &step.Grade{Total: 5801, Worst: 5, Games: 1296}}
	scale := verdict.Scale{Games: 1296, Turns: 12}
	k := kata.Kata{Name: "codebreaker", Scale: &scale}
	at := time.UnixMilli(1)
	e := Entry(k, engine.Outcome{Results: []engine.Result{ok}, NotRun: []engine.Scenario{{}}, Partial: true, Selected: "--tags='~@optimal'"}, at)
	assert.Equal(t, journal.Entry{Time: at, Kata: "codebreaker", Light: verdict.Green, Passed: 1, Total: 2, Partial: true, Selected: "--tags='~@optimal'",
		Mark: &verdict.Mark{Total: 5801, Worst: 5, Games: 1296}}, e)
	assert.Nil(t, Entry(k, engine.Outcome{Results: []engine.Result{ok}, Replay: true}, at).Mark, "a replay's seed was given: no mark")
}

// TestAPostSaysWhatTheCodeChanged: a run's light says how many lines its code changed since
// the run before, from the commits the log names.
func TestAPostSaysWhatTheCodeChanged(t *testing.T) {
	dir := t.TempDir()
	logRun := func(files map[string]string, l verdict.Light) journal.Entry {
		t.Helper()
		for name, data := range files {
			require.NoError(t, os.WriteFile(filepath.Join(dir, name), []byte(data), 0o644))
		}
		e, err := history.Keep(dir, history.Take(dir), journal.Entry{Time: time.Now(), Kata: "tictactoe", Light: l, Passed: 1, Total: 2})
		require.NoError(t, err)
		return e
	}
	first := logRun(map[string]string{"a.py": "1\n2\n3\n"}, verdict.Red)
	assert.Equal(t, dojo.Post{Name: "ann", Kata: "tictactoe", Light: verdict.Red, Passed: 1, Total: 2, Added: 3, At: first.Time.UnixMilli()}, post(dir, first, "ann"),
		"the time of the run, for the room to show a light that comes late at it")
	second := logRun(map[string]string{"a.py": "1\n3\n", "b.py": "x\n"}, verdict.Green)
	got := post(dir, second, "ann")
	assert.Equal(t, 1, got.Added, "b.py's line, and none in a.py")
	assert.Equal(t, 1, got.Removed, "a.py's 2")
	unkept := second
	unkept.Commit = ""
	assert.Zero(t, post(dir, unkept, "ann").Added, "a run that kept no code changed none")
}

// TestKeepThenSend: Keep logs the run, commits its code and keeps its light in the folder for
// the room, sending nothing; Send sends it, and it is gone from the folder.
func TestKeepThenSend(t *testing.T) {
	var got []dojo.Post
	conflict := false // the room answers 409 to a light whose code is not whole, once
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		var p dojo.Post
		require.NoError(t, json.NewDecoder(r.Body).Decode(&p))
		got = append(got, p)
		if conflict && p.Code != nil && slices.ContainsFunc(p.Code.Files, func(f dojo.CodeFile) bool { return f.Text == nil }) {
			conflict = false
			w.WriteHeader(http.StatusConflict)
			return
		}
		w.WriteHeader(http.StatusCreated)
	}))
	defer srv.Close()
	p, err := dojo.NewParticipant(srv.URL+"/rooms/dojo/"+strings.Repeat("a", 26), "ann")
	require.NoError(t, err)
	dir := t.TempDir()
	require.NoError(t, os.WriteFile(filepath.Join(dir, "a.py"), []byte("x\n"), 0o644))
	ok := engine.Result{Scenario: engine.Scenario{Steps: []engine.Step{{Keyword: "Given", Text: "x"}}}, Steps: []engine.StepResult{{}}}
	rec, err := Keep(kata.Kata{Name: "tictactoe"}, engine.Outcome{Results: []engine.Result{ok}}, Run{Dir: dir, Code: history.Take(dir), At: time.UnixMilli(7), Log: true, Room: &p, Predicted: verdict.Green})
	require.NoError(t, err)
	assert.NotEmpty(t, rec.Entry.Commit, "the code kept")
	logged, err := journal.Read(dir)
	require.NoError(t, err)
	require.Len(t, logged, 1)
	assert.Equal(t, verdict.Green, logged[0].Predicted)
	assert.FileExists(t, filepath.Join(dir, dojo.UnsentPath), "the light kept for the room")
	assert.Empty(t, got, "and not sent yet")

	require.NoError(t, rec.Send(context.Background()))
	require.Len(t, got, 1)
	text := "x\n"
	code := &dojo.Code{Files: []dojo.CodeFile{{Path: "a.py", Hash: dojo.Hash([]byte(text)), Size: 2, Text: &text}}}
	assert.Equal(t, dojo.Post{Name: "ann", Kata: "tictactoe", Light: verdict.Green, Passed: 1, Total: 1, Predicted: verdict.Green, Added: 1, At: 7, Code: code}, got[0], "the light, with its code")
	assert.NoFileExists(t, filepath.Join(dir, dojo.UnsentPath))

	// The next run's light brings what changed alone; a room that does not hold the rest
	// (409) gets it whole.
	require.NoError(t, os.WriteFile(filepath.Join(dir, "b.py"), []byte("y\n"), 0o644))
	rec, err = Keep(kata.Kata{Name: "tictactoe"}, engine.Outcome{Results: []engine.Result{ok}}, Run{Dir: dir, Code: history.Take(dir), At: time.UnixMilli(8), Log: true, Room: &p})
	require.NoError(t, err)
	conflict = true
	require.NoError(t, rec.Send(context.Background()))
	require.Len(t, got, 3)
	require.Len(t, got[1].Code.Files, 2)
	assert.Nil(t, got[1].Code.Files[0].Text, "a.py, unchanged, by its hash")
	assert.Equal(t, "y\n", *got[1].Code.Files[1].Text, "b.py, new")
	require.Len(t, got[2].Code.Files, 2)
	assert.Equal(t, "x\n", *got[2].Code.Files[0].Text, "whole, asked again")

	// A participant who keeps their code to themselves sends none.
	p.NoCode = true
	rec, err = Keep(kata.Kata{Name: "tictactoe"}, engine.Outcome{Results: []engine.Result{ok}}, Run{Dir: dir, Code: history.Take(dir), At: time.UnixMilli(9), Log: true, Room: &p})
	require.NoError(t, err)
	require.NoError(t, rec.Send(context.Background()))
	require.Len(t, got, 4)
	assert.Nil(t, got[3].Code)

	none, err := Keep(kata.Kata{Name: "tictactoe"}, engine.Outcome{}, Run{Dir: t.TempDir()})
	require.NoError(t, err)
	assert.NoError(t, none.Send(context.Background()), "no room, nothing to send")
}
