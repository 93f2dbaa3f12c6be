package main

import (
	"encoding/json"
	"encoding/xml"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"
	"unicode/utf8"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// junitFile is what the tests read back of a JUnit report.
type junitFile struct {
	Tests    int `xml:"tests,attr"`
	Failures int `xml:"failures,attr"`
	Errors   int `xml:"errors,attr"`
	Skipped  int `xml:"skipped,attr"`
	Suites   []struct {
		Name      string `xml:"name,attr"`
		Tests     int    `xml:"tests,attr"`
		Failures  int    `xml:"failures,attr"`
		Errors    int    `xml:"errors,attr"`
		Skipped   int    `xml:"skipped,attr"`
		Timestamp string `xml:"timestamp,attr"`
		Hostname  string `xml:"hostname,attr"`
		Cases     []struct {
			Name      string `xml:"name,attr"`
			Classname string `xml:"classname,attr"`
			File      string `xml:"file,attr"`
			Failure   *struct {
				Message string `xml:"message,attr"`
				Text    string `xml:",chardata"`
			} `xml:"failure"`
			Error *struct {
				Message string `xml:"message,attr"`
			} `xml:"error"`
			Skipped *struct {
				Message string `xml:"message,attr"`
			} `xml:"skipped"`
			SystemErr string `xml:"system-err"`
		} `xml:"testcase"`
	} `xml:"testsuite"`
}

// reportRun runs kata run with both reports into a new folder and returns what it printed,
// its status, the JUnit report read back and the paths of both reports.
func reportRun(t *testing.T, args ...string) (out string, status int, junit junitFile, files []string) {
	t.Helper()
	dir := t.TempDir()
	x, j := filepath.Join(dir, "report.xml"), filepath.Join(dir, "report.json")
	out, _, status = kataCmd(append([]string{"run", "mastermind", "--format", "junit:" + x + ",cucumber:" + j}, args...)...)
	files = []string{filepath.Join(dir, "report-mastermind.xml"), filepath.Join(dir, "report-mastermind.json")}
	data, err := os.ReadFile(files[0])
	require.NoError(t, err, out)
	require.NoError(t, xml.Unmarshal(data, &junit))
	return out, status, junit, files
}

// counted checks that a JUnit report's counts add up, suite by suite and in all.
func counted(t *testing.T, r junitFile) {
	t.Helper()
	sum := 0
	for _, s := range r.Suites {
		var f, e, k int
		for _, c := range s.Cases {
			switch {
			case c.Failure != nil:
				f++
			case c.Error != nil:
				e++
			case c.Skipped != nil:
				k++
			}
		}
		assert.Equal(t, []int{s.Failures, s.Errors, s.Skipped, s.Tests}, []int{f, e, k, len(s.Cases)}, s.Name)
		assert.Regexp(t, `^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d$`, s.Timestamp, s.Name)
		assert.NotEmpty(t, s.Hostname, s.Name)
		sum += s.Tests
	}
	assert.Equal(t, r.Tests, sum)
}

// TestReportsForCI: the reports hold what CI systems read, their counts are the summary's,
// and what a program writes to standard error reaches them safe.
func TestReportsForCI(t *testing.T) {
	t.Parallel()
	// Passes and failures.
	out, status, r, files := reportRun(t, "-v", "--", impl, "-bug", "late")
	assert.Equal(t, 1, status)
	assert.Contains(t, out, "mastermind: 57 of 61 scenarios passed, 4 failed:")
	assert.Equal(t, []int{61, 4, 0, 0}, []int{r.Tests, r.Failures, r.Errors, r.Skipped})
	counted(t, r)
	c := r.Suites[0].Cases[0]
	assert.Equal(t, "mastermind.Playing_mastermind", c.Classname, "a dotted classname")
	assert.Equal(t, "mastermind.feature", c.File, "no copy of the feature here: its name")
	for _, s := range r.Suites {
		for _, c := range s.Cases {
			if c.Failure != nil {
				assert.NotContains(t, c.Failure.Message, "\n", "a one-line message")
				assert.Contains(t, c.Failure.Text, "\n", "the whole story in the element")
			}
		}
	}
	validate(t, files, map[string]int{"failed": 4})

	// A program that writes bytes no report may hold raw to standard error, and stops early.
	out, _, r, files = reportRun(t, "-v", "--stop-on-failure", "--", impl, "-misbehave", "noisy", "-bug", "repeats")
	assert.Contains(t, out, "Stopped at the first failure; 51 scenarios did not run.")
	assert.Equal(t, []int{61, 1, 0, 51}, []int{r.Tests, r.Failures, r.Errors, r.Skipped}, "those not run are skipped")
	counted(t, r)
	withStderr := 0
	for _, s := range r.Suites {
		for _, c := range s.Cases {
			if c.SystemErr != "" {
				withStderr++
				assert.Contains(t, c.SystemErr, `noise \xff\xfe <b>markup</b> & ]]> \x1b[31mred\x1b[0m \x00 \x07 \u0085 \ufffd`)
			}
		}
	}
	assert.Equal(t, 10, withStderr, "every case that ran has its standard error, passed or failed")
	for _, f := range files {
		data, err := os.ReadFile(f)
		require.NoError(t, err)
		assert.True(t, utf8.Valid(data), f)
		assert.NotRegexp(t, "[\x00-\x08\x0b\x0c\x0e-\x1f\x7f]|\ufffd", string(data), "%s holds no control character raw", f)
	}
	var feats []struct {
		Elements []struct {
			Name  string `json:"name"`
			Steps []struct {
				Result struct {
					Error string `json:"error_message"`
				} `json:"result"`
			} `json:"steps"`
		} `json:"elements"`
	}
	data, err := os.ReadFile(files[1])
	require.NoError(t, err)
	require.NoError(t, json.Unmarshal(data, &feats))
	assert.Equal(t, "Making a guess, row 1: | Red Green Blue Yellow | Red Purple Purple Purple | B |", feats[0].Elements[1].Name, "outline rows told apart")
	validate(t, files, nil)

	// A command that cannot run still leaves both reports, each scenario saying why.
	out, status, r, files = reportRun(t, "--", "./no-such-program")
	assert.Equal(t, 2, status, out)
	assert.Equal(t, []int{61, 0, 61}, []int{r.Tests, r.Failures, r.Errors})
	counted(t, r)
	assert.Contains(t, r.Suites[0].Cases[1].Error.Message, "not run: the implementation did not get going. Check the command after --.")
	validate(t, files, nil)
}

// TestReportsSayWhereTheFeaturesAre: where kata features wrote the feature files, a report's
// file attribute and uri name them, so that CI links to them.
func TestReportsSayWhereTheFeaturesAre(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	_, errOut, status := kataCmd("features", "mastermind", filepath.Join(dir, "features"))
	require.Zero(t, status, errOut)
	for kata, want := range map[string]string{"mastermind": `file="features/mastermind.feature"`, "tictactoe": `file="tictactoe.feature"`} {
		var out strings.Builder
		c := cli{ctx: t.Context(), stdout: &out, stderr: &out, self: "kata", dir: dir, now: time.Now, katas: known()}
		status := c.run([]string{"run", kata, "--run", "/Joining the game$|/An ongoing game$", "--format", "junit:" + filepath.Join(dir, "r.xml"), "--", impl, "-kata", kata})
		require.Zero(t, status, out.String())
		data, err := os.ReadFile(filepath.Join(dir, "r-"+kata+".xml"))
		require.NoError(t, err)
		assert.Contains(t, string(data), want, "%s: where kata features wrote its files, or its bare name", kata)
	}
}

// validate holds reports to their readers: Cucumber's own JSON validator, in Cucumber-JVM's
// shape, with the statuses the run had; and xunit-viewer, which must render the JUnit report.
// They are npm packages, in KATAS_REPORT_TOOLS (.ci/run installs them); without them the
// test says so and skips, and CI, which sets KATAS_REQUIRE_REPORT_TOOLS=1, fails instead.
func validate(t *testing.T, files []string, statuses map[string]int) {
	t.Helper()
	tools := os.Getenv("KATAS_REPORT_TOOLS")
	if tools == "" {
		if os.Getenv("KATAS_REQUIRE_REPORT_TOOLS") != "" {
			t.Fatal("KATAS_REPORT_TOOLS names no folder of the report readers, and KATAS_REQUIRE_REPORT_TOOLS is set")
		}
		t.Log("KATAS_REPORT_TOOLS is not set, so the reports are not fed to Cucumber's validator and xunit-viewer here (.ci/run does)")
		return
	}
	node := interpreter(t, "node")
	out, err := exec.Command(node, "testdata/reports/validate.cjs", tools, files[1]).CombinedOutput()
	require.NoError(t, err, "Cucumber's validator refuses %s:\n%s", files[1], out)
	var got struct {
		Shapes   []string       `json:"shapes"`
		Statuses map[string]int `json:"statuses"`
	}
	require.NoError(t, json.Unmarshal(out, &got), "%s", out)
	assert.Contains(t, got.Shapes, "jvm", "the shape Cucumber-JVM's formatter writes")
	for status, n := range statuses {
		assert.Equal(t, n, got.Statuses[status], status)
	}
	viewer := filepath.Join(tools, "node_modules", ".bin", "xunit-viewer")
	html := filepath.Join(t.TempDir(), "report.html")
	out, err = exec.Command(viewer, "-r", files[0], "-o", html).CombinedOutput()
	require.NoError(t, err, "xunit-viewer cannot render %s:\n%s", files[0], out)
	assert.FileExists(t, html)
	console := exec.Command(viewer, "-r", files[0], "-c", "-n")
	console.Dir = t.TempDir() // it writes index.html where it runs, even to the console
	out, err = console.CombinedOutput()
	require.NoError(t, err, "xunit-viewer cannot render %s in the console:\n%s", files[0], out)
	assert.Regexp(t, regexp.QuoteMeta("Playing mastermind"), string(out), "xunit-viewer renders the suites")
	assert.Contains(t, string(out), "Joining the game", "and the cases")
}

// TestExercismResultsOfTicTacToe: kata run tictactoe --format exercism:FILE writes Exercism's
// results.json where named, for the starting point as kata init writes it (fail: every test
// failed, saying what is not implemented), for a right solution (pass) and for a program that
// cannot start (error, and why).
func TestExercismResultsOfTicTacToe(t *testing.T) {
	t.Parallel() // it waits on an interpreter: beside the rest
	python := interpreter(t, "python3")
	dir := t.TempDir()
	if _, errOut, status := kataCmd("init", "tictactoe", "--lang", "python", dir); status != 0 {
		t.Fatal(errOut)
	}
	type results struct {
		Version int     `json:"version"`
		Status  string  `json:"status"`
		Message *string `json:"message"`
		Tests   []struct {
			Name, Status, Message, TestCode string
		} `json:"tests"`
	}
	run := func(program string) results {
		t.Helper()
		file := filepath.Join(dir, "results.json")
		require.NoError(t, os.RemoveAll(file))
		out, _, status := kataCmd("run", "tictactoe", "--format", "exercism:"+file, "--", python, filepath.Join(dir, program))
		require.LessOrEqual(t, status, 1, out) // 0 or 1: the run ran
		assert.Contains(t, out, "tictactoe: wrote the exercism report "+file)
		data, err := os.ReadFile(file)
		require.NoError(t, err, out)
		var r results
		require.NoError(t, json.Unmarshal(data, &r), string(data))
		assert.Equal(t, 2, r.Version)
		assert.Len(t, r.Tests, 34, "a test for each scenario and outline row")
		return r
	}
	stub := run("adapter.py")
	assert.Equal(t, "fail", stub.Status)
	assert.Nil(t, stub.Message)
	for _, test := range stub.Tests {
		assert.Equal(t, "fail", test.Status, test.Name)
		assert.Contains(t, test.Message, "classify is not implemented yet", test.Name)
	}
	assert.Equal(t, "State of tic-tac-toe > An ongoing game", stub.Tests[0].Name)

	code, err := os.ReadFile(filepath.Join("testdata", "solutions", "python", "tictactoe.py"))
	require.NoError(t, err)
	require.NoError(t, os.WriteFile(filepath.Join(dir, "tictactoe.py"), code, 0o644))
	right := run("adapter.py")
	assert.Equal(t, "pass", right.Status)
	for _, test := range right.Tests {
		assert.Equal(t, "pass", test.Status, test.Name)
		assert.Empty(t, test.Message)
	}

	broken := run("no-such-adapter.py")
	assert.Equal(t, "error", broken.Status)
	require.NotNil(t, broken.Message)
	assert.Contains(t, *broken.Message, "before its greeting")
	assert.Contains(t, *broken.Message, "no-such-adapter.py")
}
