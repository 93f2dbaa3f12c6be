/**
 * Mastermind as Dave Thomas's Elixir exercise has it: new(num_colors, width, max_turns), here
 * with the code maker's secret as well, and score(game, guess).
 *
 * <p>Colours are numbers from 1 to numColors; a code is an array of width of them. A game is a
 * value: score leaves the game it is played on as it was, and returns the game after the guess.
 * To refuse something (rules that make no game, a secret or a guess that does not fit, a guess
 * after the game is over), throw Refused with a message that says what was wrong. A refused
 * guess changes nothing. Any other exception is a bug: the runner shows its stack trace.
 */
class Mastermind {
    /** Thrown, with a message that says what was wrong, to refuse a request. */
    static class Refused extends Exception {
        Refused(String message) {
            super(message);
        }
    }

    /** Where a game stands after a guess. */
    enum Grade { WON, LOST, CONTINUE }

    /**
     * How a guess scored: its grade; black, the pegs of the right colour in the right place, and
     * white, those of a right colour in the wrong place, each peg counted once; and the game
     * after the guess.
     */
    record Score(Grade grade, int black, int white, Mastermind game) {}

    /**
     * Starts a game of numColors colours, width pegs and maxTurns turns with the code maker's
     * secret, an array of width colours; throws Refused for rules or a secret that do not fit.
     */
    Mastermind(int numColors, int width, int maxTurns, int[] secret) throws Refused {
        throw new UnsupportedOperationException("not implemented");
    }

    /**
     * Plays a guess on this game and returns how it scored, with the game after it; this game
     * is left as it was. Throws Refused for a guess that does not fit, or once the game is over.
     */
    Score score(int[] guess) throws Refused {
        throw new UnsupportedOperationException("not implemented");
    }

    /** Returns how many guesses the game still allows: 0 once it is won or lost. */
    int turnsLeft() {
        throw new UnsupportedOperationException("not implemented");
    }

    /** Returns how many guesses are on the board. */
    int guesses() {
        throw new UnsupportedOperationException("not implemented");
    }
}
