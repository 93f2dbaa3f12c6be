package main

// The runs whose code the journal keeps, numbered as kata log, kata diff and kata checkout
// number them.

import (
	"errors"
	"fmt"
	"strconv"
	"strings"

	"github.com/deliberate-practice/katas/internal/brief"
	"github.com/deliberate-practice/katas/internal/history"
	"github.com/deliberate-practice/katas/internal/journal"
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
