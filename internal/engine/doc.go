// Package engine runs the katas' scenarios: it reads them from the feature files (as gherkin's
// pickles), chooses and orders them, runs each against an implementation through godog's step
// definitions, and turns what happened into a person's text, a summary and reports.
//
// It is the one engine behind the two front ends: the features package, which runs the
// scenarios as go test subtests, and the kata command, which runs them against a program in
// any language. Each front end supplies only where output goes, how one scenario is played,
// and how to run a scenario again (a Frontend); every behaviour of the run loop is here, once.
package engine
