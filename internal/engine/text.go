package engine

import (
	"cmp"
	"fmt"
	"slices"
	"strings"

	"github.com/cucumber/godog"

	"github.com/deliberate-practice/katas/internal/brief"
	"github.com/deliberate-practice/katas/internal/kata"
	"github.com/deliberate-practice/katas/internal/term"
)

// heading names a scenario, and an outline row's cells.
func heading(s Scenario) string {
	h := s.String()
	if s.Example != nil {
		h += ": | " + strings.Join(s.Example, " | ") + " |"
	}
	return h
}

// Failure describes a failed scenario for a person: which scenario, its outline row, the
// first step that did not pass and why.
func Failure(r Result) string {
	var b strings.Builder
	b.WriteString(heading(r.Scenario))
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
	b.WriteString(heading(r.Scenario))
	for _, s := range r.Steps {
		mark := "✓"
		switch s.Status {
		case godog.StepPassed:
		case godog.StepSkipped:
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

// Summary sums up a run: how many scenarios passed, each that failed with its first failed
// step, how to run one again, and how many did not run after a stop at the first failure.
func Summary(kata string, o Outcome, rerun func(Scenario) string) string {
	var failed []Result
	for _, r := range o.Results {
		if !r.Passed() {
			failed = append(failed, r)
		}
	}
	var b strings.Builder
	b.WriteString(header(kata, o))
	if len(failed) > 0 {
		b.WriteString(":")
		for _, r := range failed {
			f, _ := r.Failure()
			fmt.Fprintf(&b, "\n  %s: %s", r.Scenario, f.Step)
		}
		if rerun != nil {
			fmt.Fprintf(&b, "\nTo run one again: %s", rerun(failed[0].Scenario))
		}
	}
	if o.Fatal != "" {
		fmt.Fprintf(&b, "\nStopped, %s not run: the implementation did not get going. %s", brief.Count(len(o.NotRun), "scenario", "scenarios"), o.Fatal)
	} else {
		b.WriteString(stopped(o))
	}
	return b.String()
}

// header is a run's first line: how many scenarios passed of how many.
func header(kata string, o Outcome) string {
	n, passed := len(o.Results), o.Passed()
	switch {
	case n == 0:
		return kata + ": no scenario ran"
	case passed == n && n == 1:
		return kata + ": 1 scenario, passed"
	case passed == n:
		return fmt.Sprintf("%s: all %d scenarios passed", kata, n)
	}
	return fmt.Sprintf("%s: %d of %s passed, %d failed", kata, passed, brief.Count(n, "scenario", "scenarios"), n-passed)
}

// stopped is the line that says how many scenarios a stop at the first failure left unrun,
// after a newline; "" when none.
func stopped(o Outcome) string {
	if len(o.NotRun) == 0 {
		return ""
	}
	return fmt.Sprintf("\nStopped at the first failure; %s did not run.", brief.Count(len(o.NotRun), "scenario", "scenarios"))
}

// maxGroups is how many groups of failures a screen lists; the rest it counts.
const maxGroups = 6

// Screen sums up a run on one screen, for a person working through a kata: how far along it
// is, the next scenario to work on in full — the first that failed in the files' order —
// with the command that runs it alone, and the other failures grouped by their cause. A run
// that could not get going says why, and what to do.
func Screen(k kata.Kata, o Outcome, rerun func(Scenario) string, terminal bool) string {
	var b strings.Builder
	n := len(o.Results)
	passed := o.Passed()
	switch {
	case o.Fatal != "":
		fmt.Fprintf(&b, "%s: the implementation did not get going, so the run stopped at its first scenario.\n%s", k.Name, o.Fatal)
		if len(o.Results) > 0 {
			r := o.Results[len(o.Results)-1]
			if f, ok := r.Failure(); ok && f.Err != "" {
				fmt.Fprintf(&b, "\n\n%s, at %s:\n  %s", r.Scenario, f.Step, strings.ReplaceAll(f.Err, "\n", "\n  "))
			}
		}
		return b.String()
	case n == 0:
		return header(k.Name, o)
	}
	b.WriteString(header(k.Name, o))
	if terminal {
		b.WriteString("\n" + bar(passed, n))
	}
	if passed < n {
		failed := firstInFiles(k, o.Results)
		next := failed[0]
		b.WriteString("\n\nNext: " + Pretty(next))
		if rerun != nil {
			b.WriteString("\nRun it alone: " + rerun(next.Scenario))
		}
		if rest := failed[1:]; len(rest) > 0 {
			fmt.Fprintf(&b, "\n\n%d more failed:", len(rest))
			groups := groupByCause(rest)
			for i, g := range groups {
				if i == maxGroups {
					others := 0
					for _, g := range groups[i:] {
						others += len(g.results)
					}
					fmt.Fprintf(&b, "\n  %d more, for %s; -v shows every failure", others, brief.Count(len(groups)-i, "other cause", "other causes"))
					break
				}
				b.WriteString("\n  " + g.String())
			}
		}
	}
	b.WriteString(stopped(o))
	return b.String()
}

// bar draws n of total as a bar of blocks, green for those that passed.
func bar(n, total int) string {
	const width = 40
	full := n * width / max(total, 1)
	return term.Paint(term.Green, strings.Repeat("█", full)) + term.Paint(term.Red, strings.Repeat("░", width-full))
}

// firstInFiles returns the failed results in the files' order, whatever order they ran in.
func firstInFiles(k kata.Kata, results []Result) []Result {
	var failed []Result
	for _, r := range results {
		if !r.Passed() {
			failed = append(failed, r)
		}
	}
	file := func(r Result) int { return slices.Index(k.Files, r.Scenario.File) }
	slices.SortStableFunc(failed, func(a, b Result) int {
		if c := cmp.Compare(file(a), file(b)); c != 0 {
			return c
		}
		return cmp.Compare(a.Scenario.Line, b.Scenario.Line)
	})
	return failed
}

// group is failures of one cause.
type group struct {
	cause   string
	steps   []string // the steps that failed, each once, in order
	results []Result
}

// String says how many failed, where and why: `45 at When I join the game: new is not
// implemented yet`.
func (g group) String() string {
	where := g.steps[0]
	if len(g.steps) > 1 {
		where += " and " + brief.Count(len(g.steps)-1, "other step", "other steps")
	}
	return fmt.Sprintf("%d at %s: %s", len(g.results), where, g.cause)
}

// groupByCause groups failed results by their first failed step's cause, the largest group
// first.
func groupByCause(failed []Result) []group {
	var groups []group
	for _, r := range failed {
		f, _ := r.Failure()
		cause := f.Cause
		if cause == "" {
			cause = f.Status.String()
		}
		i := slices.IndexFunc(groups, func(g group) bool { return g.cause == cause })
		if i < 0 {
			i = len(groups)
			groups = append(groups, group{cause: cause})
		}
		g := &groups[i]
		g.results = append(g.results, r)
		if !slices.Contains(g.steps, f.Step) {
			g.steps = append(g.steps, f.Step)
		}
	}
	slices.SortStableFunc(groups, func(a, b group) int { return cmp.Compare(len(b.results), len(a.results)) })
	return groups
}
