import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.function.Function;

/** The reply to each request, from CodeBreaker.java; a game is known by its number. */
public class Answer implements Function<Map<String, Object>, Map<String, Object>> {
    private final Map<Object, CodeBreaker> games = new HashMap<>();

    @Override
    public Map<String, Object> apply(Map<String, Object> request) {
        Map<String, Object> reply = new LinkedHashMap<>();
        reply.put("id", request.get("id"));
        Object game = request.get("game");
        switch ((String) request.get("op")) {
            case "new" -> games.put(game, new CodeBreaker((int) request.get("colors"), (int) request.get("width"),
                    (int) request.get("turns")));
            case "guess" -> reply.put("guess", games.get(game).guess());
            case "feedback" -> {
                CodeBreaker breaker = games.get(game);
                CodeBreaker.Grade grade = CodeBreaker.Grade.valueOf(((String) request.get("grade")).toUpperCase(Locale.ROOT));
                if (grade != CodeBreaker.Grade.CONTINUE) {
                    games.remove(game); // the game is over
                }
                breaker.feedback((int) request.get("black"), (int) request.get("white"), grade);
            }
            default -> reply.put("error", "unknown op " + request.get("op"));
        }
        return reply;
    }
}
