//go:build !race

package docs_test

// raceEnabled says the race detector is on; it allocates of its own.
const raceEnabled = false
