// Mastermind as Dave Thomas's Elixir exercise has it: new(num_colors, width, max_turns) and score(game, guess).
//
// Colours are numbers from 1 to numColors; a code is an array of width of them. To refuse
// something (rules that make no game, a secret or a guess that does not fit, a guess after
// the game is over), throw new Refused("what was wrong"). A refused guess changes nothing.
// Any other error is a bug: the runner shows its stack.

// Refused is thrown, with a message that says what was wrong, to refuse a request.
class Refused extends Error {}

// newGame starts a game with the code maker's secret, and returns it.
function newGame(numColors, width, maxTurns, secret) {
  throw new Error("not implemented");
}

// score plays a guess and returns [grade, [black, white], newGame]: grade is "won", "lost" or
// "continue"; black counts the pegs of the right colour in the right place, white the others
// of a right colour, each peg counted once. newGame is the game after the guess; game itself
// is left as it was.
function score(game, guess) {
  throw new Error("not implemented");
}

// turnsLeft returns how many guesses the game still allows.
function turnsLeft(game) {
  throw new Error("not implemented");
}

// guesses returns how many guesses are on the board.
function guesses(game) {
  throw new Error("not implemented");
}

module.exports = { Refused, newGame, score, turnsLeft, guesses };
