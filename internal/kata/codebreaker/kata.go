// Package codebreaker is the code-breaker kata, the seed's own story ("As a code breaker I want
// to practice breaking codes"): the practitioner writes the breaker, and this project's code
// maker deals the secrets from the run's seed, scores each guess, and grades the breaker by its
// guesses over every classic secret, against Knuth's 5,801 and the optimum's 5,625. It holds
// the kata's steps, the code maker, the judge that refuses a total no breaker learning from
// feedback alone can reach, the seams in process and over the protocol, and the starting
// points.
package codebreaker

import (
	"embed"
	"io/fs"

	"github.com/cucumber/godog"

	"github.com/deliberate-practice/katas/internal/kata"
	"github.com/deliberate-practice/katas/internal/protocol"
)

// starters are the code breaker's starting points, a folder for each language.
//
//go:embed templates
var starters embed.FS

// Name is the kata's name, as kata run takes it.
const Name = "codebreaker"

// Kata is the code-breaker kata, its feature file read from features: the practitioner writes
// the breaker, and this project's code maker scores its guesses.
func Kata(features fs.FS) kata.Kata {
	scale := Scale()
	return kata.Kata{
		Name:     Name,
		Summary:  "the seed's story, \"As a code breaker I want to practice breaking codes\": write the breaker, graded against Knuth's 5,801 guesses and the optimum's 5,625",
		Features: features,
		Files:    []string{"codebreaker.feature"},
		Remote:   func(sc *godog.ScenarioContext, conn *protocol.Conn) { initialize(sc, remote(conn), 0) },
		Protocol: requests,
		Starters: starters,
		Refusing: map[string]string{
			"python":     "A breaker refuses nothing: any exception is a bug, which stops the adapter, and the runner shows its traceback.",
			"javascript": "A breaker refuses nothing: any error is a bug, which stops the adapter, and the runner shows its stack.",
			"go":         "A breaker refuses nothing: an error from Guess or Feedback fails the scenario, saying so.",
			"elixir":     "A breaker refuses nothing: any exception is a bug, which stops the adapter, and the runner shows its stack.",
			"java":       "A breaker refuses nothing: any exception is a bug, which stops the adapter, and the runner shows its stack.",
		},
		Scale:  &scale,
		OneRow: "Breaking codes/Every secret of a small game/row 2$",
		Tag:    "~@optimal",
	}
}

// requests is the code-breaker kata's requests.
const requests = `
Code breaker requests

    {"id": 1, "op": "new", "game": 1, "colors": 6, "width": 4, "turns": 12}

        Start breaking the secret of game 1: colours are the numbers 1 to colors, a code
        is width pegs, and turns guesses may be made. Reply {"id": 1}. A game is known by
        its number: many games may be under way at once, and their requests come together
        (a scenario plays every secret of a game, each a game of its own, 64 at a time).
        Each scenario begins with new games: forget the games of the scenario before.

    {"id": 2, "op": "guess", "game": 1}

        Your next guess in game 1: reply {"id": 2, "guess": [1, 1, 2, 2]}, width colours
        from 1 to colors. A guess of the wrong width, or with a colour outside the game,
        fails the scenario.

    {"id": 3, "op": "feedback", "game": 1, "black": 1, "white": 1, "grade": "continue"}

        How your last guess in game 1 scored: black pegs (right colour, right place), white
        ones (right colour, wrong place), and the grade: "continue"; "won", the secret is
        broken; or "lost", no guess is left. After "won" or "lost" the game is over and
        nothing more is asked of it. Reply {"id": 3}.

What a breaker may rely on is each game's feedback: the code maker deals the secrets of a
scenario in an order drawn from the run's seed, so that a game's number, the order of the
games and of their requests say nothing of a secret. A play whose guesses break more
secrets than what each game was told lets chance break, or, over every classic secret,
takes fewer guesses than the optimum's 5,625, knew what it could not have known, and fails.
The levels above @classic grade a strategy: games told the same must guess the same.

An exchange (> from the runner, < from your program):

    < {"protocol": "katas", "version": 2, "kata": "codebreaker"}
    > {"colors":2,"game":1,"id":1,"op":"new","turns":3,"width":2}
    > {"game":1,"id":2,"op":"guess"}
    < {"id": 1}
    < {"id": 2, "guess": [1, 1]}
    > {"black":1,"game":1,"grade":"continue","id":3,"op":"feedback","white":0}
    > {"game":1,"id":4,"op":"guess"}
    < {"id": 3}
    < {"id": 4, "guess": [1, 2]}
    > {"black":2,"game":1,"grade":"won","id":5,"op":"feedback","white":0}
    < {"id": 5}
`
