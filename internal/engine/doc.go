// Package engine runs a kata's scenarios, one at a time, for the front end that drives it —
// the go test kit (internal/kit, behind the features package) and the kata command, which plays
// them against a program in any language over the protocol.
//
// A run is a value the front end drives, as a caller drives a bufio.Scanner: Start chooses the
// scenarios (by tag, as godog itself selects them, and by a pattern of their paths) and their
// order; the front end ranges over them (Run.Scenarios), each in a frame of its own — a subtest,
// a line on a terminal — and plays each against its implementation (Run.Play); Run.End takes
// what the implementation's own end said, Run.Outcome says how the run went, printing
// nothing, so that the front end keeps its light first, and Run.Report writes the reports and
// the screen.
// The engine owns the rules: selection, order, a stop at the first failure or when the
// implementation could not get going, the kind of each failure, and what a person reads.
//
// godog runs the feature files as they are written: the scenarios come from godog's parse of
// them, and each plays through godog, chosen by its file and line, its steps dispatched by
// godog to the kata's step definitions.
package engine
