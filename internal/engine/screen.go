package engine

import (
	"cmp"
	"fmt"
	"regexp"
	"slices"
	"strings"
	"unicode/utf8"

	"github.com/cucumber/godog"

	"github.com/deliberate-practice/katas/internal/brief"
	"github.com/deliberate-practice/katas/internal/kata"
	"github.com/deliberate-practice/katas/internal/step"
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

// failureText describes a failed scenario for a person: which scenario, its outline row, the
// first step that did not pass and why.
func failureText(r Result) string {
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

// prettyText writes a scenario with every step and how it went.
func prettyText(r Result) string {
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

// summaryText sums up a run: how many scenarios passed, each that failed with its first failed
// step, how to run one again, and how many did not run after a stop at the first failure.
func summaryText(k kata.Kata, o Outcome, rerun func(Result) string) string {
	var failed []Result
	for _, r := range o.Results {
		if !r.Passed() {
			failed = append(failed, r)
		}
	}
	var b strings.Builder
	b.WriteString(header(k.Name, o))
	if len(failed) > 0 {
		b.WriteString(":")
		for _, r := range failed {
			f, _ := r.Failure()
			fmt.Fprintf(&b, "\n  %s: %s", r.Scenario, f.Step)
		}
		if rerun != nil {
			fmt.Fprintf(&b, "\nTo run one again: %s", rerun(failed[0]))
		}
	}
	if g, ok := o.Grade(k); ok && g.Line != "" {
		b.WriteString("\n" + g.Line)
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
	switch {
	case len(o.NotRun) == 0:
		return ""
	case o.Interrupted:
		return fmt.Sprintf("\nThe run was interrupted; %s did not run.", brief.Count(len(o.NotRun), "scenario", "scenarios"))
	}
	return fmt.Sprintf("\nStopped at the first failure; %s did not run.", brief.Count(len(o.NotRun), "scenario", "scenarios"))
}

// maxGroups is how many groups of failures a screen lists; the rest it counts.
const maxGroups = 6

// screenText sums up a run on one screen, for a person working through a kata: how far along it
// is, the next scenario to work on in full — the first that failed in the files' order —
// with the command that runs it alone, and the other failures grouped by their cause. A run
// that could not get going says why, and what to do.
//
// It fits a terminal of width columns and height rows (0 where not known: screen.fit).
func screenText(k kata.Kata, o Outcome, rerun func(Result) string, terminal bool, width, height int) string {
	return screenOf(k, o, rerun, terminal).fit(width, height)
}

// screenOf is screenText's screen, before it is fitted to a terminal.
func screenOf(k kata.Kata, o Outcome, rerun func(Result) string, terminal bool) screen {
	var b strings.Builder
	n := len(o.Results)
	passed := o.Passed()
	lines := func() []string { return strings.Split(b.String(), "\n") }
	switch {
	case o.Interrupted:
		fmt.Fprintf(&b, "%s: the run was interrupted; %s did not run. Before it, %d of %s passed.", k.Name,
			brief.Count(len(o.NotRun), "scenario", "scenarios"), passed, brief.Count(n, "scenario", "scenarios"))
		return screen{head: lines(), asIs: true}
	case o.Fatal != "":
		fmt.Fprintf(&b, "%s: the implementation did not get going, so the run stopped at its first scenario.\n%s", k.Name, o.Fatal)
		if len(o.Results) > 0 {
			r := o.Results[len(o.Results)-1]
			if f, ok := r.Failure(); ok && f.Err != "" {
				fmt.Fprintf(&b, "\n\n%s, at %s:\n  %s", r.Scenario, f.Step, strings.ReplaceAll(f.Err, "\n", "\n  "))
			}
		}
		return screen{head: lines(), asIs: true}
	case n == 0:
		return screen{head: []string{header(k.Name, o)}}
	}
	b.WriteString(header(k.Name, o))
	if g, ok := o.Grade(k); ok && g.Line != "" {
		b.WriteString("\n" + g.Line)
	}
	if terminal {
		b.WriteString("\n" + bar(passed, n))
	}
	var list strings.Builder
	more := 0
	if passed < n {
		failed := firstInFiles(k, o.Results)
		next := failed[0]
		b.WriteString("\n\nNext: " + prettyText(next))
		if rerun != nil {
			b.WriteString("\n" + runAlone + rerun(next))
		}
		if rest := failed[1:]; len(rest) > 0 {
			more = len(rest)
			fmt.Fprintf(&list, "\n%d more failed:", len(rest))
			groups := groupFailures(rest)
			for i, g := range groups {
				if i >= maxGroups && !g.atStep { // wrong answers are never folded away
					others := 0
					for _, g := range groups[i:] {
						others += len(g.results)
					}
					fmt.Fprintf(&list, "\n  %d more, for %s; -v shows every failure", others, brief.Count(len(groups)-i, "other cause", "other causes"))
					break
				}
				list.WriteString("\n  " + g.String())
			}
		}
	}
	sc := screen{head: lines(), more: more, tail: strings.TrimPrefix(stopped(o), "\n")}
	if list.Len() > 0 {
		sc.list = strings.Split(list.String(), "\n")
	}
	return sc
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
	return inFiles(k, failed)
}

// inFiles returns the results in the files' order, whatever order they ran in.
func inFiles(k kata.Kata, results []Result) []Result {
	out := slices.Clone(results)
	slices.SortStableFunc(out, func(a, b Result) int { return filesOrder(k.Files, a.Scenario, b.Scenario) })
	return out
}

// filesOrder compares two scenarios of feature files by the files' order, then their lines.
func filesOrder(files []string, a, b Scenario) int {
	file := func(s Scenario) int { return slices.Index(files, s.File) }
	return cmp.Or(cmp.Compare(file(a), file(b)), cmp.Compare(a.Line, b.Line))
}

// group is failures that belong together: wrong answers at one step of a feature file, or
// failures of one cause — a part not written yet, a crash, a program that would not speak.
type group struct {
	atStep  bool     // wrong answers at one step; otherwise failures of one cause
	label   string   // the step as the feature writes it, or the cause
	steps   []string // for a cause: the steps that failed, each once, in order
	causes  []string // for a step: each failure's cause, in order
	results []Result
}

// maxExamples is how many of a step's failures its group shows.
const maxExamples = 2

// String says how many failed, where and why: `45 at When I join the game: new is not
// implemented yet`; for wrong answers at one step, the first of them on lines of their own.
func (g group) String() string {
	if g.atStep {
		if len(g.results) == 1 {
			f, _ := g.results[0].Failure()
			return fmt.Sprintf("1 at %s: %s", f.Step, g.causes[0])
		}
		var b strings.Builder
		fmt.Fprintf(&b, "%d at %s, as:", len(g.results), g.label)
		for _, c := range g.causes[:min(maxExamples, len(g.causes))] {
			b.WriteString("\n      " + c)
		}
		if more := len(g.causes) - maxExamples; more > 0 {
			fmt.Fprintf(&b, "\n      and %d more", more)
		}
		return b.String()
	}
	where := g.steps[0]
	if len(g.steps) > 1 {
		where += " and " + brief.Count(len(g.steps)-1, "other step", "other steps")
	}
	if len(g.results) == 1 {
		return fmt.Sprintf("1 at %s: %s", where, g.label)
	}
	// The cause first, which a screen's width cuts last; where, under it.
	return fmt.Sprintf("%d failed: %s\n      at %s", len(g.results), g.label, where)
}

// request is a request as a message quotes it, to leave out of a crash's cause.
var request = regexp.MustCompile(` ?(to )?request \d+ \{.*?\}`)

// errorLine is a line of standard error that names an error: Python's "KeyError: 'guess'",
// Node's "TypeError: …", Go's "panic: …", Elixir's "** (ArithmeticError) …", Java's
// "Exception in thread "main" java.lang.…".
var errorLine = regexp.MustCompile(`^(panic: |\*\* \(|[A-Za-z_.]*(Error|Exception)\b)`)

// crashSite is where a crash happened, for failures of one crash to group together: the last
// line the program wrote to standard error (a traceback's "KeyError: 'guess'", a panic's
// place), or else the cause without the request it came at.
func crashSite(f StepResult) string {
	if _, stderr, ok := strings.Cut(f.Err, "Its standard error ended with:\n"); ok {
		lines := strings.Split(strings.TrimSpace(stderr), "\n")
		last := ""
		for i := len(lines) - 1; i >= 0; i-- {
			line := strings.TrimSpace(lines[i])
			if errorLine.MatchString(line) {
				last = line
				break
			}
			if last == "" && line != "" {
				last = line
			}
		}
		if last != "" {
			what, _, _ := strings.Cut(f.Cause, " before")
			return brief.QuoteLong(last) + " (" + request.ReplaceAllString(what, "") + ")"
		}
	}
	return quoted.ReplaceAllString(request.ReplaceAllString(f.Cause, ""), `"…"`)
}

// quoted matches what a message quotes of the program's output, which differs from scenario
// to scenario where the cause is one: "debug [1, 1, 2, 2]".
var quoted = regexp.MustCompile(`"(?:[^"\\]|\\.)*"`)

// groupFailures groups failed results: wrong answers by the step of the feature at which they
// failed, everything else by its cause. Wrong answers come first, each step's group however
// small, the largest first; then the causes, the largest first.
func groupFailures(failed []Result) []group {
	var groups []group
	for _, r := range failed {
		f, _ := r.Failure()
		cause := f.Cause
		if cause == "" {
			cause = f.Status.String()
		}
		atStep := f.Kind == step.Wrong && f.Line > 0 && f.Template != ""
		if f.Kind == step.Crash || f.Kind == step.Timeout {
			cause = crashSite(f)
		}
		label := cause
		if atStep {
			label = fmt.Sprintf("%s (%s:%d)", f.Template, r.Scenario.File, f.Line)
		}
		i := slices.IndexFunc(groups, func(g group) bool { return g.atStep == atStep && g.label == label })
		if i < 0 {
			i = len(groups)
			groups = append(groups, group{atStep: atStep, label: label})
		}
		g := &groups[i]
		g.results = append(g.results, r)
		if atStep && r.Scenario.Row > 0 {
			cause = fmt.Sprintf("row %d: %s", r.Scenario.Row, cause) // which row, to run it or find it
		}
		g.causes = append(g.causes, strings.ReplaceAll(cause, "\n", "\n        ")) // a cause's own lines, under it
		if !slices.Contains(g.steps, f.Step) {
			g.steps = append(g.steps, f.Step)
		}
	}
	slices.SortStableFunc(groups, func(a, b group) int {
		if a.atStep != b.atStep {
			if a.atStep {
				return -1
			}
			return 1
		}
		return cmp.Compare(len(b.results), len(a.results))
	})
	return groups
}

// DefaultHeight is the rows a run's screen fits where its front end knows no other — a
// pipe, CI, go test — as a terminal's usual 24.
const DefaultHeight = 24

// A screen is a run's summary for a person, in two parts: the head — the count, the grade,
// Next: in full and how to run it alone — which is always shown; and the list of the other
// failures, cut to the rows the head leaves, ending with how many more -v shows.
type screen struct {
	head, list []string
	more       int // failures the list holds, for its last line when it is cut
	tail       string
	asIs       bool // a screen of a few lines that says why the run stopped: shown as it is
}

// fit lays the screen out in height rows (DefaultHeight where 0) of width columns. Where the
// width is known (a terminal), the head's long lines are wrapped, indented under the line
// they continue, but for the command that runs a scenario alone, which stays whole to be
// pasted and takes the rows the terminal gives it; and the list's lines are cut to the width.
// Where it is not (a pipe), every line is whole: -v, or the log, has the full text anyway.
func (s screen) fit(width, height int) string {
	if s.asIs {
		return strings.Join(s.head, "\n")
	}
	if height <= 0 {
		height = DefaultHeight
	}
	var out []string
	rows := 0
	for _, l := range s.head {
		if width <= 0 || strings.HasPrefix(l, runAlone) {
			out = append(out, l)
			rows += rowsOf(l, width)
			continue
		}
		w := wrap(l, width)
		out = append(out, w...)
		rows += len(w)
	}
	var tail []string
	if s.tail != "" {
		tail = strings.Split(s.tail, "\n")
	}
	room := height - 1 - rows - len(tail) // a row for the shell's prompt
	list := make([]string, len(s.list))
	for i, l := range s.list {
		list[i] = l
		if width > 0 {
			list[i] = cut(l, width)
		}
	}
	if len(list) > room {
		keep := max(room-1, 1)
		last := fmt.Sprintf("  and more: -v shows every one of the %d", s.more)
		if width > 0 {
			last = cut(last, width)
		}
		list = append(list[:keep], last)
	}
	out = append(out, list...)
	out = append(out, tail...)
	return strings.Join(out, "\n")
}

// runAlone heads the line that says how to run the next scenario alone.
const runAlone = "Run it alone: "

// rowsOf is how many rows of width columns a terminal takes to show line; one where the width
// is not known.
func rowsOf(line string, width int) int {
	if width <= 0 {
		return 1
	}
	return max(1, (columns(line)+width-1)/width)
}

// escape matches a terminal's colour escapes, which take no column.
var escape = regexp.MustCompile("\x1b\\[[0-9;]*m")

// columns is how many columns line takes on a terminal: a rune each, escapes none.
func columns(line string) int { return utf8.RuneCountInString(escape.ReplaceAllString(line, "")) }

// wrap breaks line into lines of at most width columns, at spaces where it can, each after
// the first indented four more than the line.
func wrap(line string, width int) []string {
	if columns(line) <= width || escape.MatchString(line) {
		return []string{line}
	}
	indent := strings.Repeat(" ", len(line)-len(strings.TrimLeft(line, " "))+4)
	var out []string
	rest := line
	first := true
	for {
		limit := width
		prefix := ""
		if !first {
			prefix = indent
			limit = width - len(indent)
		}
		if utf8.RuneCountInString(rest) <= limit {
			out = append(out, prefix+rest)
			return out
		}
		cutAt := byteIndexOfRune(rest, limit)
		if sp := strings.LastIndex(rest[:cutAt], " "); sp > len(rest)-len(strings.TrimLeft(rest, " ")) {
			cutAt = sp
		}
		out = append(out, prefix+strings.TrimRight(rest[:cutAt], " "))
		rest = strings.TrimLeft(rest[cutAt:], " ")
		first = false
	}
}

// cut cuts line to width columns, ending it with … where it was longer.
func cut(line string, width int) string {
	if columns(line) <= width || escape.MatchString(line) {
		return line
	}
	return strings.TrimRight(line[:byteIndexOfRune(line, width-1)], " ") + "…"
}

// byteIndexOfRune is the byte index of the nth rune of s (len(s) past its end).
func byteIndexOfRune(s string, n int) int {
	for i := range s {
		if n == 0 {
			return i
		}
		n--
	}
	return len(s)
}
