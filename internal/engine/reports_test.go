package engine

import (
	"bytes"
	"encoding/json"
	"encoding/xml"
	"os"
	"strings"
	"testing"
	"testing/fstest"
	"unicode/utf8"

	"github.com/cucumber/godog"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/deliberate-practice/katas/internal/kata"
	"github.com/deliberate-practice/katas/internal/step"
)

// tally is the counting kata under another name and file: a second kata of one go test.
var tally = kata.Kata{Name: "tally", Files: []string{"tally.feature"}, Features: fstest.MapFS{
	"tally.feature": {Data: []byte(strings.Replace(countingFeature, "Feature: Counting", "Feature: Tallying", 1))},
}}

// junitOf reads a JUnit report's suites: their names and katas, and the count of tests.
func junitOf(t *testing.T, file string) (tests int, suites []string) {
	t.Helper()
	var r struct {
		Tests  int `xml:"tests,attr"`
		Suites []struct {
			Name    string `xml:"name,attr"`
			Package string `xml:"package,attr"`
		} `xml:"testsuite"`
	}
	data, err := os.ReadFile(file)
	require.NoError(t, err)
	require.NoError(t, xml.Unmarshal(data, &r), string(data))
	for _, s := range r.Suites {
		suites = append(suites, s.Package+": "+s.Name)
	}
	return r.Tests, suites
}

// TestAReportWithoutAFileGoesToStandardOutput: "junit" alone is written to the front's Stdout,
// as godog writes it; a front with none (kata run's, whose output is the screen) refuses it.
func TestAReportWithoutAFileGoesToStandardOutput(t *testing.T) {
	t.Chdir(t.TempDir())
	var stdout bytes.Buffer
	_, err := (&fakeFront{out: &stdout}).run(t, counting, Options{Format: "junit"})
	require.NoError(t, err)
	assert.True(t, strings.HasPrefix(stdout.String(), xml.Header), stdout.String())
	assert.Contains(t, stdout.String(), `<testsuite name="Counting" package="counting" tests="6" failures="2"`)
	entries, _ := os.ReadDir(".")
	assert.Empty(t, entries, "no file written")

	_, err = (&fakeFront{}).run(t, counting, Options{Format: "cucumber"})
	assert.ErrorContains(t, err, `format "cucumber" needs a file: cucumber:FILE`)
}

// TestAFileAsNamedHoldsEveryKata: with AsNamed, as godog's -godog.format asks, a report goes
// to the file named, and two katas of one go test share it: each run replaces its own kata's
// part and keeps the other's. A file of something else is written over.
func TestAFileAsNamedHoldsEveryKata(t *testing.T) {
	t.Chdir(t.TempDir())
	opts := Options{Format: "junit:r.xml,cucumber:r.json,pretty:steps.txt", AsNamed: true}
	for _, k := range []kata.Kata{counting, tally, counting} {
		_, err := (&fakeFront{}).run(t, k, opts)
		require.NoError(t, err)
	}
	tests, suites := junitOf(t, "r.xml")
	assert.Equal(t, 12, tests, "both katas' six, counting's once")
	assert.Equal(t, []string{"tally: Tallying", "counting: Counting"}, suites)

	var features []struct {
		URI      string `json:"uri"`
		Elements []any  `json:"elements"`
	}
	data, err := os.ReadFile("r.json")
	require.NoError(t, err)
	require.NoError(t, json.Unmarshal(data, &features), string(data))
	require.Len(t, features, 2)
	assert.Equal(t, "tally.feature", features[0].URI)
	assert.Equal(t, "counting.feature", features[1].URI)
	assert.Len(t, features[1].Elements, 6)

	text, err := os.ReadFile("steps.txt")
	require.NoError(t, err)
	assert.Equal(t, 1, strings.Count(string(text), "=== counting ===\n"), string(text))
	assert.Equal(t, 1, strings.Count(string(text), "=== tally ===\n"), string(text))
	assert.Less(t, strings.Index(string(text), "=== counting ==="), strings.Index(string(text), "=== tally ==="), "each in its place")
	assert.Equal(t, 2, strings.Count(string(text), "✓ Given the number 0"), "each kata's steps once")

	require.NoError(t, os.WriteFile("r.xml", []byte("not a report"), 0o644))
	_, err = (&fakeFront{}).run(t, tally, Options{Format: "junit:r.xml", AsNamed: true})
	require.NoError(t, err)
	tests, suites = junitOf(t, "r.xml")
	assert.Equal(t, 6, tests)
	assert.Equal(t, []string{"tally: Tallying"}, suites)

	// Without AsNamed, the kata's name goes into the file's, as -kata.format and kata run write.
	_, err = (&fakeFront{}).run(t, tally, Options{Format: "junit:r.xml,progress:summary.txt"})
	require.NoError(t, err)
	tests, _ = junitOf(t, "r-tally.xml")
	assert.Equal(t, 6, tests)
	summary, err := os.ReadFile("summary-tally.txt")
	require.NoError(t, err)
	assert.Contains(t, string(summary), "tally: 4 of 6 scenarios passed, 2 failed:")
}

// exercismChecked reads a results.json and holds it to Exercism's test runner interface
// (exercism/docs, building/tooling/test-runners/interface.md): the fields each level may have
// and their types, the statuses, a message where the status is error, the tests where it is
// pass or fail, the run's status as its tests' statuses make it, and output of at most 500
// characters.
func exercismChecked(t *testing.T, data []byte) map[string]any {
	t.Helper()
	var top map[string]any
	require.NoError(t, json.Unmarshal(data, &top), string(data))
	for k := range top {
		assert.Contains(t, []string{"version", "status", "message", "tests"}, k, "a field of the interface")
	}
	assert.Equal(t, 2.0, top["version"], "version 2: a scenario belongs to no task, which is what 3 adds")
	status, _ := top["status"].(string)
	require.Contains(t, []string{"pass", "fail", "error"}, status)
	if m, ok := top["message"]; ok && m != nil {
		assert.IsType(t, "", m)
	}
	if status == "error" {
		assert.NotEmpty(t, top["message"], "an error says why")
	}
	tests, ok := top["tests"].([]any)
	if status != "error" {
		require.True(t, ok, "tests, where the status is pass or fail")
		require.NotEmpty(t, tests)
	}
	failed := false
	for _, raw := range tests {
		test, ok := raw.(map[string]any)
		require.True(t, ok)
		for k, v := range test {
			assert.Contains(t, []string{"name", "test_code", "status", "message", "output", "task_id"}, k)
			if k != "task_id" && v != nil {
				assert.IsType(t, "", v, k)
			}
		}
		assert.NotEmpty(t, test["name"])
		assert.NotEmpty(t, test["test_code"])
		s := test["status"]
		require.Contains(t, []any{"pass", "fail", "error"}, s)
		if s != "pass" {
			failed = true
			assert.NotEmpty(t, test["message"], "a failure says what failed")
		}
		if out, ok := test["output"].(string); ok {
			assert.LessOrEqual(t, utf8.RuneCountInString(out), 500, "Exercism's cap")
		}
	}
	switch {
	case status == "pass":
		assert.False(t, failed, "pass: every test passed")
	case status == "fail":
		assert.True(t, failed, "fail: some test failed")
	}
	return top
}

// TestExercismResults: a run as Exercism's results.json, for a run that passed, one that
// failed (in a random order, reported in the files'), and one whose program never got going;
// a test's output cut to 500 characters, saying so.
func TestExercismResults(t *testing.T) {
	t.Chdir(t.TempDir())
	_, err := (&fakeFront{}).run(t, counting, Options{Format: "exercism:results.json", Random: true, Seed: 3})
	require.NoError(t, err)
	data, err := os.ReadFile("results.json")
	require.NoError(t, err, "written where named: Exercism's file is results.json")
	top := exercismChecked(t, data)
	assert.Equal(t, "fail", top["status"])
	tests := top["tests"].([]any)
	require.Len(t, tests, 6)
	var names []string
	for _, x := range tests {
		names = append(names, x.(map[string]any)["name"].(string))
	}
	assert.Equal(t, []string{"Counting > Nothing to count", "Counting > Parity, row 1: | 2 |", "Counting > Parity, row 2: | 3 |",
		"Counting > Parity, row 3: | 4 |", "Counting > Parity, row 4: | 5 |", "Counting > A table and a doc string"}, names, "the files' order")
	third := tests[2].(map[string]any)
	assert.Equal(t, "fail", third["status"])
	assert.Equal(t, "Given the number 3\nThen it should be even", third["test_code"])
	assert.Equal(t, "failed: Then it should be even (counting.feature:12)\n3 is odd", third["message"])
	assert.Contains(t, tests[5].(map[string]any)["test_code"], "\n  | 2 |\n  | 4 |\nAnd the note\n  \"\"\"\n  Scenario: not a scenario\n  \"\"\"\nThen")

	_, err = (&fakeFront{}).run(t, counting, Options{Format: "exercism:results.json", Run: "Nothing"})
	require.NoError(t, err)
	assert.Equal(t, "pass", exercismChecked(t, must(os.ReadFile("results.json")))["status"])

	// A front that runs several katas into one folder, go test's, gives each its own.
	for _, k := range []kata.Kata{counting, tally} {
		_, err = (&fakeFront{many: true}).run(t, k, Options{Format: "exercism:results.json"})
		require.NoError(t, err)
	}
	assert.Len(t, exercismChecked(t, must(os.ReadFile("results-counting.json")))["tests"], 6)
	assert.Len(t, exercismChecked(t, must(os.ReadFile("results-tally.json")))["tests"], 6)

	long := strings.Repeat("é", 700)
	never := Result{Scenario: Scenario{Feature: "F", Name: "first", File: "f.feature", Line: 3, Steps: []Step{{Keyword: "When", Text: "I start"}}},
		Steps: []StepResult{{Step: "When I start", Status: godog.StepFailed, Err: "the program exited with status 2 before its greeting", Kind: step.Setup}},
		Kind:  step.Setup, Stderr: long}
	var b bytes.Buffer
	rep := runReport{Kata: "k", Files: []string{"f.feature"}, Outcome: Outcome{Results: []Result{never},
		NotRun:  []Scenario{{Feature: "F", Name: "second", File: "f.feature", Line: 9, Steps: []Step{{Keyword: "Then", Text: "it ends"}}}},
		Stopped: "the program could not be started", Fatal: "Check that the program starts."}}
	require.NoError(t, rep.WriteExercism(&b))
	top = exercismChecked(t, b.Bytes())
	assert.Equal(t, "error", top["status"])
	assert.Equal(t, "failed: When I start\nthe program exited with status 2 before its greeting\n\nCheck that the program starts.", top["message"])
	tests = top["tests"].([]any)
	require.Len(t, tests, 2)
	out := tests[0].(map[string]any)["output"].(string)
	assert.Equal(t, 500, utf8.RuneCountInString(out))
	assert.True(t, strings.HasSuffix(out, "\nOutput was truncated. Please limit to 500 chars"), out)
	assert.Equal(t, "error", tests[1].(map[string]any)["status"], "not run")
}
