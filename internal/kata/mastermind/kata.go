// Package mastermind is the Mastermind kata: the seed's "Playing mastermind" feature and the
// rules of Dave Thomas's Elixir exercise, played against a practitioner's game — its steps,
// the seams in process and over the protocol, the property check that scores thousands of
// codes at once, and the starting points.
package mastermind

import (
	"embed"
	"io/fs"

	"github.com/cucumber/godog"

	"github.com/deliberate-practice/katas/internal/kata"
	"github.com/deliberate-practice/katas/internal/protocol"
)

// starters are the Mastermind starting points, a folder for each language.
//
//go:embed templates
var starters embed.FS

// Name is the kata's name, as kata run takes it.
const Name = "mastermind"

// Kata is the Mastermind kata, its feature files read from features: the Mastermind kata's
// original "Playing mastermind" feature word for word, and Dave Thomas's configurable game.
func Kata(features fs.FS) kata.Kata {
	return kata.Kata{
		Name:     Name,
		Summary:  "the Mastermind kata's original \"Playing mastermind\" feature, and Dave Thomas's configurable game from his Elixir exercise: new(num_colors, width, max_turns) and score(game, guess); @state checks that score leaves the game it was given as it was",
		Features: features,
		Files:    []string{"mastermind.feature", "configurable_game.feature"},
		Remote:   func(sc *godog.ScenarioContext, conn *protocol.Conn) { initialize(sc, remote(conn), remoteAll(conn), 0) },
		Protocol: requests,
		Starters: starters,
		Refusing: map[string]string{
			"elixir": "Mastermind.Game is the assignment's module, word for word: new(num_colors, width, max_turns) and score(game, guess), which returns {:won | :lost | :continue, %{black: b, white: w}, new_state}. The runner sets each game's secret, which new/3 cannot take: so the module adds new/4, which takes the secret and which new/3 calls with a random one — the least the runner needs — and turns_left/1 and guesses/1, which the feature asks about. To refuse something, return {:error, message} with a message that says what was wrong. Any exception is a bug: it stops the adapter, and the runner shows its stack.",
			"java":   "To refuse something, throw Mastermind.Refused (defined in the file you write) with a message that says what was wrong. Any other exception is a bug: it stops the adapter, and the runner shows its stack.",
		},
		OneRow: "Playing mastermind/Making a guess/row 15$",
		Tag:    "@refusals",
	}
}

// requests is the Mastermind kata's requests.
const requests = `
Mastermind requests

    {"id": 1, "op": "new", "colors": 6, "width": 4, "turns": 12, "secret": [1, 2, 3, 4]}

        Start a game: Dave Thomas's new(num_colors, width, max_turns), with the code
        maker's secret. Colours are numbers from 1 (the original feature's Red, Green, Blue, Yellow,
        Purple, Orange are 1 to 6). Reply {"id": 1}, or {"id": 1, "error": "…"} when the
        rules or the secret do not fit: fewer than 1 colour, peg or turn, a secret that is
        not width pegs long, a colour outside 1 to colors.

    {"id": 2, "op": "score", "guess": [1, 1, 2, 2]}

        Play a guess: Dave Thomas's score(game, guess). Reply
        {"id": 2, "grade": "continue", "black": 1, "white": 1}: grade "won", "lost" or
        "continue", and the key pegs. Reply an error for a guess that cannot be played (the
        wrong width, a colour outside 1 to colors, a game already over); it changes nothing,
        and the scenarios that expect a refusal check that with turns_left and guesses.

    {"id": 3, "op": "turns_left"}      reply {"id": 3, "turns_left": 11}
    {"id": 4, "op": "guesses"}         reply {"id": 4, "guesses": 1}
    {"id": 5, "op": "back"}            reply {"id": 5}

        Go back to the game as it was before the last guess scored: the game that
        score(game, guess) was given, which it leaves as it was. The requests after it
        play on from there. (Version 2: the scenarios tagged @state ask for it.)
        The runner sees the game only through your program's replies: @state holds
        your score to its word only as far as back hands back the very game score was
        given, as the starting points' adapters do. An adapter that builds the game
        before again, by replaying the guesses, passes @state whatever score does.

An exchange (> from the runner, < from your program):

    < {"protocol": "katas", "version": 2, "kata": "mastermind"}
    > {"colors":6,"id":1,"op":"new","secret":[1,2,3,4],"turns":12,"width":4}
    < {"id": 1}
    > {"guess":[1,1,2,2],"id":2,"op":"score"}
    < {"id": 2, "grade": "continue", "black": 1, "white": 1}
    > {"guess":[1,2,3],"id":3,"op":"score"}
    < {"id": 3, "error": "guess too short"}
    > {"id":4,"op":"turns_left"}
    < {"id": 4, "turns_left": 11}
`
