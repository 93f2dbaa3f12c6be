package engine

import (
	"bytes"
	"encoding/json"
	"encoding/xml"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"time"

	"github.com/deliberate-practice/katas/internal/brief"
	"github.com/deliberate-practice/katas/internal/step"
)

// reportFile is the file a report of the kata is written to when file is asked for: the
// kata's name goes before the extension, "report.xml" becoming "report-mastermind.xml", so
// that the reports of two katas run in one go test never overwrite each other. A relative
// path is taken from the current directory: for go test, the package's directory.
func reportFile(file, kata string) string {
	ext := filepath.Ext(file)
	return strings.TrimSuffix(file, ext) + "-" + kata + ext
}

// featurePaths returns where a report says a feature file is, so that a CI system can link to
// it: its path relative to root, in the first of the folders dirs that holds it (each relative
// to root, or absolute, and within root); its bare name when none does.
func featurePaths(root string, dirs ...string) func(file string) string {
	return func(file string) string {
		for _, d := range dirs {
			if !filepath.IsAbs(d) {
				d = filepath.Join(root, d)
			}
			c := filepath.Join(d, file)
			rel, err := filepath.Rel(root, c)
			if err != nil || strings.HasPrefix(rel, "..") {
				continue
			}
			if _, err := os.Stat(c); err == nil {
				return filepath.ToSlash(rel)
			}
		}
		return file
	}
}

// writeFile writes the run in a format to file, merged with what other katas' runs wrote
// there when merge is set (see mergeReport), and returns the file's absolute path.
func (rep runReport) writeFile(format, file string, merge bool) (string, error) {
	path, err := filepath.Abs(file)
	if err != nil {
		return "", fmt.Errorf("writing the %s report %s: %w", format, file, err)
	}
	var b bytes.Buffer
	if err := rep.write(format, &b); err != nil {
		return "", fmt.Errorf("writing the %s report %s: %w", format, path, err)
	}
	data := b.Bytes()
	if merge {
		data = rep.merge(format, readOurs(path), data)
	}
	if err := os.WriteFile(path, data, 0o644); err != nil {
		return "", fmt.Errorf("writing the %s report: %w", format, err)
	}
	return path, nil
}

// write writes the run in a format to w: a report, or the run's text.
func (rep runReport) write(format string, w io.Writer) error {
	switch format {
	case "junit":
		return rep.WriteJUnit(w)
	case "cucumber":
		return rep.WriteCucumber(w)
	case "exercism":
		return rep.WriteExercism(w)
	case "pretty":
		return rep.writePretty(w)
	case "progress":
		_, err := fmt.Fprintln(w, rep.Summary)
		return err
	}
	return fmt.Errorf("no format %s", brief.Quote(format))
}

// runReport is what a report tells of a run.
type runReport struct {
	Kata        string
	Files       []string // the kata's feature files
	Outcome     Outcome
	FeaturePath func(file string) string // where a feature file is for a reader; nil for its bare name
	Summary     string                   // the run's summary, as verbose shows it
}

// path is where a feature file is for a reader of the report.
func (rep runReport) path(file string) string {
	if rep.FeaturePath != nil {
		return rep.FeaturePath(file)
	}
	return file
}

// row is one scenario of a report: one that ran, or one the run did not reach.
type row struct {
	result Result
	notRun string // why it did not run; "" for one that ran
	fatal  bool   // it did not run because the implementation did not get going
}

// rows are the report's scenarios: those that ran, then those not run.
func (rep runReport) rows() []row {
	var rows []row
	for _, r := range rep.Outcome.Results {
		rows = append(rows, row{result: r})
	}
	for _, s := range rep.Outcome.NotRun {
		rows = append(rows, row{result: Result{Scenario: s}, notRun: brief.Safe("not run: " + rep.Outcome.Stopped), fatal: rep.Outcome.Fatal != ""})
	}
	return rows
}

// JUnit report.
type (
	junitSuites struct {
		XMLName  xml.Name     `xml:"testsuites"`
		Name     string       `xml:"name,attr"`
		Tests    int          `xml:"tests,attr"`
		Failures int          `xml:"failures,attr"`
		Errors   int          `xml:"errors,attr"`
		Skipped  int          `xml:"skipped,attr"`
		Time     string       `xml:"time,attr"`
		Suites   []junitSuite `xml:"testsuite"`
	}
	junitSuite struct {
		Name      string      `xml:"name,attr"`
		Package   string      `xml:"package,attr,omitempty"` // the kata's name
		Tests     int         `xml:"tests,attr"`
		Failures  int         `xml:"failures,attr"`
		Errors    int         `xml:"errors,attr"`
		Skipped   int         `xml:"skipped,attr"`
		Time      string      `xml:"time,attr"`
		Timestamp string      `xml:"timestamp,attr"`
		Hostname  string      `xml:"hostname,attr"`
		Cases     []junitCase `xml:"testcase"`
	}
	junitCase struct {
		Name      string        `xml:"name,attr"`
		Classname string        `xml:"classname,attr"`
		File      string        `xml:"file,attr"`
		Line      int           `xml:"line,attr"`
		Time      string        `xml:"time,attr"`
		Failure   *junitProblem `xml:"failure,omitempty"`
		Error     *junitProblem `xml:"error,omitempty"`
		Skipped   *junitSkipped `xml:"skipped,omitempty"`
		SystemErr string        `xml:"system-err,omitempty"`
	}
	junitProblem struct {
		Message string `xml:"message,attr"`
		Type    string `xml:"type,attr"`
		Text    string `xml:",chardata"`
	}
	junitSkipped struct {
		Message string `xml:"message,attr"`
	}
)

func seconds(d time.Duration) string { return strconv.FormatFloat(d.Seconds(), 'f', 6, 64) }

// nonWord is what a dotted classname leaves out of a feature's name.
var nonWord = regexp.MustCompile(`[^A-Za-z0-9]+`)

// WriteJUnit writes the run as a JUnit XML report, as CI systems read it: a test suite for
// each feature, with when and where it ran; a test case for each scenario or outline row,
// with a dotted classname ("mastermind.Playing_mastermind"), the feature file and line; a
// failure, or an error where the implementation crashed or did not get going, with a
// one-line message and the whole story; a skipped case for each scenario not run; and what
// the implementation wrote to standard error, for every case with any. The counts add up:
// tests = passed + failures + errors + skipped.
func (rep runReport) WriteJUnit(w io.Writer) error {
	out := junitSuites{Name: rep.Kata}
	host, _ := os.Hostname()
	index := map[string]int{}
	for _, row := range rep.rows() {
		r := row.result
		sc := r.Scenario
		i, ok := index[sc.Feature]
		if !ok {
			i = len(out.Suites)
			index[sc.Feature] = i
			out.Suites = append(out.Suites, junitSuite{Name: sc.Feature, Package: rep.Kata, Hostname: host})
		}
		s := &out.Suites[i]
		if !r.Start.IsZero() && s.Timestamp == "" {
			s.Timestamp = r.Start.UTC().Format("2006-01-02T15:04:05")
		}
		c := junitCase{Name: strings.TrimPrefix(sc.Path(), sc.Feature+"/"),
			Classname: rep.Kata + "." + strings.Trim(nonWord.ReplaceAllString(sc.Feature, "_"), "_"),
			File:      rep.path(sc.File), Line: sc.Line, Time: seconds(r.Duration), SystemErr: brief.Safe(r.Stderr)}
		switch f, failed := r.Failure(); {
		case row.notRun != "" && row.fatal:
			c.Error = &junitProblem{Message: row.notRun, Type: "not run", Text: row.notRun}
			s.Errors++
		case row.notRun != "":
			c.Skipped = &junitSkipped{Message: row.notRun}
			s.Skipped++
		case failed:
			p := &junitProblem{Message: oneLine(f.Step + ": " + f.Cause), Type: f.Status.String(), Text: failureText(r)}
			if r.Crashed() || r.Kind == step.Setup {
				c.Error = p
				s.Errors++
			} else {
				c.Failure = p
				s.Failures++
			}
		}
		s.Cases = append(s.Cases, c)
		s.Tests++
	}
	var total time.Duration
	for i := range out.Suites {
		s := &out.Suites[i]
		var d time.Duration
		for _, r := range rep.Outcome.Results {
			if r.Scenario.Feature == s.Name {
				d += r.Duration
			}
		}
		s.Time = seconds(d)
		if s.Timestamp == "" {
			s.Timestamp = time.Now().UTC().Format("2006-01-02T15:04:05")
		}
		total += d
		out.Tests += s.Tests
		out.Failures += s.Failures
		out.Errors += s.Errors
		out.Skipped += s.Skipped
	}
	out.Time = seconds(total)
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

// oneLine is the first line of s.
func oneLine(s string) string {
	line, _, _ := strings.Cut(s, "\n")
	return line
}

// Cucumber JSON report, in the shape Cucumber-JVM's formatter writes.
type (
	cucumberFeature struct {
		URI         string            `json:"uri"`
		ID          string            `json:"id"`
		Line        int               `json:"line"`
		Keyword     string            `json:"keyword"`
		Name        string            `json:"name"`
		Description string            `json:"description"`
		Elements    []cucumberElement `json:"elements"`
		Tags        []cucumberTag     `json:"tags"`
	}
	cucumberElement struct {
		StartTimestamp string         `json:"start_timestamp,omitempty"`
		Line           int            `json:"line"`
		ID             string         `json:"id"`
		Type           string         `json:"type"`
		Keyword        string         `json:"keyword"`
		Name           string         `json:"name"`
		Description    string         `json:"description"`
		Steps          []cucumberStep `json:"steps"`
		Tags           []cucumberTag  `json:"tags"`
	}
	cucumberTag struct {
		Name string `json:"name"`
	}
	cucumberStep struct {
		Keyword   string             `json:"keyword"`
		Line      int                `json:"line"`
		Name      string             `json:"name"`
		Result    cucumberResult     `json:"result"`
		DocString *cucumberDocString `json:"doc_string,omitempty"`
		Rows      []cucumberRow      `json:"rows,omitempty"`
	}
	cucumberDocString struct {
		Line        int    `json:"line"`
		Value       string `json:"value"`
		ContentType string `json:"content_type,omitempty"`
	}
	cucumberRow struct {
		Cells []string `json:"cells"`
	}
	cucumberResult struct {
		Status   string `json:"status"`
		Error    string `json:"error_message,omitempty"`
		Duration int64  `json:"duration,omitempty"`
	}
)

// tags writes tag names as a Cucumber report lists them.
func tags(names []string) []cucumberTag {
	out := []cucumberTag{}
	for _, n := range names {
		out = append(out, cucumberTag{n})
	}
	return out
}

// WriteCucumber writes the run as a Cucumber JSON report in the shape Cucumber-JVM's
// formatter writes, which Cucumber's own JSON validator accepts: a feature for each feature
// file, with its description and tags; an element for each scenario or outline row, named so
// that rows tell apart ("Making a guess, row 9: | Red … |"), with when it started; each step
// with its own result, duration, and doc string or table. Scenarios not run are there with
// their steps skipped.
func (rep runReport) WriteCucumber(w io.Writer) error {
	out := []cucumberFeature{}
	index := map[string]int{}
	slug := func(s string) string { return strings.ToLower(strings.Trim(nonWord.ReplaceAllString(s, "-"), "-")) }
	for _, row := range rep.rows() {
		r := row.result
		sc := r.Scenario
		i, ok := index[sc.File]
		if !ok {
			i = len(out)
			index[sc.File] = i
			out = append(out, cucumberFeature{URI: rep.path(sc.File), ID: slug(sc.Feature), Line: sc.FeatureLine, Keyword: "Feature",
				Name: sc.Feature, Description: sc.FeatureDescription, Tags: tags(sc.FeatureTags)})
		}
		e := cucumberElement{ID: slug(sc.Feature) + ";" + slug(sc.Name), Type: "scenario", Keyword: "Scenario", Name: sc.Name,
			Line: sc.Line, Description: sc.Description, Tags: tags(sc.Tags)}
		if !r.Start.IsZero() {
			e.StartTimestamp = r.Start.UTC().Format("2006-01-02T15:04:05.000Z")
		}
		if sc.Row > 0 {
			e.Keyword = "Scenario Outline"
			e.ID += ";;" + strconv.Itoa(sc.Row)
			e.Name = fmt.Sprintf("%s, row %d: | %s |", sc.Name, sc.Row, strings.Join(sc.Example, " | "))
		}
		for j, st := range sc.Steps {
			step := cucumberStep{Keyword: st.Keyword + " ", Name: st.Text, Line: st.Line, Result: cucumberResult{Status: "skipped"}}
			if d := st.DocString; d != nil {
				step.DocString = &cucumberDocString{Line: d.Line, Value: d.Content, ContentType: d.MediaType}
			}
			for _, cells := range st.Table {
				step.Rows = append(step.Rows, cucumberRow{cells})
			}
			if j < len(r.Steps) {
				got := r.Steps[j]
				step.Result = cucumberResult{Status: got.Status.String(), Error: got.Err, Duration: got.Duration.Nanoseconds()}
			}
			e.Steps = append(e.Steps, step)
		}
		// A failure after the last step (the program would not exit) fails the last step.
		if f, failed := r.Failure(); failed && len(r.Steps) > len(sc.Steps) && len(e.Steps) > 0 {
			last := &e.Steps[len(e.Steps)-1]
			last.Result.Status, last.Result.Error = "failed", f.Step+": "+f.Err
		}
		out[i].Elements = append(out[i].Elements, e)
	}
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(out)
}
