/**
 * The code-breaker kata: break the code maker's secret, in as few guesses as you can.
 *
 * <p>A game has colors colours, the numbers 1 to colors; its secret, and each guess, is a code
 * of width pegs, and turns guesses may be made. After each guess the code maker says how it
 * scored: black pegs (right colour, right place), white ones (right colour, wrong place), and
 * the grade: CONTINUE, WON (the secret broken) or LOST (no guess left).
 */
class CodeBreaker {
    /** Where a game stands after a guess. */
    enum Grade { WON, LOST, CONTINUE }

    private final int colors;
    private final int width;
    private final int turns;

    /** The breaker of one game's secret; the runner makes one for each game it plays. */
    CodeBreaker(int colors, int width, int turns) {
        this.colors = colors;
        this.width = width;
        this.turns = turns;
    }

    /** Your next guess: an array of width colours, each from 1 to colors. */
    int[] guess() {
        throw new UnsupportedOperationException("not implemented");
    }

    /** How your last guess scored; after WON or LOST the game is over. */
    void feedback(int black, int white, Grade grade) {
        throw new UnsupportedOperationException("not implemented");
    }
}
