import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Function;

/** The reply to each request, from Mastermind.java; a new game replaces the last. */
public class Answer implements Function<Map<String, Object>, Map<String, Object>> {
    private Mastermind game;
    private Mastermind before; // the game the last score was given, which score leaves as it was

    @Override
    public Map<String, Object> apply(Map<String, Object> request) {
        Map<String, Object> reply = new LinkedHashMap<>();
        reply.put("id", request.get("id"));
        try {
            switch ((String) request.get("op")) {
                case "new" -> game = new Mastermind((int) request.get("colors"), (int) request.get("width"),
                        (int) request.get("turns"), code(request.get("secret")));
                case "score" -> {
                    Mastermind.Score score = game().score(code(request.get("guess")));
                    before = game;
                    game = score.game();
                    reply.put("grade", score.grade().name().toLowerCase(Locale.ROOT));
                    reply.put("black", score.black());
                    reply.put("white", score.white());
                }
                case "back" -> game = before;
                case "turns_left" -> reply.put("turns_left", game().turnsLeft());
                case "guesses" -> reply.put("guesses", game().guesses());
                default -> reply.put("error", "unknown op " + request.get("op"));
            }
        } catch (Mastermind.Refused refused) {
            reply.put("error", refused.getMessage());
        }
        return reply;
    }

    /** The game being played: there is none only while new is not written yet. */
    private Mastermind game() {
        if (game == null) {
            throw new UnsupportedOperationException("no game: new is not written yet");
        }
        return game;
    }

    /** A code as the request has it, a JSON array of colours. */
    private static int[] code(Object pegs) {
        return ((List<?>) pegs).stream().mapToInt(peg -> (int) peg).toArray();
    }
}
