// Package kata is what a kata is, for the engine and its two front ends: one value, Kata, holds
// a kata's name, its feature files, the steps that play it over the protocol, its protocol
// text, its starting points, and the examples help text gives. Each kata lives in a package
// of its own below this one that exports one such value, and the kata command lists them; the
// contract between a kata's steps and the engine is package step's.
package kata

import (
	"io/fs"

	"github.com/cucumber/godog"

	"github.com/deliberate-practice/katas/internal/protocol"
	"github.com/deliberate-practice/katas/internal/verdict"
)

// Kata is all that a kata is.
type Kata struct {
	Name    string // "mastermind"; kata run takes it, and the protocol's greeting names it
	Summary string // a line for kata list

	Features fs.FS    // holds the feature files
	Files    []string // the feature files, in the order they run: "mastermind.feature"

	// Remote registers the kata's steps, played against a program through conn: the remote
	// side of the kata's seam, for kata run. Call it once for each scenario.
	Remote func(sc *godog.ScenarioContext, conn *protocol.Conn)
	// Protocol is the kata's part of the protocol: its requests, and an exchange.
	Protocol string
	// Starters holds the kata's starting points, a folder templates/LANG for each language
	// ("python", "javascript", "go"), as a kata's package embeds its folder templates; a
	// ".tmpl" suffix keeps a Go file out of this module's build.
	Starters fs.FS
	// Refusing says, by language, how a starting point refuses something, where it is not
	// the language's usual way (the README kata init writes says it).
	Refusing map[string]string

	// Scale is the kata's scale of marks, where its runs are graded beyond pass or fail (a
	// code breaker's guesses over every classic secret); nil for a kata without marks. A
	// room refuses a mark that no implementation reaches on it.
	Scale *verdict.Scale

	// Examples for help text and READMEs: a --run pattern that picks one row, and a tag.
	OneRow string // "Playing mastermind/Making a guess/row 15$"
	Tag    string // "@refusals"; may be empty
}

// Steps registers a kata's steps on a scenario's context, played against one implementation.
type Steps func(*godog.ScenarioContext)
