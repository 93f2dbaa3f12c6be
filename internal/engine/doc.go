// Package engine runs a kata's scenarios: it reads them from the kata's feature files (as
// gherkin's pickles), chooses them (tags as godog itself selects them) and orders them, plays
// each against an implementation through godog's step definitions, and turns what happened
// into a person's text, a summary, reports and the log's light.
//
// It is the one engine behind the two front ends: the go test kit (internal/kit, behind the
// features package) and the kata command, which runs the scenarios against a program in any
// language. A front end gives Run the kata (a kata.Kata value), the implementation to start
// for each scenario (an Instance: in process, or a program over the protocol), and where text
// goes; the engine plays, times, classifies — a wrong answer, a crash, a timeout, or a set-up
// mistake that stops the run — and reports, once for both.
package engine
