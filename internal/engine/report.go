package engine

import (
	"encoding/json"
	"encoding/xml"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"time"
)

// ReportFile is the file a report of the kata is written to when file is asked for: the
// kata's name goes before the extension, "report.xml" becoming "report-mastermind.xml", so
// that the reports of two katas run in one go test never overwrite each other. A relative
// path is taken from the current directory: for go test, the package's directory.
func ReportFile(file, kata string) string {
	ext := filepath.Ext(file)
	return strings.TrimSuffix(file, ext) + "-" + kata + ext
}

// writeReport writes a JUnit or Cucumber report of a run to file, and returns its absolute
// path.
func writeReport(format, file, kata string, o Outcome) (string, error) {
	path, err := filepath.Abs(file)
	if err != nil {
		return "", fmt.Errorf("writing the %s report %s: %w", format, file, err)
	}
	f, err := os.Create(path)
	if err != nil {
		return "", fmt.Errorf("writing the %s report: %w", format, err)
	}
	switch format {
	case "junit":
		err = WriteJUnit(f, kata, o.Results)
	case "cucumber":
		err = WriteCucumber(f, o.Results)
	}
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		return "", fmt.Errorf("writing the %s report %s: %w", format, path, err)
	}
	return path, nil
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

// WriteJUnit writes results as a JUnit XML report named name: a test suite for each
// feature, a test case for each scenario or outline row.
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
	out := []cucumberFeature{}
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
			step := cucumberStep{Keyword: st.Keyword + " ", Name: st.Text, Line: st.Line, Result: cucumberResult{Status: "skipped"}}
			if j < len(r.Steps) {
				got := r.Steps[j]
				step.Result = cucumberResult{Status: got.Status, Error: got.Err, Duration: got.Duration.Nanoseconds()}
			}
			e.Steps = append(e.Steps, step)
		}
		out[i].Elements = append(out[i].Elements, e)
	}
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(out)
}
