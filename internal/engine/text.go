package engine

import (
	"fmt"
	"strings"

	"github.com/deliberate-practice/katas/internal/brief"
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
		case "passed":
		case "skipped":
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
	switch n := len(o.Results); {
	case n == 0:
		fmt.Fprintf(&b, "%s: no scenario ran", kata)
	case len(failed) == 0 && n == 1:
		fmt.Fprintf(&b, "%s: 1 scenario, passed", kata)
	case len(failed) == 0:
		fmt.Fprintf(&b, "%s: all %d scenarios passed", kata, n)
	default:
		fmt.Fprintf(&b, "%s: %d of %s passed, %d failed:", kata, n-len(failed), brief.Count(n, "scenario", "scenarios"), len(failed))
		for _, r := range failed {
			f, _ := r.Failure()
			fmt.Fprintf(&b, "\n  %s: %s", r.Scenario, f.Step)
		}
		if rerun != nil {
			fmt.Fprintf(&b, "\nTo run one again: %s", rerun(failed[0].Scenario))
		}
	}
	if len(o.NotRun) > 0 {
		fmt.Fprintf(&b, "\nStopped at the first failure; %s did not run.", brief.Count(len(o.NotRun), "scenario", "scenarios"))
	}
	return b.String()
}
