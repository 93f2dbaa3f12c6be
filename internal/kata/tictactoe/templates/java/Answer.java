import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.function.Function;

/**
 * The reply to each request, from StateOfTicTacToe.java. An IllegalArgumentException is the
 * refusal Exercism's exercise asks for; any other exception is a bug, which stops the adapter
 * so that the runner shows its stack trace.
 */
public class Answer implements Function<Map<String, Object>, Map<String, Object>> {
    @Override
    public Map<String, Object> apply(Map<String, Object> request) {
        Map<String, Object> reply = new LinkedHashMap<>();
        reply.put("id", request.get("id"));
        try {
            switch ((String) request.get("op")) {
                case "classify" -> {
                    String[] rows = ((List<?>) request.get("rows")).toArray(String[]::new);
                    GameState state = new StateOfTicTacToe().determineState(rows);
                    reply.put("state", state.name().toLowerCase(Locale.ROOT));
                }
                default -> reply.put("error", "unknown op " + request.get("op"));
            }
        } catch (IllegalArgumentException refused) {
            reply.put("error", Objects.requireNonNullElse(refused.getMessage(), refused.toString()));
        }
        return reply;
    }
}
