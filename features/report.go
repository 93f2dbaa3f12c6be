package features

import (
	"encoding/json"
	"encoding/xml"
	"fmt"
	"io"
	"strconv"
	"strings"
	"time"

	"github.com/deliberate-practice/katas/internal/brief"
)

// Failure describes a failed scenario for a person: which scenario, its outline row, the
// first step that did not pass and why.
//
//	Making a guess, row 16 (mastermind.feature:34): | Red Blue Blue Yellow | Purple Purple Red Red | W |
//	  failed: Then the code maker should give me "W" feedback on my guess (mastermind.feature:16)
//	  new(12 turns) with secret Red Blue Blue Yellow, guess Purple Purple Red Red: feedback "W W" …
func Failure(r Result) string {
	var b strings.Builder
	b.WriteString(r.Scenario.String())
	if r.Scenario.Example != nil {
		b.WriteString(": | " + strings.Join(r.Scenario.Example, " | ") + " |")
	}
	if f, ok := r.Failure(); ok {
		fmt.Fprintf(&b, "\n  %s: %s", f.Status, f.Step)
		if f.Line > 0 {
			fmt.Fprintf(&b, " (%s:%d)", r.Scenario.File, f.Line)
		}
		if f.Err != "" {
			b.WriteString("\n  " + strings.ReplaceAll(f.Err, "\n", "\n  "))
		}
	}
	return b.String()
}

// Pretty writes a scenario with every step and how it went.
func Pretty(r Result) string {
	var b strings.Builder
	b.WriteString(r.Scenario.String())
	if r.Scenario.Example != nil {
		b.WriteString(": | " + strings.Join(r.Scenario.Example, " | ") + " |")
	}
	for _, s := range r.Steps {
		mark := "✓"
		switch s.Status {
		case "passed":
		case "skipped":
			mark = "-"
		default:
			mark = "✗"
		}
		fmt.Fprintf(&b, "\n  %s %s", mark, s.Step)
		if s.Err != "" {
			b.WriteString("\n      " + strings.ReplaceAll(s.Err, "\n", "\n      "))
		}
	}
	return b.String()
}

// Summary sums up a run: how many scenarios passed, and each that failed with its first
// failed step; rerun says how to run a failed scenario again.
//
//	mastermind: 40 of 42 scenarios passed, 2 failed:
//	  Making a guess, row 14 (mastermind.feature:32): Then the code maker should give me "B W" feedback on my guess
//	  ...
//	To run one again: go test -run '^TestAcceptance/Playing_mastermind/Making_a_guess/row_14$'
func Summary(kata string, results []Result, stopped bool, rerun func(Scenario) string) string {
	var failed []Result
	for _, r := range results {
		if !r.Passed() {
			failed = append(failed, r)
		}
	}
	var b strings.Builder
	switch {
	case len(results) == 0:
		fmt.Fprintf(&b, "%s: no scenario ran", kata)
	case len(failed) == 0 && len(results) == 1:
		fmt.Fprintf(&b, "%s: 1 scenario, passed", kata)
	case len(failed) == 0:
		fmt.Fprintf(&b, "%s: all %d scenarios passed", kata, len(results))
	default:
		fmt.Fprintf(&b, "%s: %d of %s passed, %d failed:", kata, len(results)-len(failed), brief.Count(len(results), "scenario", "scenarios"), len(failed))
		for _, r := range failed {
			f, _ := r.Failure()
			fmt.Fprintf(&b, "\n  %s: %s", r.Scenario, f.Step)
		}
		if rerun != nil {
			fmt.Fprintf(&b, "\nTo run one again: %s", rerun(failed[0].Scenario))
		}
	}
	if stopped {
		b.WriteString("\nStopped at the first failure; the scenarios after it did not run.")
	}
	return b.String()
}

// JUnit report.
type (
	junitSuites struct {
		XMLName  xml.Name     `xml:"testsuites"`
		Name     string       `xml:"name,attr"`
		Tests    int          `xml:"tests,attr"`
		Failures int          `xml:"failures,attr"`
		Time     string       `xml:"time,attr"`
		Suites   []junitSuite `xml:"testsuite"`
	}
	junitSuite struct {
		Name     string      `xml:"name,attr"`
		Tests    int         `xml:"tests,attr"`
		Failures int         `xml:"failures,attr"`
		Time     string      `xml:"time,attr"`
		Cases    []junitCase `xml:"testcase"`
	}
	junitCase struct {
		Name      string        `xml:"name,attr"`
		Classname string        `xml:"classname,attr"`
		File      string        `xml:"file,attr"`
		Line      int           `xml:"line,attr"`
		Time      string        `xml:"time,attr"`
		Failure   *junitFailure `xml:"failure,omitempty"`
	}
	junitFailure struct {
		Message string `xml:"message,attr"`
		Type    string `xml:"type,attr"`
		Text    string `xml:",chardata"`
	}
)

func seconds(d time.Duration) string { return strconv.FormatFloat(d.Seconds(), 'f', 6, 64) }

// WriteJUnit writes results as a JUnit XML report: a test suite for each feature, a test case
// for each scenario or outline row.
func WriteJUnit(w io.Writer, name string, results []Result) error {
	out := junitSuites{Name: name}
	var total time.Duration
	index := map[string]int{}
	for _, r := range results {
		i, ok := index[r.Scenario.Feature]
		if !ok {
			i = len(out.Suites)
			index[r.Scenario.Feature] = i
			out.Suites = append(out.Suites, junitSuite{Name: r.Scenario.Feature})
		}
		s := &out.Suites[i]
		c := junitCase{Name: strings.TrimPrefix(r.Scenario.Path(), r.Scenario.Feature+"/"), Classname: r.Scenario.Feature,
			File: r.Scenario.File, Line: r.Scenario.Line, Time: seconds(r.Duration)}
		if f, bad := r.Failure(); bad {
			c.Failure = &junitFailure{Message: f.Step + ": " + f.Err, Type: f.Status, Text: Failure(r)}
			s.Failures++
			out.Failures++
		}
		s.Cases = append(s.Cases, c)
		s.Tests++
		out.Tests++
		total += r.Duration
	}
	out.Time = seconds(total)
	for i := range out.Suites {
		var d time.Duration
		for _, r := range results {
			if r.Scenario.Feature == out.Suites[i].Name {
				d += r.Duration
			}
		}
		out.Suites[i].Time = seconds(d)
	}
	if _, err := io.WriteString(w, xml.Header); err != nil {
		return err
	}
	enc := xml.NewEncoder(w)
	enc.Indent("", "  ")
	if err := enc.Encode(out); err != nil {
		return err
	}
	_, err := io.WriteString(w, "\n")
	return err
}

// Cucumber JSON report.
type (
	cucumberFeature struct {
		URI      string            `json:"uri"`
		ID       string            `json:"id"`
		Keyword  string            `json:"keyword"`
		Name     string            `json:"name"`
		Line     int               `json:"line"`
		Elements []cucumberElement `json:"elements"`
	}
	cucumberElement struct {
		ID      string         `json:"id"`
		Keyword string         `json:"keyword"`
		Name    string         `json:"name"`
		Line    int            `json:"line"`
		Type    string         `json:"type"`
		Tags    []cucumberTag  `json:"tags,omitempty"`
		Steps   []cucumberStep `json:"steps"`
	}
	cucumberTag struct {
		Name string `json:"name"`
	}
	cucumberStep struct {
		Keyword string         `json:"keyword"`
		Name    string         `json:"name"`
		Line    int            `json:"line"`
		Result  cucumberResult `json:"result"`
	}
	cucumberResult struct {
		Status   string `json:"status"`
		Error    string `json:"error_message,omitempty"`
		Duration int64  `json:"duration,omitempty"`
	}
)

// WriteCucumber writes results as a Cucumber JSON report: a feature for each feature file,
// an element for each scenario or outline row, with its steps.
func WriteCucumber(w io.Writer, results []Result) error {
	var out []cucumberFeature
	index := map[string]int{}
	slug := func(s string) string { return strings.ToLower(strings.ReplaceAll(s, " ", "-")) }
	for _, r := range results {
		sc := r.Scenario
		i, ok := index[sc.File]
		if !ok {
			i = len(out)
			index[sc.File] = i
			out = append(out, cucumberFeature{URI: sc.File, ID: slug(sc.Feature), Keyword: "Feature", Name: sc.Feature, Line: 1})
		}
		e := cucumberElement{ID: slug(sc.Feature) + ";" + slug(sc.Name), Keyword: "Scenario", Name: sc.Name, Line: sc.Line, Type: "scenario"}
		if sc.Row > 0 {
			e.Keyword = "Scenario Outline"
			e.ID += ";;" + strconv.Itoa(sc.Row)
		}
		for _, t := range sc.Tags {
			e.Tags = append(e.Tags, cucumberTag{t})
		}
		for j, st := range sc.Steps {
			step := cucumberStep{Keyword: keyword(st) + " ", Name: strings.TrimPrefix(st, keyword(st)+" "), Line: sc.stepLines[j], Result: cucumberResult{Status: "skipped"}}
			if j < len(r.Steps) {
				got := r.Steps[j]
				step.Name = strings.TrimPrefix(got.Step, keyword(st)+" ")
				step.Result = cucumberResult{Status: got.Status, Error: got.Err}
			}
			e.Steps = append(e.Steps, step)
		}
		if len(r.Steps) > 0 && len(e.Steps) > 0 {
			e.Steps[0].Result.Duration = r.Duration.Nanoseconds()
		}
		out[i].Elements = append(out[i].Elements, e)
	}
	if out == nil {
		out = []cucumberFeature{}
	}
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(out)
}
