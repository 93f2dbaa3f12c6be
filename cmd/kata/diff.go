package main

import (
	"fmt"
	"strings"

	"github.com/deliberate-practice/katas/internal/brief"
	"github.com/deliberate-practice/katas/internal/history"
	"github.com/deliberate-practice/katas/internal/journal"
	"github.com/deliberate-practice/katas/internal/term"
)

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
