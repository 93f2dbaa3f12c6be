package engine

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/cucumber/godog"
	messages "github.com/cucumber/messages/go/v34"

	"github.com/deliberate-practice/katas/internal/brief"
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
	Steps   []Step   // the steps, a background's first, an outline's placeholders filled in

	// What a report says of the feature and the scenario beside the above.
	FeatureLine        int
	FeatureDescription string
	FeatureTags        []string
	Description        string // the scenario's

	at int // the line of the scenario itself, by which godog chooses it (an outline's, for a row)
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

// scenarios returns the kata's scenarios and outline rows that the tag expression chooses
// (all of them for ""), in the order of its files, as godog reads the files and selects their
// pickles; and whether that is every scenario of the kata. An expression godog cannot read (it
// panics on an empty term, as in "@a,") is a *UsageError.
func scenarios(k kata.Kata, tags string) (chosen []Scenario, all bool, err error) {
	defer func() {
		if v := recover(); v != nil {
			chosen, err = nil, &UsageError{fmt.Errorf("tag expression %s: godog cannot read it (%v); write tags as @a, ~@a, @a,@b, @a&&@b", brief.Quote(tags), v)}
		}
	}()
	suite := godog.TestSuite{Options: &godog.Options{FS: k.Features, Paths: k.Files, Tags: tags}}
	features, err := suite.RetrieveFeatures()
	if err != nil {
		return nil, false, err
	}
	all = len(features) == len(k.Files) // godog leaves out a file none of whose scenarios it chose
	for _, f := range features {
		doc := f.GherkinDocument
		if doc == nil || doc.Feature == nil {
			return nil, false, fmt.Errorf("%s: no Feature", f.Uri)
		}
		s, total := fromPickles(doc, f.Pickles)
		all = all && len(s) == total
		chosen = append(chosen, s...)
	}
	return chosen, all, nil
}

// fromPickles returns the scenarios of the pickles godog chose from a feature file, and how
// many pickles the file has in all.
func fromPickles(doc *messages.GherkinDocument, pickles []*messages.Pickle) ([]Scenario, int) {
	feature := doc.Feature
	// What each node of the file is, for the pickles to find: a scenario, an examples row, a
	// step (a background's too).
	type rowAt struct {
		examples *messages.Examples
		row      *messages.TableRow
		n        int // the row's number among the outline's rows, from 1
	}
	scenarios := map[string]*messages.Scenario{}
	rows := map[string]rowAt{}
	steps := map[string]*messages.Step{}
	total := 0
	addScenario := func(sc *messages.Scenario) {
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
		if len(sc.Examples) == 0 {
			n = 1 // a scenario, one pickle; an outline has a pickle a row
		}
		total += n
	}
	addBackground := func(bg *messages.Background) {
		for _, st := range bg.Steps {
			steps[st.Id] = st
		}
	}
	for _, child := range feature.Children {
		switch {
		case child.Background != nil:
			addBackground(child.Background)
		case child.Scenario != nil:
			addScenario(child.Scenario)
		case child.Rule != nil:
			for _, rc := range child.Rule.Children {
				if rc.Background != nil {
					addBackground(rc.Background)
				}
				if rc.Scenario != nil {
					addScenario(rc.Scenario)
				}
			}
		}
	}

	var out []Scenario
	for _, p := range pickles {
		sc := scenarios[p.AstNodeIds[0]]
		s := Scenario{Feature: feature.Name, Name: p.Name, File: doc.Uri, Line: int(sc.Location.Line), at: int(sc.Location.Line),
			FeatureLine: int(feature.Location.Line), FeatureDescription: strings.TrimSpace(feature.Description), Description: strings.TrimSpace(sc.Description)}
		for _, t := range feature.Tags {
			s.FeatureTags = append(s.FeatureTags, t.Name)
		}
		for _, t := range p.Tags {
			s.Tags = append(s.Tags, t.Name)
		}
		if len(p.AstNodeIds) > 1 {
			r := rows[p.AstNodeIds[1]]
			s.Row, s.Line = r.n, int(r.row.Location.Line)
			for _, c := range r.row.Cells {
				s.Example = append(s.Example, c.Value)
			}
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
		out = append(out, s)
	}
	return out, total
}
