package main

import (
	"errors"
	"fmt"
	"strconv"
	"strings"

	"github.com/deliberate-practice/katas/internal/brief"
	"github.com/deliberate-practice/katas/internal/history"
	"github.com/deliberate-practice/katas/internal/journal"
	"github.com/deliberate-practice/katas/internal/term"
)

// kept returns the log's entries that keep the folder's code, in order: run N of kata diff
// and kata checkout is kept[N-1].
func kept(entries []journal.Entry) []journal.Entry {
	var out []journal.Entry
	for _, e := range entries {
		if e.Commit != "" {
			out = append(out, e)
		}
	}
	return out
}

// runNumbers returns each kept entry's number, by its commit.
func runNumbers(entries []journal.Entry) map[string]int {
	n := map[string]int{}
	for i, e := range kept(entries) {
		n[e.Commit] = i + 1
	}
	return n
}

// changeSummary sums up the changes between two commits for kata log: the lines added and
// removed, and the files changed, "+12 −4 mastermind.py, util.py", the first three and how many
// more; "" for none or where they cannot be read.
func (c cli) changeSummary(from, to string) string {
	changes, err := history.Changes(c.dir, from, to)
	if err != nil || len(changes) == 0 {
		return ""
	}
	const shown = 3
	added, removed := 0, 0
	var names []string
	for i, ch := range changes {
		added, removed = added+ch.Added, removed+ch.Removed
		if i < shown {
			names = append(names, brief.Safe(ch.Path))
		}
	}
	where := strings.Join(names, ", ")
	if len(changes) > shown {
		where += fmt.Sprintf(" and %d more", len(changes)-shown)
	}
	return fmt.Sprintf("+%d −%d %s", added, removed, where)
}

// runArg reads a run's number from the command line: 1 to n.
func runArg(arg string, n int) (int, error) {
	i, err := strconv.Atoi(arg)
	switch {
	case err != nil:
		return 0, fmt.Errorf("%s is no run's number: kata log numbers the runs", brief.Quote(arg))
	case n == 0:
		return 0, errors.New("no run has kept its code here yet: kata run keeps it at each light")
	case i < 1 || i > n:
		return 0, fmt.Errorf("no run %d: the runs here are 1 to %d", i, n)
	}
	return i, nil
}

// describe names a run for a person: "run 3 (red 30/34 at 09:10)".
func describe(n int, e journal.Entry) string {
	if e.Saved {
		return fmt.Sprintf("run %d (the code before a checkout, at %s)", n, e.Time.Local().Format("15:04"))
	}
	return fmt.Sprintf("run %d (%s %d/%d at %s)", n, e.Light, e.Passed, e.Total, e.Time.Local().Format("15:04"))
}

// diff is kata diff [A [B]]: the unified diff of the code from run A to run B; run A alone,
// what run A changed since the run before; neither, the last two runs. To a terminal it is
// escaped and coloured; elsewhere it is as it is, for patch.
func (c cli) diff(args []string) int {
	if len(args) > 2 {
		fmt.Fprintf(c.stderr, "kata diff: unexpected argument %s\n", brief.Quote(args[2]))
		return 2
	}
	entries, err := journal.Read(c.dir)
	if err != nil {
		fmt.Fprintf(c.stderr, "kata diff: %v\n", err)
		return 1
	}
	runs := kept(entries)
	var nums []int
	for _, a := range args {
		n, err := runArg(a, len(runs))
		if err != nil {
			fmt.Fprintf(c.stderr, "kata diff: %v\n", err)
			return 2
		}
		nums = append(nums, n)
	}
	from, to := len(runs)-1, len(runs)
	switch len(nums) {
	case 1:
		from, to = nums[0]-1, nums[0]
	case 2:
		from, to = nums[0], nums[1]
	}
	if to < 1 {
		fmt.Fprintln(c.stderr, "kata diff: no run has kept its code here yet: kata run keeps it at each light")
		return 1
	}
	fromCommit, fromName := "", "no code at all"
	if from >= 1 {
		fromCommit, fromName = runs[from-1].Commit, describe(from, runs[from-1])
	}
	changes, err := history.Changes(c.dir, fromCommit, runs[to-1].Commit)
	if err != nil {
		fmt.Fprintf(c.stderr, "kata diff: %v\n", err)
		return 1
	}
	fmt.Fprintf(c.stdout, "From %s to %s:\n", fromName, describe(to, runs[to-1]))
	if len(changes) == 0 {
		fmt.Fprintln(c.stdout, "no change")
	}
	for _, ch := range changes {
		if !c.terminal && !c.color {
			fmt.Fprint(c.stdout, ch.Unified) // as it is, for patch or a file
			continue
		}
		for _, line := range strings.SplitAfter(ch.Unified, "\n") {
			fmt.Fprint(c.stdout, c.diffLine(brief.Safe(strings.TrimSuffix(line, "\n")), line))
		}
	}
	return 0
}

// diffLine writes one line of a diff for a terminal, escaped (a file may hold anything), and in
// colour where it takes colour: added green, removed red.
func (c cli) diffLine(safe, raw string) string {
	if raw == "" {
		return ""
	}
	end := "\n"
	if !strings.HasSuffix(raw, "\n") {
		end = ""
	}
	switch {
	case !c.color || strings.HasPrefix(safe, "+++") || strings.HasPrefix(safe, "---"):
	case strings.HasPrefix(safe, "+"):
		safe = term.Paint(term.Green, safe)
	case strings.HasPrefix(safe, "-"):
		safe = term.Paint(term.Red, safe)
	}
	return safe + end
}

// checkout is kata checkout N: the code of run N back in the folder, after the code as it is
// now is kept as a run of its own, so that nothing is lost.
func (c cli) checkout(args []string) int {
	if len(args) != 1 {
		fmt.Fprintln(c.stderr, "kata checkout: which run? kata log numbers them: kata checkout N")
		return 2
	}
	entries, err := journal.Read(c.dir)
	if err != nil {
		fmt.Fprintf(c.stderr, "kata checkout: %v\n", err)
		return 1
	}
	runs := kept(entries)
	n, err := runArg(args[0], len(runs))
	if err != nil {
		fmt.Fprintf(c.stderr, "kata checkout: %v\n", err)
		return 2
	}
	want, err := history.Files(c.dir, runs[n-1].Commit)
	if err != nil {
		fmt.Fprintf(c.stderr, "kata checkout: %v\n", err)
		return 1
	}
	// The code as it is now, first: kept, it can always come back.
	save := journal.Entry{Time: c.now(), Kata: entries[len(entries)-1].Kata, Saved: true}
	save, err = history.Keep(c.dir, save)
	if err != nil {
		fmt.Fprintf(c.stderr, "kata checkout: the code as it is now could not be kept, so nothing was changed: %v\n", err)
		return 1
	}
	now := len(runs) + 1 // its run's number
	have, err := history.Files(c.dir, save.Commit)
	if err != nil {
		fmt.Fprintf(c.stderr, "kata checkout: %v\n", err)
		return 1
	}
	written, removed, err := history.Restore(c.dir, want, have)
	if err != nil {
		fmt.Fprintf(c.stderr, "kata checkout: %v; the code as it was is kept as run %d: kata checkout %d brings it back\n", err, now, now)
		return 1
	}
	fmt.Fprintf(c.stdout, "The code as it was is kept as run %d. Brought back %s: %s written, %s removed.\nkata checkout %d goes back; kata diff %d %d shows what changed.\n",
		now, describe(n, runs[n-1]), brief.Count(written, "file", "files"), brief.Count(removed, "file", "files"), now, n, now)
	return 0
}
