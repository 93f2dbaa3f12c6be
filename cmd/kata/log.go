package main

import (
	"fmt"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/deliberate-practice/katas/internal/brief"
	"github.com/deliberate-practice/katas/internal/journal"
	"github.com/deliberate-practice/katas/internal/term"
	"github.com/deliberate-practice/katas/internal/verdict"
)

// maxLogRuns is how many runs of the session kata log lists; it counts the ones before.
const maxLogRuns = 20

// log is kata log [KATA]: the session's runs, oldest first, each with its light, then how
// long the session took to its first green, and how earlier sessions of the kata in this
// folder went.
func (c cli) log(args []string) int {
	if len(args) > 1 {
		fmt.Fprintf(c.stderr, "kata log: unexpected argument %s\n", brief.Quote(args[1]))
		return 2
	}
	entries, err := journal.Read(c.dir)
	if err != nil {
		fmt.Fprintf(c.stderr, "kata log: %v\n", err)
		return 1
	}
	kata := ""
	if len(args) == 1 {
		k, err := c.kata(args[0])
		if err != nil {
			fmt.Fprintln(c.stderr, err)
			return 2
		}
		kata = k.Name
	} else if len(entries) > 0 {
		kata = entries[len(entries)-1].Kata
	}
	sessions := journal.Sessions(entries, kata)
	if len(sessions) == 0 {
		fmt.Fprintf(c.stdout, "No runs here yet: kata run logs each run in %s.\n", journal.Path)
		return 0
	}
	this := sessions[len(sessions)-1]
	runs := this.Runs()
	listed := this.Kept() // the runs, and the code kata checkout kept: each has its number
	// The log is a file of the folder's, which anyone may have written: nothing of it
	// reaches the terminal raw.
	shown := brief.Safe(brief.Quote(kata))
	var scale *verdict.Scale
	if k, err := c.kata(kata); err == nil {
		shown, scale = kata, k.Scale
	}
	fmt.Fprintf(c.stdout, "%s, this session, from %s:\n", shown, this[0].Time.Local().Format("2006-01-02 15:04"))
	if len(listed) > maxLogRuns {
		fmt.Fprintf(c.stdout, "  … %s before these\n", brief.Count(len(listed)-maxLogRuns, "run", "runs"))
	}
	numbers := runNumbers(entries)
	previous := map[string]string{} // each kept run's code, and the code kept before it
	last := ""
	for _, e := range kept(entries) {
		previous[e.Commit], last = last, e.Commit
	}
	for i, e := range listed {
		if i < len(listed)-maxLogRuns {
			continue
		}
		var before *journal.Entry
		if i > 0 {
			before = &listed[i-1]
		}
		fmt.Fprintln(c.stdout, c.logLine(e, before, numbers, previous, scale))
	}
	if len(listed) == 0 {
		fmt.Fprintln(c.stdout, "  no run yet")
	}
	fmt.Fprintln(c.stdout, toGreen(this)+".")
	if said, right := journal.Predictions(runs); said > 0 {
		fmt.Fprintf(c.stdout, "Predictions: %d of %d right.\n", right, said)
	}
	c.logSessions(sessions, shown)
	return 0
}

// logLine is a run's line in kata log: its number, time, light and counts, mark and the
// scenarios it chose, minutes since the run before, the lines its code changed, its
// prediction and the time from the save that started it.
func (c cli) logLine(e journal.Entry, before *journal.Entry, numbers map[string]int, previous map[string]string, scale *verdict.Scale) string {
	number := ""
	if n, ok := numbers[e.Commit]; ok {
		number = strconv.Itoa(n)
	}
	line := fmt.Sprintf("  %3s  %s  %s  %2d/%-2d", number, e.Time.Local().Format("15:04"), c.light(e.Light), e.Passed, e.Total)
	if e.Light == verdict.NoLight {
		line = fmt.Sprintf("  %3s  %s  %s", number, e.Time.Local().Format("15:04"), savedMark)
	}
	if e.Mark != nil && e.Light != verdict.NoLight {
		line += "  " + markOf(*e.Mark, scale)
	}
	if e.Partial && e.Light != verdict.NoLight {
		line += "  " + selected(e)
	}
	if before != nil {
		if d := e.Time.Sub(before.Time); d < 0 {
			line += "  by the clock before the run above: the clock went back"
		} else {
			line += "  " + minutes(d) + " later"
		}
	}
	if e.Commit != "" {
		if changes := c.changeSummary(previous[e.Commit], e.Commit); changes != "" {
			line += "  " + changes
		}
	}
	if e.Predicted != verdict.NoLight {
		held := "right"
		if e.Predicted != e.Light {
			held = "wrong"
		}
		line += fmt.Sprintf("  predicted %s: %s", e.Predicted, held)
	}
	if e.Lag > 0 {
		line += fmt.Sprintf(", %.1f s from the save", e.Lag.Seconds())
	}
	return line
}

// logSessions lists every session of the kata, where there is more than one: when each began,
// and how it went to green.
func (c cli) logSessions(sessions []journal.Session, shown string) {
	if len(sessions) < 2 {
		return
	}
	fmt.Fprintf(c.stdout, "\nEvery session of %s here:\n", shown)
	for i, s := range sessions {
		mark := ""
		if i == len(sessions)-1 {
			mark = "  (this one)"
		}
		fmt.Fprintf(c.stdout, "  %s  %s%s\n", s[0].Time.Local().Format("2006-01-02 15:04"), toGreen(s), mark)
	}
}

// savedMark stands in kata log for a run's light and counts where the code was kept by kata
// checkout, before it brought another run back: no run, but code that kata checkout N brings
// back as any run's.
const savedMark = "saved  the code before a kata checkout"

// light is a run's light: the word, or on a terminal a block of its colour and the word.
func (c cli) light(l verdict.Light) string {
	word := fmt.Sprintf("%-5s", l)
	if !c.color {
		return word
	}
	return term.Paint(lightColor(l), "██") + " " + word
}

// lightColor is the colour a terminal draws a light in.
func lightColor(l verdict.Light) term.Color {
	switch l {
	case verdict.Green:
		return term.Green
	case verdict.Red:
		return term.Red
	case verdict.Amber:
		return term.Yellow
	}
	return term.Default
}

// toGreen says how a session went to its first green: "Green after 4 runs and 13 minutes"
// where a run passed every scenario of the kata; where a run passed only every scenario it
// selected, that, with what it selected, and that every scenario is not green yet: "Green after
// 3 runs and 5 minutes, with --tags='~@optimal'; every scenario: not yet".
func toGreen(s journal.Session) string {
	if runs, d, ok := s.ToGreen(); ok {
		return fmt.Sprintf("Green after %s and %s", brief.Count(runs, "run", "runs"), minutes(max(d, 0)))
	}
	runs, d, ok := s.FirstGreen()
	if !ok {
		return fmt.Sprintf("No green yet, after %s", brief.Count(runs, "run", "runs"))
	}
	green := s.Runs()[runs-1]
	return fmt.Sprintf("Green after %s and %s, with %s; every scenario: not yet", brief.Count(runs, "run", "runs"), minutes(max(d, 0)), selected(green))
}

// maxSelection is how much of a run's selection kata log shows: a longer one (a --run pattern
// that names many scenarios) is cut, and ends in an ellipsis.
const maxSelection = 60

// selected says which scenarios a partial run took, as its command line chose them:
// "--tags='~@optimal'", or "some scenarios" where the log does not say (go test's own -run).
// The log is a file anyone may have written: a selection that is not one line of printable
// text is quoted, its bytes escaped.
func selected(e journal.Entry) string {
	s := e.Selected
	switch {
	case s == "":
		return "some scenarios"
	case strings.ContainsAny(s, "\n\t") || brief.Safe(s) != s:
		return brief.Safe(brief.Quote(s))
	case len(s) > maxSelection:
		cut := maxSelection
		for !utf8.RuneStart(s[cut]) {
			cut--
		}
		return s[:cut] + "…"
	}
	return s
}

// markOf writes a run's mark on its kata's scale: "5,801 guesses, 5 at worst"; over fewer games
// than a whole mark, or on a scale kata log does not know, the games it is over instead:
// "516 guesses over 138 games", whose worst case is not the implementation's.
func markOf(m verdict.Mark, scale *verdict.Scale) string {
	if scale != nil && m.Whole(*scale) {
		return fmt.Sprintf("%s guesses, %d at worst", brief.Thousands(m.Total), m.Worst)
	}
	return fmt.Sprintf("%s guesses over %s games", brief.Thousands(m.Total), brief.Thousands(m.Games))
}

// minutes writes a duration in whole minutes: "under a minute", "1 minute", "13 minutes".
func minutes(d time.Duration) string {
	n := int(d.Round(time.Minute) / time.Minute)
	if n == 0 {
		return "under a minute"
	}
	return brief.Count(n, "minute", "minutes")
}
