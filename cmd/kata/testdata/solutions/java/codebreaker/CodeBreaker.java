import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * A right breaker for the code-breaker kata: Knuth's minimax, each decision worked out once.
 *
 * <p>Knuth's rule: guess the code, among all codes, whose worst feedback leaves the fewest
 * secrets possible; ties go to a code that could still be the secret, then to the lowest. The
 * guess after a run of feedback is the same in every game of the same rules, so each decision
 * is worked out once and kept; so is each code's score against every other.
 */
class CodeBreaker {
    enum Grade { WON, LOST, CONTINUE }

    /** What every breaker of one game's rules shares: its codes, their scores, its decisions. */
    private static final class Rules {
        private final int colors;
        private final List<int[]> codes = new ArrayList<>();
        private final byte[][] rows; // a code's score against every code, black * 16 + white, once worked out
        private final Map<String, Integer> decided = new HashMap<>(); // the feedback so far -> the guess, by the code's index

        Rules(int colors, int width) {
            this.colors = colors;
            add(new int[width], 0);
            rows = new byte[codes.size()][];
        }

        /** Adds every code that begins with code's first at pegs, in order. */
        private void add(int[] code, int at) {
            if (at == code.length) {
                codes.add(code.clone());
                return;
            }
            for (int colour = 1; colour <= colors; colour++) {
                code[at] = colour;
                add(code, at + 1);
            }
        }

        private int score(int[] a, int[] b) {
            int black = 0;
            int[] inA = new int[colors + 1];
            int[] inB = new int[colors + 1];
            for (int p = 0; p < a.length; p++) {
                if (a[p] == b[p]) {
                    black++;
                }
                inA[a[p]]++;
                inB[b[p]]++;
            }
            int common = 0;
            for (int colour = 1; colour <= colors; colour++) {
                common += Math.min(inA[colour], inB[colour]);
            }
            return black * 16 + common - black;
        }

        /** The scores of code g against every code. */
        byte[] row(int g) {
            if (rows[g] == null) {
                rows[g] = new byte[codes.size()];
                for (int s = 0; s < codes.size(); s++) {
                    rows[g][s] = (byte) score(codes.get(g), codes.get(s));
                }
            }
            return rows[g];
        }

        /** Knuth's guess for the secrets still possible, by their indexes. */
        int decide(int[] possible) {
            if (possible.length == 1) {
                return possible[0];
            }
            boolean[] candidate = new boolean[codes.size()];
            for (int s : possible) {
                candidate[s] = true;
            }
            int best = -1;
            int bestWorst = Integer.MAX_VALUE;
            boolean bestCandidate = false;
            int[] parts = new int[256];
            for (int g = 0; g < codes.size(); g++) {
                byte[] row = row(g);
                Arrays.fill(parts, 0);
                int worst = 0;
                for (int s : possible) {
                    worst = Math.max(worst, ++parts[row[s]]);
                }
                if (worst < bestWorst || (worst == bestWorst && candidate[g] && !bestCandidate)) {
                    best = g;
                    bestWorst = worst;
                    bestCandidate = candidate[g];
                }
            }
            return best;
        }
    }

    private static final Map<String, Rules> KEPT = new HashMap<>();

    private final Rules rules;
    private int[] possible;
    private String history = "";
    private int last = -1;

    CodeBreaker(int colors, int width, int turns) {
        rules = KEPT.computeIfAbsent(colors + "," + width, key -> new Rules(colors, width));
        possible = new int[rules.codes.size()];
        for (int i = 0; i < possible.length; i++) {
            possible[i] = i;
        }
    }

    int[] guess() {
        last = rules.decided.computeIfAbsent(history, h -> rules.decide(possible));
        return rules.codes.get(last).clone();
    }

    void feedback(int black, int white, Grade grade) {
        if (grade != Grade.CONTINUE) {
            return;
        }
        int fb = black * 16 + white;
        byte[] row = rules.row(last);
        possible = Arrays.stream(possible).filter(s -> row[s] == fb).toArray();
        history += fb + ",";
    }
}
