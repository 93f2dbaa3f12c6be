package engine

import (
	"bytes"
	"fmt"
	"io/fs"
	"strconv"
	"strings"

	gherkin "github.com/cucumber/gherkin/go/v42"
	messages "github.com/cucumber/messages/go/v34"

	"github.com/deliberate-practice/katas/internal/kata"
)

// Scenario is what runs as one test: a scenario of a feature file, or one row of a scenario
// outline's examples.
type Scenario struct {
	Feature string   // the feature's name, "Playing mastermind"
	Name    string   // the scenario's name, "Making a guess"
	Row     int      // an outline row's number among the outline's rows, from 1; 0 otherwise
	Example []string // an outline row's cells; nil otherwise
	File    string   // the feature file, "mastermind.feature"
	Line    int      // the line of the scenario, or of its outline row
	Tags    []string // the tags on the feature, the scenario and the examples, "@duplicates"
	Steps   []Step   // the steps, an outline's placeholders filled in

	// What a report says of the feature and the scenario beside the above.
	FeatureLine        int
	FeatureDescription string
	FeatureTags        []string
	Description        string // the scenario's

	// source is the feature file with every line that is not the feature's, this scenario's
	// or this row's made blank, so that godog runs this scenario alone and reports the lines
	// of the file.
	source string
}

// Step is one step of a scenario.
type Step struct {
	Keyword string // "Given", "When", "Then", "And", "But" or "*"
	Text    string // `the game should be "win"`
	// Template is the step's text as the feature writes it, an outline's placeholders not
	// filled in: `the score should be <Black> black and <White> white`.
	Template string
	Line     int
	// Its argument, if it has one: a doc string, or a data table's rows.
	DocString *DocString
	Table     [][]string
}

// DocString is a step's doc string.
type DocString struct {
	Content, MediaType string
	Line               int
}

// String is the step as a person reads it: `Then the game should be "win"`.
func (s Step) String() string { return s.Keyword + " " + s.Text }

// Path is the scenario's name as a test path: the feature, the scenario and, for an outline
// row, "row N". The go test front end names each scenario's subtest by it, so that
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

// Scenarios reads the kata's scenarios and outline rows from its feature files, in the
// order of its files.
func Scenarios(k kata.Kata) ([]Scenario, error) {
	var all []Scenario
	for _, f := range k.Files {
		data, err := fs.ReadFile(k.Features, f)
		if err != nil {
			return nil, err
		}
		s, err := parseFeature(f, data)
		if err != nil {
			return nil, err
		}
		all = append(all, s...)
	}
	return all, nil
}

// parseFeature splits one feature file into its scenarios and outline rows: gherkin's
// pickles, each with the lines of the file that run it alone.
func parseFeature(file string, data []byte) ([]Scenario, error) {
	ids := &messages.Incrementing{}
	doc, err := gherkin.ParseGherkinDocument(bytes.NewReader(data), ids.NewId)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", file, err)
	}
	feature := doc.Feature
	if feature == nil {
		return nil, fmt.Errorf("%s: no Feature", file)
	}
	lines := strings.Split(string(data), "\n")
	keep := func(set map[int]bool, line int64) { set[int(line)-1] = true }
	keepTags := func(set map[int]bool, tags []*messages.Tag) {
		for _, t := range tags {
			keep(set, t.Location.Line)
		}
	}

	// What each AST node is, for the pickles to find: a scenario, an examples row, a step.
	type rowAt struct {
		examples *messages.Examples
		row      *messages.TableRow
		n        int // the row's number among the outline's rows, from 1
	}
	scenarios := map[string]*messages.Scenario{}
	rows := map[string]rowAt{}
	steps := map[string]*messages.Step{}
	for _, child := range feature.Children {
		switch {
		case child.Background != nil:
			return nil, fmt.Errorf("%s:%d: Background is not supported", file, child.Background.Location.Line)
		case child.Rule != nil:
			return nil, fmt.Errorf("%s:%d: Rule is not supported", file, child.Rule.Location.Line)
		case child.Scenario == nil:
			continue
		}
		sc := child.Scenario
		scenarios[sc.Id] = sc
		for _, st := range sc.Steps {
			steps[st.Id] = st
		}
		n := 0
		for _, ex := range sc.Examples {
			for _, r := range ex.TableBody {
				n++
				rows[r.Id] = rowAt{ex, r, n}
			}
		}
	}

	var out []Scenario
	for _, p := range gherkin.Pickles(*doc, file, ids.NewId) {
		sc := scenarios[p.AstNodeIds[0]]
		s := Scenario{Feature: feature.Name, Name: p.Name, File: file, Line: int(sc.Location.Line),
			FeatureLine: int(feature.Location.Line), FeatureDescription: strings.TrimSpace(feature.Description), Description: strings.TrimSpace(sc.Description)}
		for _, t := range feature.Tags {
			s.FeatureTags = append(s.FeatureTags, t.Name)
		}
		for _, t := range p.Tags {
			s.Tags = append(s.Tags, t.Name)
		}
		set := map[int]bool{}
		keepTags(set, feature.Tags)
		keep(set, feature.Location.Line)
		keepTags(set, sc.Tags)
		keep(set, sc.Location.Line)
		for _, st := range sc.Steps {
			keep(set, st.Location.Line)
			if st.DataTable != nil {
				for _, r := range st.DataTable.Rows {
					keep(set, r.Location.Line)
				}
			}
			if d := st.DocString; d != nil {
				// From the opening delimiter to the closing one, whatever lies between.
				i := int(d.Location.Line) - 1
				for set[i] = true; i+1 < len(lines); {
					i++
					set[i] = true
					if strings.TrimSpace(lines[i]) == d.Delimiter {
						break
					}
				}
			}
		}
		if len(p.AstNodeIds) > 1 {
			r := rows[p.AstNodeIds[1]]
			s.Row, s.Line = r.n, int(r.row.Location.Line)
			for _, c := range r.row.Cells {
				s.Example = append(s.Example, c.Value)
			}
			keepTags(set, r.examples.Tags)
			keep(set, r.examples.Location.Line)
			keep(set, r.examples.TableHeader.Location.Line)
			keep(set, r.row.Location.Line)
		}
		for _, ps := range p.Steps {
			st := steps[ps.AstNodeIds[0]]
			step := Step{Keyword: strings.TrimSpace(st.Keyword), Text: ps.Text, Template: st.Text, Line: int(st.Location.Line)}
			if a := ps.Argument; a != nil && a.DocString != nil {
				step.DocString = &DocString{Content: a.DocString.Content, MediaType: a.DocString.MediaType, Line: int(st.DocString.Location.Line)}
			} else if a != nil && a.DataTable != nil {
				for _, row := range a.DataTable.Rows {
					var cells []string
					for _, c := range row.Cells {
						cells = append(cells, c.Value)
					}
					step.Table = append(step.Table, cells)
				}
			}
			s.Steps = append(s.Steps, step)
		}
		masked := make([]string, len(lines))
		for i := range set {
			masked[i] = lines[i]
		}
		s.source = strings.Join(masked, "\n")
		out = append(out, s)
	}
	return out, nil
}
