package engine

import (
	"fmt"

	"github.com/cucumber/godog"
	messages "github.com/cucumber/messages/go/v34"

	"github.com/deliberate-practice/katas/internal/brief"
	"github.com/deliberate-practice/katas/internal/kata"
)

// place is where a scenario, or an outline row, stands: its file and line.
type place struct {
	file string
	line int
}

// tagged returns where the kata's scenarios and rows stand that the tag expression selects,
// as godog itself selects them: godog reads the feature files and filters their pickles by
// the expression, and this package only reads back which are left. An expression godog
// cannot read (it panics on an empty term, as in "@a,") is an error.
func tagged(k kata.Kata, expr string) (keep map[place]bool, err error) {
	defer func() {
		if v := recover(); v != nil {
			keep, err = nil, fmt.Errorf("tag expression %s: godog cannot read it (%v); write tags as @a, ~@a, @a,@b, @a&&@b", brief.Quote(expr), v)
		}
	}()
	suite := godog.TestSuite{Options: &godog.Options{FS: k.Features, Paths: k.Files, Tags: expr}}
	feats, err := suite.RetrieveFeatures()
	if err != nil {
		return nil, err
	}
	keep = map[place]bool{}
	for _, f := range feats {
		if f.GherkinDocument == nil || f.GherkinDocument.Feature == nil {
			continue
		}
		lines := astLines(f.GherkinDocument.Feature)
		for _, p := range f.Pickles {
			// A pickle stands at its outline row, if it is one, or at its scenario.
			id := p.AstNodeIds[len(p.AstNodeIds)-1]
			keep[place{p.Uri, lines[id]}] = true
		}
	}
	return keep, nil
}

// astLines maps the id of each scenario and examples row of a feature to its line.
func astLines(feature *messages.Feature) map[string]int {
	lines := map[string]int{}
	for _, child := range feature.Children {
		sc := child.Scenario
		if sc == nil {
			continue
		}
		lines[sc.Id] = int(sc.Location.Line)
		for _, ex := range sc.Examples {
			for _, row := range ex.TableBody {
				lines[row.Id] = int(row.Location.Line)
			}
		}
	}
	return lines
}
