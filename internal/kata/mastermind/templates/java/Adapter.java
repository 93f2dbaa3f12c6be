import java.io.BufferedReader;
import java.io.ByteArrayOutputStream;
import java.io.FileDescriptor;
import java.io.FileOutputStream;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.io.OutputStreamWriter;
import java.io.Writer;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Stream;
import javax.tools.FileObject;
import javax.tools.ForwardingJavaFileManager;
import javax.tools.JavaCompiler;
import javax.tools.JavaFileManager;
import javax.tools.JavaFileObject;
import javax.tools.SimpleJavaFileObject;
import javax.tools.StandardJavaFileManager;
import javax.tools.ToolProvider;

/**
 * The katas protocol, version 2: kata run talks to Mastermind.java through this loop.
 *
 * <p>Run it as {@code java Adapter.java}: Java compiles this file alone, so it compiles the
 * other .java files beside it itself, every run, in memory — yours, and Answer.java, which
 * turns each request into a call to your code and its reply — and shows the compiler's errors,
 * if any, before it greets the runner. This file reads the requests and writes the replies.
 *
 * <p>Standard output is the runner's: System.out goes to standard error, which the runner shows
 * when something goes wrong. An UnsupportedOperationException that your code throws says that a
 * method is not written yet; any other exception is a bug, which stops the adapter so that the
 * runner shows its stack trace.
 */
public class Adapter {
    private static final String KATA = "mastermind";

    public static void main(String[] args) throws Exception {
        Function<Map<String, Object>, Map<String, Object>> answer = compile();
        Writer out = new OutputStreamWriter(new FileOutputStream(FileDescriptor.out), StandardCharsets.UTF_8);
        System.setOut(System.err);
        out.write("{\"protocol\":\"katas\",\"version\":2,\"kata\":\"" + KATA + "\"}\n");
        out.flush();
        // The requests that have come, a line each, answered in order. The replies are written,
        // and flushed, once every request that has come is answered — and at least every tenth
        // of a second while they are, so that the runner sees a slow answer at work — and even
        // when one crashes.
        BufferedReader in = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8), 1 << 16);
        StringBuilder replies = new StringBuilder();
        long sent = System.nanoTime();
        try {
            for (String line; (line = in.readLine()) != null; ) {
                Map<String, Object> request = Json.object(line);
                Map<String, Object> reply;
                try {
                    reply = answer.apply(request);
                } catch (UnsupportedOperationException e) {
                    if (!thrownByYourCode(e)) {
                        throw e;
                    }
                    reply = new LinkedHashMap<>();
                    reply.put("id", request.get("id"));
                    reply.put("error", "not implemented");
                }
                Json.write(replies, reply);
                replies.append('\n');
                if (!in.ready() || System.nanoTime() - sent > 100_000_000) {
                    sent = send(out, replies);
                }
            }
        } finally {
            send(out, replies);
        }
    }

    /** Writes the replies made so far, flushes them, and says when. */
    private static long send(Writer out, StringBuilder replies) throws IOException {
        out.append(replies).flush();
        replies.setLength(0);
        return System.nanoTime();
    }

    /**
     * Whether e says a method is not written yet: thrown by your code, not by the JDK's (a
     * List.of(…).add(…) throws one too, and that is a bug).
     */
    private static boolean thrownByYourCode(UnsupportedOperationException e) {
        StackTraceElement[] trace = e.getStackTrace();
        return trace.length > 0 && trace[0].getModuleName() == null;
    }

    /**
     * Compiles every other .java file in this file's folder, in memory, and returns a new
     * Answer; on a compile error it exits, the compiler's messages on standard error.
     */
    @SuppressWarnings("unchecked")
    private static Function<Map<String, Object>, Map<String, Object>> compile() throws Exception {
        Path adapter = Path.of(Adapter.class.getProtectionDomain().getCodeSource().getLocation().toURI());
        List<Path> sources = new ArrayList<>();
        try (Stream<Path> files = Files.list(adapter.getParent())) {
            files.filter(p -> p.toString().endsWith(".java") && !p.equals(adapter)).forEach(sources::add);
        }
        JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
        StandardJavaFileManager files = javac.getStandardFileManager(null, null, StandardCharsets.UTF_8);
        Map<String, ByteArrayOutputStream> classes = new HashMap<>();
        JavaFileManager memory = new ForwardingJavaFileManager<>(files) {
            @Override
            public JavaFileObject getJavaFileForOutput(Location where, String name, JavaFileObject.Kind kind, FileObject from) {
                return new SimpleJavaFileObject(URI.create("memory:///" + name + kind.extension), kind) {
                    @Override
                    public OutputStream openOutputStream() {
                        return classes.computeIfAbsent(name, n -> new ByteArrayOutputStream());
                    }
                };
            }
        };
        List<String> options = List.of("-proc:none", "-implicit:none", "-Xlint:none", "-encoding", "UTF-8");
        if (!javac.getTask(null, memory, null, options, null, files.getJavaFileObjectsFromPaths(sources)).call()) {
            System.exit(1);
        }
        ClassLoader loader = new ClassLoader(Adapter.class.getClassLoader()) {
            @Override
            protected Class<?> findClass(String name) throws ClassNotFoundException {
                ByteArrayOutputStream bytes = classes.get(name);
                if (bytes == null) {
                    throw new ClassNotFoundException(name);
                }
                return defineClass(name, bytes.toByteArray(), 0, bytes.size());
            }
        };
        return (Function<Map<String, Object>, Map<String, Object>>) loader.loadClass("Answer").getDeclaredConstructor().newInstance();
    }

    /**
     * The protocol's JSON: a request is an object of strings, integers, booleans, null and
     * arrays of those; a reply is written from a map of the same, or of int arrays.
     */
    private static final class Json {
        private final String text;
        private int at;

        private Json(String text) {
            this.text = text;
        }

        @SuppressWarnings("unchecked")
        static Map<String, Object> object(String line) {
            Json json = new Json(line);
            Object value = json.value();
            json.space();
            if (!(value instanceof Map) || json.at != line.length()) {
                throw new IllegalArgumentException("not a JSON object: " + line);
            }
            return (Map<String, Object>) value;
        }

        private Object value() {
            space();
            char c = peek();
            if (c == '{') {
                Map<String, Object> object = new LinkedHashMap<>();
                at++;
                if (!skip('}')) {
                    do {
                        space();
                        String key = string();
                        space();
                        expect(':');
                        object.put(key, value());
                        space();
                    } while (skip(','));
                    expect('}');
                }
                return object;
            }
            if (c == '[') {
                List<Object> array = new ArrayList<>();
                at++;
                space();
                if (!skip(']')) {
                    do {
                        array.add(value());
                        space();
                    } while (skip(','));
                    expect(']');
                }
                return array;
            }
            if (c == '"') {
                return string();
            }
            for (String word : new String[] {"true", "false", "null"}) {
                if (text.startsWith(word, at)) {
                    at += word.length();
                    return word.equals("null") ? null : Boolean.valueOf(word);
                }
            }
            int start = at;
            while (at < text.length() && "+-0123456789.eE".indexOf(text.charAt(at)) >= 0) {
                at++;
            }
            String number = text.substring(start, at);
            if (number.isEmpty()) {
                throw new IllegalArgumentException("not JSON at column " + (start + 1) + ": " + text);
            }
            return number.matches("-?\\d+") ? (Object) Integer.valueOf(number) : (Object) Double.valueOf(number);
        }

        private String string() {
            expect('"');
            StringBuilder s = new StringBuilder();
            for (char c; (c = next()) != '"'; ) {
                if (c != '\\') {
                    s.append(c);
                    continue;
                }
                char escaped = next();
                switch (escaped) {
                    case 'b' -> s.append('\b');
                    case 'f' -> s.append('\f');
                    case 'n' -> s.append('\n');
                    case 'r' -> s.append('\r');
                    case 't' -> s.append('\t');
                    case 'u' -> {
                        s.append((char) Integer.parseInt(text.substring(at, at + 4), 16));
                        at += 4;
                    }
                    default -> s.append(escaped); // \" \\ \/
                }
            }
            return s.toString();
        }

        private void space() {
            while (at < text.length() && Character.isWhitespace(text.charAt(at))) {
                at++;
            }
        }

        private char peek() {
            if (at >= text.length()) {
                throw new IllegalArgumentException("JSON cut short: " + text);
            }
            return text.charAt(at);
        }

        private char next() {
            char c = peek();
            at++;
            return c;
        }

        private boolean skip(char c) {
            if (at < text.length() && text.charAt(at) == c) {
                at++;
                return true;
            }
            return false;
        }

        private void expect(char c) {
            if (!skip(c)) {
                throw new IllegalArgumentException("want " + c + " at column " + (at + 1) + ": " + text);
            }
        }

        static void write(StringBuilder out, Object value) {
            if (value instanceof Map<?, ?> map) {
                out.append('{');
                String comma = "";
                for (Map.Entry<?, ?> entry : map.entrySet()) {
                    out.append(comma);
                    write(out, entry.getKey().toString());
                    out.append(':');
                    write(out, entry.getValue());
                    comma = ",";
                }
                out.append('}');
            } else if (value instanceof int[] ints) {
                write(out, java.util.Arrays.stream(ints).boxed().toList());
            } else if (value instanceof Iterable<?> items) {
                out.append('[');
                String comma = "";
                for (Object item : items) {
                    out.append(comma);
                    write(out, item);
                    comma = ",";
                }
                out.append(']');
            } else if (value instanceof CharSequence s) {
                out.append('"');
                s.chars().forEach(c -> {
                    if (c == '"' || c == '\\') {
                        out.append('\\').append((char) c);
                    } else if (c < 0x20) {
                        out.append(String.format("\\u%04x", c));
                    } else {
                        out.append((char) c);
                    }
                });
                out.append('"');
            } else {
                out.append(value); // a number, a boolean or null
            }
        }
    }
}
