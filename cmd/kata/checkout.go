package main

import (
	"fmt"

	"github.com/deliberate-practice/katas/internal/brief"
	"github.com/deliberate-practice/katas/internal/history"
	"github.com/deliberate-practice/katas/internal/journal"
)

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
	// What bringing the run back would do, checked before anything changes: it writes only
	// what a run keeps, and loses no file a run does not keep.
	code := history.Take(c.dir)
	restore, err := history.Plan(c.dir, want, code)
	if err != nil {
		fmt.Fprintf(c.stderr, "kata checkout: %v; nothing was changed\n", err)
		return 1
	}
	// The code as it is now, first: kept, it can always come back.
	save := journal.Entry{Time: c.now(), Kata: entries[len(entries)-1].Kata, Saved: true}
	if _, err = history.Keep(c.dir, code, save); err != nil {
		fmt.Fprintf(c.stderr, "kata checkout: the code as it is now could not be kept, so nothing was changed: %v\n", err)
		return 1
	}
	now := len(runs) + 1 // its run's number
	written, removed, err := restore.Apply()
	if err != nil {
		fmt.Fprintf(c.stderr, "kata checkout: %v; the folder is as it was, and its code is kept as run %d too\n", err, now)
		return 1
	}
	fmt.Fprintf(c.stdout, "The code as it was is kept as run %d. Brought back %s: %s written, %s removed.\nkata checkout %d goes back; kata diff %d %d shows what changed.\n",
		now, describe(n, runs[n-1]), brief.Count(written, "file", "files"), brief.Count(removed, "file", "files"), now, n, now)
	return 0
}
