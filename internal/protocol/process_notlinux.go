//go:build !linux

package protocol

import "os"

// killMarked does nothing here: only Linux shows the runner every process's environment, so
// elsewhere a process that left the program's group outlives the run (docs/protocol.md).
func killMarked(string) {}

// unread is how many bytes wait in the pipe f reads from: here it cannot tell, 0.
func unread(*os.File) int { return 0 }

// leads reports whether the process numbered pid is the program token marks, or is gone with
// its group perhaps left: here it cannot tell, and the guard takes it to be.
func leads(int, string) bool { return true }

// tree returns nothing here: only Linux shows the runner every process's parent.
func tree(int) []kin { return nil }

// killKin does nothing here, as tree finds nothing.
func killKin([]kin) {}

// BecomeReaper does nothing here: only Linux has child subreapers. It reports false.
func BecomeReaper() bool { return false }

// killOrphans does nothing here.
func killOrphans() {}
