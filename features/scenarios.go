package features

import (
	"fmt"
	"io/fs"
	"strconv"
	"strings"
)

// Scenario is what runs as one test: a scenario of a feature file, or one row of a scenario
// outline's examples.
type Scenario struct {
	Feature string   // the feature's name, "Playing mastermind"
	Name    string   // the scenario's name, "Making a guess"
	Row     int      // an outline row's number among the outline's rows, from 1; 0 otherwise
	Example []string // an outline row's cells, for messages; nil otherwise
	File    string   // the feature file, "mastermind.feature"
	Line    int      // the line of the scenario, or of its outline row
	Tags    []string // the tags on the feature, the scenario and the examples, "@duplicates"
	Steps   []string // the steps as the file writes them, keyword first, placeholders unfilled

	stepLines []int // the line of each step
	// source is the feature file with every line that is not the feature's, this scenario's
	// or this row's made blank, so that godog runs this scenario alone and reports the same
	// line numbers.
	source string
}

// Path is the scenario's name as a test path: the feature, the scenario and, for an outline
// row, "row N". RunMastermind and RunTicTacToe name each scenario's subtest by it, so that
// go test -run 'TestAcceptance/Playing_mastermind/Making_a_guess/row_15$' runs that row alone.
func (s Scenario) Path() string {
	p := s.Feature + "/" + s.Name
	if s.Row > 0 {
		p += "/row " + strconv.Itoa(s.Row)
	}
	return p
}

// String names the scenario for a person: "Making a guess, row 15 (mastermind.feature:34)".
func (s Scenario) String() string {
	name := s.Name
	if s.Row > 0 {
		name += ", row " + strconv.Itoa(s.Row)
	}
	return fmt.Sprintf("%s (%s:%d)", name, s.File, s.Line)
}

// scenarios reads the scenarios of the named feature files in fsys, in file order.
func scenarios(fsys fs.FS, files []string) ([]Scenario, error) {
	var all []Scenario
	for _, f := range files {
		data, err := fs.ReadFile(fsys, f)
		if err != nil {
			return nil, err
		}
		s, err := parseFeature(f, string(data))
		if err != nil {
			return nil, err
		}
		all = append(all, s...)
	}
	return all, nil
}

// block is the lines of one scenario, or of one examples table, while a file is read.
type block struct {
	lines  []int    // lines (from 0) to keep when this block runs
	name   string   // the scenario's name
	line   int      // its keyword's line, from 0
	tags   []string // its tags
	steps  []string // its steps
	stepAt []int    // the line of each, from 1
	header int      // an examples table's header row, or -1
	rows   []int    // an examples table's rows
	tables []*block // an outline's examples tables
}

// parseFeature splits one feature file into its scenarios and outline rows. It reads the
// Gherkin this project's features use: Feature, Scenario, Scenario Outline and Examples, with
// tags, comments, descriptions, step tables and doc strings; Background and Rule are refused.
func parseFeature(file, text string) ([]Scenario, error) {
	lines := strings.Split(text, "\n")
	var (
		feature      string
		featureLines []int
		featureTags  []string
		pendingTags  []string
		pendingLines []int
		scenarios    []*block
		cur          *block // the scenario whose steps are being read
		table        *block // the examples table being read
		docString    string // the open doc string's delimiter
	)
	bad := func(i int, format string, args ...any) error {
		return fmt.Errorf("features: %s:%d: %s", file, i+1, fmt.Sprintf(format, args...))
	}
	for i, raw := range lines {
		t := strings.TrimSpace(raw)
		if docString != "" {
			cur.lines = append(cur.lines, i)
			if t == docString {
				docString = ""
			}
			continue
		}
		keyword, rest, _ := strings.Cut(t, ":")
		keyword = strings.TrimSpace(keyword)
		switch {
		case t == "" || strings.HasPrefix(t, "#"):
		case strings.HasPrefix(t, "@"):
			pendingTags = append(pendingTags, strings.Fields(t)...)
			pendingLines = append(pendingLines, i)
		case strings.Contains(t, ":") && (keyword == "Background" || keyword == "Rule"):
			return nil, bad(i, "%s is not supported", keyword)
		case strings.Contains(t, ":") && keyword == "Feature":
			feature = strings.TrimSpace(rest)
			featureTags, pendingTags = pendingTags, nil
			featureLines, pendingLines = append(pendingLines, i), nil
		case strings.Contains(t, ":") && (keyword == "Scenario" || keyword == "Example" ||
			keyword == "Scenario Outline" || keyword == "Scenario Template"):
			cur = &block{name: strings.TrimSpace(rest), line: i, tags: pendingTags, lines: append(pendingLines, i), header: -1}
			pendingTags, pendingLines, table = nil, nil, nil
			scenarios = append(scenarios, cur)
		case strings.Contains(t, ":") && (keyword == "Examples" || keyword == "Scenarios"):
			if cur == nil {
				return nil, bad(i, "Examples outside a scenario outline")
			}
			table = &block{tags: pendingTags, lines: append(pendingLines, i), header: -1}
			pendingTags, pendingLines = nil, nil
			cur.tables = append(cur.tables, table)
		case strings.HasPrefix(t, "|"):
			switch {
			case table != nil && table.header < 0:
				table.header = i
			case table != nil:
				table.rows = append(table.rows, i)
			case cur != nil:
				cur.lines = append(cur.lines, i) // a step's data table
			default:
				return nil, bad(i, "a table outside a scenario")
			}
		case isStep(t):
			if cur == nil || table != nil {
				return nil, bad(i, "a step outside a scenario's steps")
			}
			cur.steps = append(cur.steps, t)
			cur.stepAt = append(cur.stepAt, i+1)
			cur.lines = append(cur.lines, i)
		case strings.HasPrefix(t, `"""`) || strings.HasPrefix(t, "```"):
			if cur == nil {
				return nil, bad(i, "a doc string outside a scenario")
			}
			docString = t[:3]
			cur.lines = append(cur.lines, i)
		default:
			// A description: free text under a feature, scenario or examples keyword.
		}
	}
	if feature == "" {
		return nil, fmt.Errorf("features: %s: no Feature", file)
	}
	if docString != "" {
		return nil, fmt.Errorf("features: %s: a doc string is not closed", file)
	}

	masked := func(keep ...[]int) string {
		out := make([]string, len(lines))
		for _, k := range keep {
			for _, i := range k {
				out[i] = lines[i]
			}
		}
		return strings.Join(out, "\n")
	}
	var out []Scenario
	for _, b := range scenarios {
		s := Scenario{
			Feature: feature, Name: b.name, File: file, Line: b.line + 1,
			Tags: append(append([]string(nil), featureTags...), b.tags...), Steps: b.steps, stepLines: b.stepAt,
		}
		if b.tables == nil {
			s.source = masked(featureLines, b.lines)
			out = append(out, s)
			continue
		}
		n := 0
		for _, tb := range b.tables {
			if tb.header < 0 {
				return nil, bad(tb.lines[len(tb.lines)-1], "Examples without a table")
			}
			for _, r := range tb.rows {
				n++
				row := s
				row.Row = n
				row.Line = r + 1
				row.Example = cells(lines[r])
				row.Tags = append(append([]string(nil), s.Tags...), tb.tags...)
				row.source = masked(featureLines, b.lines, tb.lines, []int{tb.header, r})
				out = append(out, row)
			}
		}
	}
	return out, nil
}

// isStep reports whether a trimmed line is a step.
func isStep(t string) bool {
	for _, k := range []string{"Given ", "When ", "Then ", "And ", "But ", "* "} {
		if strings.HasPrefix(t, k) {
			return true
		}
	}
	return false
}

// cells returns the trimmed cells of a table row.
func cells(row string) []string {
	parts := strings.Split(strings.TrimSpace(row), "|")
	if len(parts) < 2 {
		return nil
	}
	out := parts[1 : len(parts)-1]
	for i := range out {
		out[i] = strings.TrimSpace(out[i])
	}
	return out
}
