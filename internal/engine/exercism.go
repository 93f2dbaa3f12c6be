package engine

import (
	"encoding/json"
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"

	"github.com/deliberate-practice/katas/internal/brief"
	"github.com/deliberate-practice/katas/internal/step"
)

// Exercism's test runners report a run as results.json, as Exercism's test runner interface
// documents it (exercism/docs, building/tooling/test-runners/interface.md). Version 2: the
// third adds a test's task, and a kata's scenarios belong to no task.
type (
	exercismResults struct {
		Version int            `json:"version"`
		Status  string         `json:"status"`            // pass, fail, or error where no test could run
		Message string         `json:"message,omitempty"` // why, where the status is error
		Tests   []exercismTest `json:"tests"`
	}
	exercismTest struct {
		Name     string `json:"name"`
		TestCode string `json:"test_code"`
		Status   string `json:"status"`            // pass, fail or error
		Message  string `json:"message,omitempty"` // what failed, for a test that did not pass
		Output   string `json:"output,omitempty"`  // what the program wrote, at most 500 characters
	}
)

// exercismOutput is the most of a test's output Exercism shows, in characters; and what ends
// an output cut to fit, as the interface words it.
const (
	exercismOutput    = 500
	exercismTruncated = "Output was truncated. Please limit to 500 chars"
)

// WriteExercism writes the run as Exercism's results.json: a test for each scenario and
// outline row, in the feature files' order whatever order they ran in (Exercism shows the
// first failure), named by its feature and scenario, its steps as its code, its status —
// pass; fail for a wrong answer; error where the program crashed or hung, or the test did
// not run — its failure as its message, and what the program wrote to standard error as its
// output, cut to 500 characters. The run's status is pass when every test passed, error
// when the program could not get going and no test got further (the message says why and
// what to do), and fail otherwise.
func (rep runReport) WriteExercism(w io.Writer) error {
	rows := rep.rows()
	slices.SortStableFunc(rows, func(a, b row) int { return filesOrder(rep.Files, a.result.Scenario, b.result.Scenario) })
	out := exercismResults{Version: 2, Status: "pass", Tests: []exercismTest{}}
	gotGoing := false
	for _, row := range rows {
		r := row.result
		t := exercismTest{Name: exercismName(r.Scenario), TestCode: testCode(r.Scenario), Status: "pass", Output: exercismCut(brief.Safe(r.Stderr))}
		f, failed := r.Failure()
		switch {
		case row.notRun != "":
			t.Status, t.Message = "error", row.notRun
		case failed && (r.Crashed() || r.Kind == step.Setup):
			t.Status, t.Message = "error", failureMessage(f, r.Scenario.File)
		case failed:
			t.Status, t.Message = "fail", failureMessage(f, r.Scenario.File)
		}
		if row.notRun == "" && r.Kind != step.Setup {
			gotGoing = true
		}
		if t.Status != "pass" {
			out.Status = "fail"
		}
		out.Tests = append(out.Tests, t)
	}
	if o := rep.Outcome; o.Fatal != "" && !gotGoing {
		out.Status, out.Message = "error", brief.Safe(o.Fatal)
		for _, t := range out.Tests {
			if t.Message != "" { // what stopped the program, then what to do
				out.Message = t.Message + "\n\n" + out.Message
				break
			}
		}
	}
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	enc.SetEscapeHTML(false)
	return enc.Encode(out)
}

// exercismName names a scenario as a test: its feature and scenario, and an outline row's
// number and cells.
func exercismName(s Scenario) string {
	name := s.Feature + " > " + s.Name
	if s.Row > 0 {
		name += fmt.Sprintf(", row %d: | %s |", s.Row, strings.Join(s.Example, " | "))
	}
	return brief.Safe(name)
}

// testCode is a scenario's steps, as the feature file writes them, placeholders filled in:
// what a test's code is to Exercism.
func testCode(s Scenario) string {
	var b strings.Builder
	for i, st := range s.Steps {
		if i > 0 {
			b.WriteByte('\n')
		}
		b.WriteString(st.Keyword + " " + st.Text)
		if d := st.DocString; d != nil {
			b.WriteString("\n  \"\"\"\n  " + strings.ReplaceAll(d.Content, "\n", "\n  ") + "\n  \"\"\"")
		}
		for _, cells := range st.Table {
			b.WriteString("\n  | " + strings.Join(cells, " | ") + " |")
		}
	}
	return brief.Safe(b.String())
}

// failureMessage is a failed step, where the feature file has it, and why.
func failureMessage(f StepResult, file string) string {
	msg := f.Step
	if f.Line > 0 {
		msg += " (" + file + ":" + strconv.Itoa(f.Line) + ")"
	}
	if msg != "" {
		msg = f.Status.String() + ": " + msg + "\n"
	}
	return brief.Safe(msg + f.Err)
}

// exercismCut cuts an output to Exercism's 500 characters, saying so within them.
func exercismCut(s string) string {
	r := []rune(s)
	if len(r) <= exercismOutput {
		return s
	}
	keep := exercismOutput - len([]rune(exercismTruncated)) - 1
	return string(r[:keep]) + "\n" + exercismTruncated
}

// writePretty writes every scenario with every step and how it went, in the order they ran,
// then the summary.
func (rep runReport) writePretty(w io.Writer) error {
	for _, row := range rep.rows() {
		text := prettyText(row.result)
		if row.notRun != "" {
			text = heading(row.result.Scenario) + "\n  " + row.notRun
		}
		if _, err := fmt.Fprintln(w, text+"\n"); err != nil {
			return err
		}
	}
	_, err := fmt.Fprintln(w, rep.Summary)
	return err
}
