package org.ccopt;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * No two packages of ccopt's main sources depend on each other, directly or through others: the dependency graph of
 * every module's packages (from the imports and fully qualified names of the sources) has no cycle. Read from the
 * sources of all modules beside this one.
 */
class PackageCyclesTest {

    private static final Pattern PACKAGE = Pattern.compile("^package ([\\w.]+);", Pattern.MULTILINE);
    private static final Pattern REFERENCE = Pattern.compile("\\b(org\\.ccopt(?:\\.[a-z]\\w*)*)\\.[A-Z]\\w*");

    static Map<String, Set<String>> dependencies(Path root) throws IOException {
        Map<String, Set<String>> edges = new TreeMap<>();
        try (Stream<Path> modules = Files.list(root)) {
            for (Path module : modules.filter(m -> m.getFileName().toString().startsWith("ccopt-")).toList()) {
                Path sources = module.resolve("src/main/java");
                if (!Files.isDirectory(sources)) {
                    continue;
                }
                try (Stream<Path> files = Files.walk(sources)) {
                    files.filter(f -> f.toString().endsWith(".java")).forEach(f -> {
                        try {
                            String text = Files.readString(f);
                            Matcher p = PACKAGE.matcher(text);
                            if (!p.find()) {
                                return;
                            }
                            Set<String> out = edges.computeIfAbsent(p.group(1), k -> new TreeSet<>());
                            Matcher r = REFERENCE.matcher(text);
                            while (r.find()) {
                                if (!r.group(1).equals(p.group(1))) {
                                    out.add(r.group(1));
                                }
                            }
                        } catch (IOException e) {
                            throw new UncheckedIOException(e);
                        }
                    });
                }
            }
        }
        return edges;
    }

    /** The strongly connected components of more than one package (Tarjan's algorithm, iteratively). */
    static List<Set<String>> cycles(Map<String, Set<String>> edges) {
        Map<String, Integer> index = new HashMap<>();
        Map<String, Integer> low = new HashMap<>();
        Deque<String> stack = new ArrayDeque<>();
        Set<String> onStack = new TreeSet<>();
        List<Set<String>> found = new ArrayList<>();
        int[] next = {0};
        for (String start : edges.keySet()) {
            if (!index.containsKey(start)) {
                strongConnect(start, edges, index, low, stack, onStack, found, next);
            }
        }
        return found;
    }

    private static void strongConnect(String v, Map<String, Set<String>> edges, Map<String, Integer> index,
                                      Map<String, Integer> low, Deque<String> stack, Set<String> onStack,
                                      List<Set<String>> found, int[] next) {
        index.put(v, next[0]);
        low.put(v, next[0]++);
        stack.push(v);
        onStack.add(v);
        for (String w : edges.getOrDefault(v, Set.of())) {
            if (!index.containsKey(w)) {
                strongConnect(w, edges, index, low, stack, onStack, found, next);
                low.put(v, Math.min(low.get(v), low.get(w)));
            } else if (onStack.contains(w)) {
                low.put(v, Math.min(low.get(v), index.get(w)));
            }
        }
        if (low.get(v).equals(index.get(v))) {
            Set<String> component = new TreeSet<>();
            String w;
            do {
                w = stack.pop();
                onStack.remove(w);
                component.add(w);
            } while (!w.equals(v));
            if (component.size() > 1) {
                found.add(component);
            }
        }
    }

    @Test
    void theFinderFindsACycle() {
        Map<String, Set<String>> edges = Map.of("a", Set.of("b"), "b", Set.of("c"), "c", Set.of("a"), "d", Set.of("a"));
        assertThat(cycles(new TreeMap<>(edges))).containsExactly(new TreeSet<>(List.of("a", "b", "c")));
    }

    @Test
    void noPackagesDependOnEachOther() throws IOException {
        Map<String, Set<String>> edges = dependencies(Path.of("..").toAbsolutePath().normalize());
        assertThat(edges).containsKeys("org.ccopt.topology", "org.ccopt.topology.gen", "org.ccopt.topology.spec");
        assertThat(cycles(edges)).isEmpty();
    }
}
