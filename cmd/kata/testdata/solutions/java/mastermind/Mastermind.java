/** A practitioner's Mastermind, in Java: the solution kata run's tests fill a starting point in with. */
class Mastermind {
    static class Refused extends Exception {
        Refused(String message) {
            super(message);
        }
    }

    enum Grade { WON, LOST, CONTINUE }

    record Score(Grade grade, int black, int white, Mastermind game) {}

    private final int colors;
    private final int width;
    private final int[] secret;
    private final int turnsLeft;
    private final int guesses;
    private final Grade grade;

    Mastermind(int numColors, int width, int maxTurns, int[] secret) throws Refused {
        if (numColors < 1 || width < 1 || maxTurns < 1) {
            throw new Refused("a game needs at least one colour, one peg and one turn");
        }
        this.colors = numColors;
        this.width = width;
        this.secret = secret.clone();
        this.turnsLeft = maxTurns;
        this.guesses = 0;
        this.grade = Grade.CONTINUE;
        check(secret, "secret");
    }

    private Mastermind(Mastermind game, int turnsLeft, int guesses, Grade grade) {
        this.colors = game.colors;
        this.width = game.width;
        this.secret = game.secret;
        this.turnsLeft = turnsLeft;
        this.guesses = guesses;
        this.grade = grade;
    }

    private void check(int[] code, String what) throws Refused {
        if (code.length != width) {
            throw new Refused("the " + what + " has " + code.length + " pegs, want " + width);
        }
        for (int peg : code) {
            if (peg < 1 || peg > colors) {
                throw new Refused("the " + what + " has colour " + peg + ", want 1 to " + colors);
            }
        }
    }

    Score score(int[] guess) throws Refused {
        if (grade != Grade.CONTINUE) {
            throw new Refused("the game is over: " + grade.name().toLowerCase());
        }
        check(guess, "guess");
        int black = 0;
        int[] inSecret = new int[colors + 1];
        int[] inGuess = new int[colors + 1];
        for (int i = 0; i < guess.length; i++) {
            if (guess[i] == secret[i]) {
                black++;
            }
            inSecret[secret[i]]++;
            inGuess[guess[i]]++;
        }
        int common = 0;
        for (int colour = 1; colour <= colors; colour++) {
            common += Math.min(inSecret[colour], inGuess[colour]);
        }
        int left = turnsLeft - 1;
        Grade after = black == width ? Grade.WON : left == 0 ? Grade.LOST : Grade.CONTINUE;
        return new Score(after, black, common - black, new Mastermind(this, left, guesses + 1, after));
    }

    int turnsLeft() {
        return grade == Grade.CONTINUE ? turnsLeft : 0;
    }

    int guesses() {
        return guesses;
    }
}
