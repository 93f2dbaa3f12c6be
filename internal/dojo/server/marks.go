package server

import (
	"fmt"
	"maps"
	"slices"
	"strings"

	"github.com/deliberate-practice/katas/internal/brief"
	"github.com/deliberate-practice/katas/internal/dojo"
	"github.com/deliberate-practice/katas/internal/verdict"
)

// checkMark returns an error that says why the room refuses the light's mark, or nil for a
// light with no mark or an honest one: its kata has no marks (the server was given no scale
// of it: tic-tac-toe, or a kata it does not know), or the kata's scale says no
// implementation reaches it (verdict.ErrNoSuchMark). Anyone with a room's address may post
// as anyone: what the scale refuses is a mark no run of any breaker makes, not a mark its
// sender did not earn.
func (s *Server) checkMark(l dojo.Post) error {
	if l.Mark == nil {
		return nil
	}
	scale, ok := s.scales[l.Kata]
	if !ok {
		return fmt.Errorf("a mark on %s, a kata without marks: %s", brief.Quote(l.Kata), s.marked())
	}
	if err := scale.Check(*l.Mark); err != nil {
		return fmt.Errorf("%s: %w", l.Kata, err)
	}
	return nil
}

// marked says which katas' lights carry a mark here.
func (s *Server) marked() string {
	if len(s.scales) == 0 {
		return "this dojo takes a mark on no kata"
	}
	return "only a light of " + strings.Join(slices.Sorted(maps.Keys(s.scales)), " or ") + " carries one"
}

// A shownScale is a kata's scale as the dashboard shows it: how many games a whole mark is
// over, and the note under the table that says what a mark counts, and beside what.
type shownScale struct {
	Games int    `json:"games"`
	Note  string `json:"note"`
}

// shown returns the katas' scales as the dashboard shows them, by kata.
func shown(scales map[string]verdict.Scale) map[string]shownScale {
	out := make(map[string]shownScale, len(scales))
	for kata, s := range scales {
		out[kata] = shownScale{Games: s.Games, Note: note(kata, s)}
	}
	return out
}

// note says, under the table, what the column of best marks counts for a kata, from its
// scale: "On codebreaker, best counts guesses over the 1,296 secrets of the classic game (6
// colours, 4 pegs): fewer is better. Marks to beat: Knuth 5,801, the optimum 5,625. …"
func note(kata string, s verdict.Scale) string {
	var b strings.Builder
	fmt.Fprintf(&b, "On %s, best counts %s.", kata, s.What)
	for i, l := range s.Landmarks {
		if i == 0 {
			b.WriteString(" Marks to beat: ")
		} else {
			b.WriteString(", ")
		}
		fmt.Fprintf(&b, "%s %s", l.Name, brief.Thousands(l.Total))
	}
	if len(s.Landmarks) > 0 {
		b.WriteString(".")
	}
	fmt.Fprintf(&b, " A mark over fewer than %s games, from a run that stopped part of the way, says how many, and ranks below every whole one.", brief.Thousands(s.Games))
	return b.String()
}
