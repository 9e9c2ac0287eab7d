package org.ccopt.experiments;

import java.util.Iterator;
import java.util.List;
import java.util.ServiceLoader;
import java.util.Set;

/**
 * The commands an experiment file may run, as the engine sees them: it checks a command line before any run starts
 * and executes it in this JVM. The command-line interface provides the one implementation (registered with {@link
 * ServiceLoader}), so the engine, and Spark above it, never depend on the command line's classes.
 */
public interface Commands {

    /** Exit status of a command that succeeded. */
    int OK = 0;
    /** Exit status of a command that broke (a bug or an environment failure). */
    int INTERNAL_ERROR = 1;
    /** Exit status of a command that refused its input with one line. */
    int BAD_INPUT = 2;

    /** Names of the commands an experiment may run (each prints one JSON object with {@code --json}). */
    Set<String> names();

    /**
     * Parses a command line ({@code [command, --option, value, ...]}) as the command itself would, without running
     * it, and returns the long option names (without dashes) it matched whose values are paths the command writes,
     * each with the value the command line parser read for it (whatever form the line gave it in).
     *
     * @throws org.ccopt.InvalidInputException one line, when the command would refuse the line
     */
    java.util.Map<String, String> writtenOptions(List<String> commandLine);

    /**
     * Whether {@code --seed} applies to a command line that gives it: the runner gives each run of {@code seeds} its
     * seed only where the command draws from one (a deterministic pattern refuses it), so that one experiment may
     * sweep seeds over a grid that mixes random and deterministic runs. By default, everywhere.
     */
    default boolean seedApplies(List<String> commandLine) {
        return true;
    }

    /** Executes a command line in this JVM and returns its exit status and what it printed. */
    Execution execute(List<String> commandLine);

    /**
     * Executes a run given both as its parameters (the experiment's option names without dashes and their values,
     * {@code true}/{@code false} for flags) and as the command line they make; an implementation may run the
     * command's library job from the parameters without parsing the line. By default, the line.
     */
    default Execution execute(String command, java.util.Map<String, String> parameters, List<String> commandLine) {
        return execute(commandLine);
    }

    /**
     * What one command printed, and its exit status; {@code result} is the JSON object the command would have printed
     * with {@code --json}, handed over as a tree (stdout then holds no copy of it), so that the engine reads no text
     * back; null where the command failed.
     */
    record Execution(int exit, String stdout, String stderr, com.fasterxml.jackson.databind.JsonNode result) {

        /** An execution that handed over no result: a failure, with what it printed. */
        public Execution(int exit, String stdout, String stderr) {
            this(exit, stdout, stderr, null);
        }
    }

    /** The implementation on the class path (ccopt-cli's). */
    static Commands load() {
        Iterator<Commands> it = ServiceLoader.load(Commands.class, Commands.class.getClassLoader()).iterator();
        if (!it.hasNext()) {
            throw new IllegalStateException("no ccopt command set on the class path; add ccopt-cli to it");
        }
        return it.next();
    }

    /** The first line of a message (exception messages of parsers span several). */
    static String firstLine(String s) {
        if (s == null) {
            return "";
        }
        int nl = s.indexOf('\n');
        return nl < 0 ? s : s.substring(0, nl);
    }
}
