// Package mastermind is the game of Mastermind: colours, codes, black and white scoring with the
// duplicate rule, configurable rules, a game that is won, lost or goes on, and the game's
// history as events.
//
// # Codes and scoring
//
// A Color is numbered from 1; the first eight have names (Red, Green, Blue, Yellow, Purple,
// Orange, Cyan, Magenta). A Code is a row of colours. ParseCode reads names in any case or
// numbers, and Code.String writes them back:
//
//	secret, _ := mastermind.ParseCode("Red Green Blue Yellow")
//	guess, _ := mastermind.ParseCode("red yellow 3 2")
//	fb, _ := mastermind.Score(secret, guess) // B B W W
//
// Score gives a black key peg for each peg of the right colour in the right place and a white
// one for each other peg whose colour the secret holds elsewhere; a colour repeated in the
// guess earns key pegs only as often as the secret holds it. Feedback.String writes the original feature's
// notation, blacks first ("B B W W"); ParseFeedback reads it.
//
// # Games
//
// Rules are Dave Thomas's new(num_colors, width, max_turns); Classic() is six colours, four
// pegs and twelve turns. New starts a game with a secret the code maker chose; NewRandom draws
// one from a *rand.Rand the caller supplies. (*Game).Guess is Dave Thomas's score(game,
// guess): it returns the Grade (Continue, Won or Lost) and the Feedback, and puts the guess on
// the board:
//
//	game, err := mastermind.New(mastermind.Classic(), secret)
//	grade, fb, err := game.Guess(guess)
//
// A guess that cannot be played (too short, too long, a colour outside the rules, or after the
// game is over) returns an error from the original feature's event model — ErrGuessTooShort,
// ErrGuessTooLong, ErrInvalidPeg, ErrGameAlreadyWon, ErrGameAlreadyLost, ErrGameNotStarted — and
// changes nothing: it uses no turn.
//
// # Events
//
// The original feature's event model has two commands, Join Game (New) and Make Guess ((*Game).Guess), and
// four events: GameStarted, GuessMade, GameWon and GameLost. (*Game).Events returns a game's
// history as those events; Replay rebuilds the game from them and refuses a log that could not
// have happened. MarshalEvents and UnmarshalEvents turn a log into JSON and back, so a game can
// be saved and resumed:
//
//	data, _ := mastermind.MarshalEvents(game.Events())
//	events, err := mastermind.UnmarshalEvents(data)
//	resumed, err := mastermind.Replay(events)
//
// The subpackage solver breaks codes.
package mastermind
