package server

import (
	"fmt"
	"html"
	"html/template"
	"maps"
	"slices"
	"strconv"
	"strings"
	"time"
	"unicode/utf16"

	"github.com/deliberate-practice/katas/internal/brief"
	"github.com/deliberate-practice/katas/internal/verdict"
)

// A board is a room as its dashboard's page first shows it: the table of the participants'
// latest lights in minute columns that the page's script (static/dashboard.js) draws, and
// under it what a mark counts, built on the server, so that the page's first paint, a
// screenshot or a plain GET holds the room's lights. However many lights a room holds, the
// table shows its latest (Options.Shown) one by one; those before are counted, by participant
// and light, in the column "earlier", and in each row's runs, predictions and best mark, so
// that the page stays small. The script takes the table over as it is, adds to it, and folds
// what grows old into earlier as the server does. The two draw the same elements, in the
// same order, with the same attributes: the browser test holds them to it.
type board struct {
	Cols    []column
	Rows    []boardRow
	Earlier bool        // some lights are counted in the column earlier, not shown
	Graded  bool        // some run has a mark: the table has the column of best marks
	Notes   []boardNote // under the table, what a mark counts on each kata with one
	// Folded is what the page gives its script of the lights not shown: by participant,
	// their counts and their best mark.
	Folded []folded
	// Quiet is the participants with no light shown who have gone QuietAfter without one:
	// they have no row, so that a room a day long, its names come and gone, keeps a page of
	// the size of an hour's; their runs count in the room's lights all the same.
	Quiet quiet
}

// quiet is how many participants the board leaves out, gone quiet, and their runs.
type quiet struct {
	Names int `json:"names"`
	Runs  int `json:"runs"`
}

// A folded is a participant's lights before the ones the board shows, as the page gives
// them to its script: how many of each light, how many predicted and how many of those
// right, and the best mark among them.
type folded struct {
	Name  string        `json:"name"`
	Kata  string        `json:"kata"`
	Green int           `json:"green"`
	Red   int           `json:"red"`
	Amber int           `json:"amber"`
	Said  int           `json:"said"`
	Right int           `json:"right"`
	Mark  *verdict.Mark `json:"mark,omitempty"`
}

// count adds light l to f's counts.
func (f *folded) count(l verdict.Light) {
	switch l {
	case verdict.Green:
		f.Green++
	case verdict.Red:
		f.Red++
	case verdict.Amber:
		f.Amber++
	}
}

// A boardNote says, under the table, what the column of best marks counts on a kata, from
// the kata's scale (shownScale).
type boardNote struct {
	Kata, Text string
}

// A column is a minute with a light, in minutes since 1970, and the minutes of no light
// before it, since the column before.
type column struct {
	Minute int64
	Clock  string
	Quiet  int64
}

// A boardRow is a participant's row: their lights in each column, their counts, their best mark.
type boardRow struct {
	Name, Kata string
	Earlier    folded         // the lights before those shown, where the board has any
	Cells      [][]boardLight // one for each column
	Runs       int
	Held       string
	Best       string
}

// A boardLight is a light as the board shows it.
type boardLight struct {
	ID           int64
	Light        string // its class: green, red or amber
	Letter       string
	Mark, Sign   string // right ✓ or wrong ✗, where the light was predicted
	Count, Title string
}

// letters are the lights' letters, as the script's.
var letters = map[verdict.Light]string{verdict.Green: "G", verdict.Red: "R", verdict.Amber: "A"}

// A best is a participant's best mark, and whether it is whole, over every game of its
// kata's scale.
type best struct {
	mark  verdict.Mark
	whole bool
}

// above reports whether b ranks above than, which may be nil: the mark over more games, then
// the one of fewer guesses — as the script's above. A whole mark is over the most games
// there are (the server takes none over more), so that it ranks above any over fewer,
// however few their guesses.
func (b best) above(than *best) bool {
	switch {
	case than == nil:
		return true
	case b.mark.Games != than.mark.Games:
		return b.mark.Games > than.mark.Games
	}
	return b.mark.Total < than.mark.Total
}

// String writes the mark as its participant's best: "5,801 (5 at worst)" over every game,
// "516 over 138 games (4 at worst)" over fewer.
func (b best) String() string {
	if b.whole {
		return fmt.Sprintf("%s (%d at worst)", brief.Thousands(b.mark.Total), b.mark.Worst)
	}
	games := "games"
	if b.mark.Games == 1 {
		games = "game"
	}
	return fmt.Sprintf("%s over %s %s (%d at worst)", brief.Thousands(b.mark.Total), brief.Thousands(b.mark.Games), games, b.mark.Worst)
}

// newBoard builds the board of the lights, in the order the room took them, the latest
// shown of them one by one, a mark read on its kata's scale. Times are the server's; the
// script writes them again in the browser's.
func newBoard(lights []Stored, scales map[string]shownScale, shown int, now time.Time) board {
	var b board
	cut := max(0, len(lights)-shown)
	b.Earlier = cut > 0
	minutes := map[int64]bool{}
	type person struct {
		row      boardRow
		byMin    map[int64][]boardLight
		said     int
		right    int
		best     *best
		earliest *best // the best of the lights not shown
		last     int64 // when their latest light was, in Unix milliseconds
		shown    bool  // some light of theirs is shown
	}
	people := map[string]*person{}
	noted := map[string]bool{}
	for i, l := range lights {
		p := people[l.Name]
		if p == nil {
			p = &person{row: boardRow{Name: l.Name}, byMin: map[int64][]boardLight{}}
			people[l.Name] = p
		}
		p.row.Kata = l.Kata
		p.row.Runs++
		p.last = max(p.last, l.At)
		right := l.Predicted == l.Light
		if l.Predicted != verdict.NoLight {
			p.said++
			if right {
				p.right++
			}
		}
		var m *best
		if mk := l.Mark; mk != nil {
			scale, known := scales[l.Kata]
			m = &best{*mk, known && mk.Games == scale.Games}
			if m.above(p.best) {
				p.best = m
			}
			if known && !noted[l.Kata] {
				noted[l.Kata] = true
				b.Notes = append(b.Notes, boardNote{l.Kata, scale.Note})
			}
		}
		if i < cut {
			e := &p.row.Earlier
			e.Name, e.Kata = l.Name, l.Kata
			e.count(l.Light)
			if l.Predicted != verdict.NoLight {
				e.Said++
				if right {
					e.Right++
				}
			}
			if m != nil && m.above(p.earliest) {
				p.earliest = m
				e.Mark = &m.mark
			}
			continue
		}
		p.shown = true
		minute := minuteOf(l.At)
		minutes[minute] = true
		p.byMin[minute] = append(p.byMin[minute], lightOf(l))
	}
	cols := slices.Sorted(maps.Keys(minutes))
	for i, m := range cols {
		c := column{Minute: m, Clock: time.Unix(m*60, 0).Format("15:04")}
		if i > 0 && m-cols[i-1] > 1 {
			c.Quiet = m - cols[i-1] - 1
		}
		b.Cols = append(b.Cols, c)
	}
	for name, p := range people {
		if !p.shown && now.Sub(time.UnixMilli(p.last)) >= QuietAfter {
			b.Quiet.Names++
			b.Quiet.Runs += p.row.Runs
			delete(people, name)
			continue
		}
		b.Graded = b.Graded || p.best != nil
	}
	for _, p := range people {
		r := p.row
		for _, m := range cols {
			r.Cells = append(r.Cells, p.byMin[m])
		}
		r.Held = "–"
		if p.said > 0 {
			r.Held = fmt.Sprintf("%d of %d", p.right, p.said)
		}
		if b.Graded {
			r.Best = "–"
			if p.best != nil {
				r.Best = p.best.String()
			}
		}
		b.Rows = append(b.Rows, r)
	}
	slices.SortFunc(b.Rows, func(x, y boardRow) int { return compareNames(x.Name, y.Name) })
	slices.SortFunc(b.Notes, func(x, y boardNote) int { return compareNames(x.Kata, y.Kata) })
	b.Folded = []folded{} // data the script reads as a list
	for _, r := range b.Rows {
		if r.Earlier.Name != "" {
			b.Folded = append(b.Folded, r.Earlier)
		}
	}
	return b
}

// tallies are the lights the column earlier counts, in its order, with their class.
var tallies = []struct {
	class string
	n     func(folded) int
}{
	{"green", func(f folded) int { return f.Green }},
	{"red", func(f folded) int { return f.Red }},
	{"amber", func(f folded) int { return f.Amber }},
}

// earlierTitle is what hovering over a participant's cell of the column earlier says, as the
// script's.
func earlierTitle(f folded) string {
	var parts []string
	for _, t := range tallies {
		if n := t.n(f); n > 0 {
			parts = append(parts, fmt.Sprintf("%d %s", n, t.class))
		}
	}
	if len(parts) == 0 {
		return "no runs before those shown"
	}
	return "runs before those shown: " + strings.Join(parts, ", ")
}

// minuteOf is the minute of a time in Unix milliseconds, as the script's minute: a light's
// time is never before 1970, so the quotient is the floor.
func minuteOf(ms int64) int64 { return ms / 60000 }

// lightOf is a light as the script's lightEl draws it.
func lightOf(l Stored) boardLight {
	name := l.Light.String()
	bl := boardLight{ID: l.ID, Light: name, Letter: letters[l.Light], Count: fmt.Sprintf("%d/%d", l.Passed, l.Total)}
	if bl.Letter == "" {
		bl.Letter = "?"
	}
	bl.Title = fmt.Sprintf("%s %s %d/%d, +%d −%d, at %s", l.Kata, name, l.Passed, l.Total, l.Added, l.Removed, time.UnixMilli(l.At).Format("15:04:05"))
	if l.Predicted != verdict.NoLight {
		bl.Title += ", predicted " + l.Predicted.String()
		bl.Mark, bl.Sign = "wrong", "✗"
		if l.Predicted == l.Light {
			bl.Mark, bl.Sign = "right", "✓"
		}
	}
	return bl
}

// compareNames orders participants' rows: by name with A to Z as a to z, then by name, each in
// UTF-16 code units, the order the script's compareNames gives in any browser.
func compareNames(a, b string) int {
	if c := slices.Compare(utf16.Encode([]rune(foldASCII(a))), utf16.Encode([]rune(foldASCII(b)))); c != 0 {
		return c
	}
	return slices.Compare(utf16.Encode([]rune(a)), utf16.Encode([]rune(b)))
}

// foldASCII is s with A to Z as a to z, and every other character as it is.
func foldASCII(s string) string {
	return strings.Map(func(r rune) rune {
		if 'A' <= r && r <= 'Z' {
			return r + 'a' - 'A'
		}
		return r
	}, s)
}

// HTML draws the board as the script does: no white space between its elements, each
// element's attributes in the order the script sets them. Every string in it — a name, a
// kata's name — is escaped (html.EscapeString), which makes it text whether it stands between
// tags or in an attribute's double quotes; the rest is numbers and the board's own words.
// Written by hand rather than by html/template, which took 30 times as long as the stream's
// catch-up for a busy room (BenchmarkThePageOfABusyRoom).
func (b board) HTML() template.HTML {
	var w strings.Builder
	text := func(s string) { w.WriteString(html.EscapeString(s)) }
	num := func(n int64) { w.WriteString(strconv.FormatInt(n, 10)) }
	w.WriteString(`<div class="scroll"><table><thead><tr><th class="who">participant</th><th class="kata">kata</th>`)
	if b.Earlier {
		w.WriteString(`<th class="earlier">earlier</th>`)
	}
	for _, c := range b.Cols {
		w.WriteString(`<th class="minute`)
		if c.Quiet > 0 {
			w.WriteString(` gap`)
		}
		w.WriteString(`" data-minute="`)
		num(c.Minute)
		if c.Quiet > 0 {
			w.WriteString(`" data-quiet="`)
			num(c.Quiet)
			w.WriteString(` min quiet`)
		}
		w.WriteString(`">`)
		text(c.Clock)
		w.WriteString(`</th>`)
	}
	w.WriteString(`<th class="runs">runs</th><th class="held">predictions</th>`)
	if b.Graded {
		w.WriteString(`<th class="best">best</th>`)
	}
	w.WriteString(`</tr></thead><tbody>`)
	for _, r := range b.Rows {
		w.WriteString(`<tr data-name="`)
		text(r.Name)
		w.WriteString(`"><th class="who">`)
		text(r.Name)
		w.WriteString(`</th><td class="kata">`)
		text(r.Kata)
		w.WriteString(`</td>`)
		if b.Earlier {
			w.WriteString(`<td class="earlier" title="`)
			text(earlierTitle(r.Earlier))
			w.WriteString(`">`)
			for _, t := range tallies {
				if n := t.n(r.Earlier); n > 0 {
					w.WriteString(`<span class="tally `)
					w.WriteString(t.class)
					w.WriteString(`">`)
					num(int64(n))
					w.WriteString(`</span>`)
				}
			}
			w.WriteString(`</td>`)
		}
		for i, cell := range r.Cells {
			w.WriteString(`<td class="minute`)
			if b.Cols[i].Quiet > 0 {
				w.WriteString(` gap`)
			}
			w.WriteString(`">`)
			for _, l := range cell {
				w.WriteString(`<span class="run" title="`)
				text(l.Title)
				w.WriteString(`" data-id="`)
				num(l.ID)
				w.WriteString(`" tabindex="0" role="button"><span class="top"><span class="light `)
				text(l.Light)
				w.WriteString(`">`)
				text(l.Letter)
				w.WriteString(`</span>`)
				if l.Mark != "" {
					w.WriteString(`<span class="mark `)
					text(l.Mark)
					w.WriteString(`">`)
					text(l.Sign)
					w.WriteString(`</span>`)
				}
				w.WriteString(`</span><span class="count">`)
				text(l.Count)
				w.WriteString(`</span></span>`)
			}
			w.WriteString(`</td>`)
		}
		w.WriteString(`<td class="runs">`)
		num(int64(r.Runs))
		w.WriteString(`</td><td class="held">`)
		text(r.Held)
		w.WriteString(`</td>`)
		if b.Graded {
			w.WriteString(`<td class="best">`)
			text(r.Best)
			w.WriteString(`</td>`)
		}
		w.WriteString(`</tr>`)
	}
	w.WriteString(`</tbody></table></div>`)
	if b.Quiet.Names > 0 {
		w.WriteString(`<p class="quiet">`)
		text(fmt.Sprintf("%s more %s, with no light for an hour and none of the latest shown, %s no row: %s %s, counted in the room's lights.",
			brief.Thousands(b.Quiet.Names), plural(b.Quiet.Names, "participant", "participants"), plural(b.Quiet.Names, "has", "have"),
			brief.Thousands(b.Quiet.Runs), plural(b.Quiet.Runs, "run", "runs")))
		w.WriteString(`</p>`)
	}
	for _, n := range b.Notes {
		w.WriteString(`<p class="scale" data-kata="`)
		text(n.Kata)
		w.WriteString(`">`)
		text(n.Text)
		w.WriteString(`</p>`)
	}
	return template.HTML(w.String())
}

// plural is one where n is 1, and many otherwise.
func plural(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}
