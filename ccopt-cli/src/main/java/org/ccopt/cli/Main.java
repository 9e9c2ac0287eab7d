package org.ccopt.cli;

import java.io.IOException;
import java.io.InputStream;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Properties;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutionException;
import org.ccopt.InvalidInputException;
import org.ccopt.util.AtomicFiles;
import org.ccopt.util.Workers;
import picocli.CommandLine;
import picocli.CommandLine.Command;

/**
 * The {@code ccopt} command. {@link #run} is the testable entry point: it returns the exit code (0 success,
 * 2 bad input with one line on stderr, 1 internal error) and never calls {@code System.exit}. Its commands are added by
 * name from {@code COMMANDS}, not declared in the annotation, so that a short command builds only its own.
 */
@Command(name = "ccopt", mixinStandardHelpOptions = true, versionProvider = Main.Version.class,
        description = "Collective communication on interconnection networks: evaluate a collective on a network with "
                + "the right model, and search for a better schedule, node mapping, rank placement or injection plan.",
        footer = {"", "Also: './ccopt spark FILE --out DIR [--master URL]' runs an experiment file on Apache Spark "
                + "(a module of its own; './ccopt spark --help'), and './ccopt daemon start|stop|status' keeps one JVM "
                + "running for the commands run from the working directory (README)."})
public final class Main implements Runnable {

    public static final int OK = org.ccopt.experiments.Commands.OK;
    public static final int INTERNAL_ERROR = org.ccopt.experiments.Commands.INTERNAL_ERROR;
    public static final int BAD_INPUT = org.ccopt.experiments.Commands.BAD_INPUT;

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public void run() {
        spec.commandLine().usage(spec.commandLine().getOut());
    }

    public static void main(String[] args) {
        System.exit(run(System.out, System.err, args));
    }

    public static int run(PrintStream out, PrintStream err, String... args) {
        Elapsed busy = showsElapsed(out, args) ? Elapsed.start(args[0], err) : null;
        long started = System.nanoTime();
        // redirected, a long command says it is alive once a minute (schedule says more: its solver's latest line)
        Heartbeat beat = out == System.out && System.console() == null && args.length > 0 && LONG_RUNNING.contains(args[0])
                && !args[0].equals("schedule") && !asksHelp(args) ? Heartbeat.every(Heartbeat.seconds, () -> {
                    err.println("ccopt " + args[0] + ": running, " + ResumableRun.clock((System.nanoTime() - started) / 1e9));
                    err.flush();
                }) : null;
        try (busy; beat) {
            return run(newCommandLine(args), busy == null ? out : busy.erasingBefore(out),
                    busy == null ? err : busy.erasingBefore(err), args);
        }
    }

    /** One configured command tree per thread, for {@link #runReusing}. */
    private static final ThreadLocal<CommandLine> REUSED = ThreadLocal.withInitial(Main::fullCommandLine);

    /**
     * {@link #run}, reusing this thread's command tree instead of building one (picocli's reflection over every
     * command costs about 3 ms, as much as a small simulation): for the runs of an experiment. picocli resets every
     * option to its initial value before each parse, so a run sees only its own arguments (tested against {@link #run}).
     */
    static int runReusing(java.io.OutputStream out, java.io.OutputStream err, String... args) {
        return run(REUSED.get(), out, err, args);
    }

    /** {@code text} where it is written in ASCII; a conversion error naming it otherwise. */
    private static String ascii(String text) {
        for (int i = 0; i < text.length(); i++) {
            if (text.charAt(i) > 127) {
                throw new CommandLine.TypeConversionException("'" + text + "' is not a number in ASCII digits");
            }
        }
        return text;
    }

    /**
     * Every command, by the name its {@code @Command} gives it (a test checks that they agree), in the order of the
     * help's list. Class literals, not the annotations: reading 21 annotations cost a short command about 70 ms.
     */
    private static final java.util.Map<String, Class<?>> COMMANDS = commands();

    private static java.util.Map<String, Class<?>> commands() {
        java.util.Map<String, Class<?>> byName = new java.util.LinkedHashMap<>();
        byName.put("topo", TopoCommand.class);
        byName.put("bounds", BoundsCommand.class);
        byName.put("hops", HopsCommand.class);
        byName.put("routes", RoutesCommand.class);
        byName.put("traffic", TrafficCommand.class);
        byName.put("sim", SimCommand.class);
        byName.put("nodemap", NodemapCommand.class);
        byName.put("cupstack", CupstackCommand.class);
        byName.put("joint", JointCommand.class);
        byName.put("cupstack-sweep", CupstackSweepCommand.class);
        byName.put("calibrate", CalibrateCommand.class);
        byName.put("rank", RankCommand.class);
        byName.put("analyze", AnalyzeCommand.class);
        byName.put("msgsim", MsgsimCommand.class);
        byName.put("schedule", ScheduleCommand.class);
        byName.put("run", RunCommand.class);
        byName.put("table", TableCommand.class);
        byName.put("report", ReportCommand.class);
        byName.put("demo", DemoCommand.class);
        byName.put("generate-completion", CompletionCommand.class);
        byName.put("help", CommandLine.HelpCommand.class);
        return java.util.Collections.unmodifiableMap(byName);
    }

    /** The command classes by name ({@link #COMMANDS}), for the test that checks them against their annotations. */
    static java.util.Map<String, Class<?>> commandClasses() {
        return COMMANDS;
    }

    /** The whole command tree, unconfigured: every command under the root, for tests and the experiment runner. */
    static CommandLine commandTree() {
        CommandLine cli = new CommandLine(new Main());
        COMMANDS.forEach((name, c) -> cli.addSubcommand(name, command(c)));
        return cli;
    }

    /**
     * A command's own CommandLine (not the bare object: picocli's addSubcommand(String, Object) leaves out what the
     * command's model transformer adds, the router readings' options).
     */
    private static CommandLine command(Class<?> c) {
        try {
            return new CommandLine(c.getDeclaredConstructor().newInstance());
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException("cannot create the command " + c.getName(), e);
        }
    }

    /**
     * The command tree that {@code args} needs: the root with only the command named first (and none for
     * {@code --version}), since picocli's reflection over all 21 commands takes most of a short command's CPU time
     * (docs/decisions/startup.md); the whole tree where the arguments name no single command (help, completion, an
     * unknown name), so that help and picocli's suggestions see every command.
     */
    private static CommandLine newCommandLine(String... args) {
        String first = args.length == 0 ? null : args[0];
        boolean one = COMMANDS.containsKey(first) && !first.equals("help") && !first.equals("generate-completion");
        if (!one && !"--version".equals(first) && !"-V".equals(first)) {
            return fullCommandLine();
        }
        CommandLine cli = new CommandLine(new Main());
        if (one) {
            cli.addSubcommand(first, command(COMMANDS.get(first)));
        }
        return configured(cli);
    }

    private static CommandLine fullCommandLine() {
        return configured(commandTree());
    }

    /** Converters and handlers, registered once every command of the tree is in it (picocli copies them down). */
    private static CommandLine configured(CommandLine cli) {
        CommandLine topo = cli.getSubcommands().get("topo");
        if (topo != null) {
            topo.getCommandSpec().usageMessage().footer(TopoCommand.specHelp().replace("%", "%%"));
        }
        // an empty path would mean the working directory (and its parent for a file's temporary sibling)
        cli.registerConverter(Path.class, text -> {
            if (text.isBlank()) {
                throw new CommandLine.TypeConversionException("an empty path; expected a file or directory name");
            }
            return Path.of(text);
        });
        // Java's number parsers take any Unicode digit ('\u0664' reads as 4); a command line's numbers are ASCII
        cli.registerConverter(Integer.class, text -> Integer.valueOf(ascii(text)));
        cli.registerConverter(int.class, text -> Integer.valueOf(ascii(text)));
        cli.registerConverter(Long.class, text -> Long.valueOf(ascii(text)));
        cli.registerConverter(long.class, text -> Long.valueOf(ascii(text)));
        cli.setExecutionStrategy(parsed -> {
            checkParsedValues(parsed);
            try {
                return new CommandLine.RunLast().execute(parsed);
            } finally {
                ResumableRun.releaseHeld(); // an --out directory stays locked until its last output is written
            }
        });
        cli.setParameterExceptionHandler((ex, a) -> {
            String where = ex.getCommandLine().getCommandName();
            ex.getCommandLine().getErr().println("ccopt: " + unmatched(ex).orElse(firstLine(ex.getMessage())) + " (see 'ccopt "
                    + ("ccopt".equals(where) ? "" : where + " ") + "--help')");
            return BAD_INPUT;
        });
        cli.setExecutionExceptionHandler((ex, line, parsed) -> failure(ex, line, line.getErr()));
        return cli;
    }

    /**
     * An unknown command or option named with the nearest names (fewest edits, at most a third of the name, or a name it
     * begins with): "unknown command 'simulate'; did you mean sim?", "unknown option '--trafic'; did you mean
     * --traffic?". Empty for other parse errors.
     */
    private static java.util.Optional<String> unmatched(CommandLine.ParameterException ex) {
        if (!(ex instanceof CommandLine.UnmatchedArgumentException u) || u.getUnmatched().isEmpty()) {
            return java.util.Optional.empty();
        }
        String first = u.getUnmatched().get(0);
        boolean command = ex.getCommandLine().getParent() == null && !first.startsWith("-");
        if (!command && !u.isUnknownOption()) {
            return java.util.Optional.empty(); // a stray value: picocli's own words name it
        }
        String name = first.contains("=") && !command ? first.substring(0, first.indexOf('=')) : first;
        java.util.Collection<String> names = command ? ex.getCommandLine().getSubcommands().keySet()
                : ex.getCommandLine().getCommandSpec().options().stream().map(o -> o.longestName()).toList();
        int best = Math.max(1, name.length() / 3) + 1;
        List<String> near = new java.util.ArrayList<>();
        for (String candidate : new java.util.TreeSet<>(names)) {
            String bare = candidate.replaceFirst("^-+", "");
            boolean prefix = bare.length() >= 3 && name.replaceFirst("^-+", "").startsWith(bare); // simulate: sim
            int d = prefix ? 1 : edits(name, candidate);
            if (d < best) {
                best = d;
                near.clear();
            }
            if (d == best) {
                near.add(candidate);
            }
        }
        return java.util.Optional.of("unknown " + (command ? "command" : "option") + " '" + name + "'"
                + (near.isEmpty() ? "" : "; did you mean " + String.join(" or ", near) + "?"));
    }

    /** The Levenshtein distance of two names: the fewest insertions, deletions and substitutions between them. */
    static int edits(String a, String b) {
        int[] row = new int[b.length() + 1];
        for (int j = 0; j <= b.length(); j++) {
            row[j] = j;
        }
        for (int i = 1; i <= a.length(); i++) {
            int diagonal = row[0];
            row[0] = i;
            for (int j = 1; j <= b.length(); j++) {
                int above = row[j];
                row[j] = Math.min(Math.min(row[j] + 1, row[j - 1] + 1), diagonal + (a.charAt(i - 1) == b.charAt(j - 1) ? 0 : 1));
                diagonal = above;
            }
        }
        return row[b.length()];
    }

    /**
     * A command's failure as one line on {@code e} and its exit code: bad input (2) where the cause is an {@link
     * InvalidInputException} (its parameter named as {@code line}'s option), a deadlock, an I/O error or a run too large
     * for the JVM; an internal error (1) otherwise.
     */
    static int failure(Throwable ex, CommandLine line, PrintWriter e) {
        Throwable cause = ex;
        while ((cause instanceof UncheckedIOException || cause instanceof ExecutionException
                || cause instanceof CompletionException) && cause.getCause() != null) {
            cause = cause.getCause();
        }
        if (cause instanceof InvalidInputException bad) {
            e.println("ccopt: " + firstLine(asOption(bad, line)));
            return BAD_INPUT;
        }
        if (cause instanceof org.ccopt.flitsim.net.DeadlockException deadlock) {
            e.println("ccopt: " + firstLine(deadlock.getMessage()) + (deadlock.readings().isEmpty() ? ""
                    : "; the router readings " + String.join(", ", deadlock.readings()) + " do not guarantee freedom"
                    + " from deadlock; choose others or a preset (--model)"));
            return BAD_INPUT;
        }
        if (cause instanceof IOException) {
            e.println("ccopt: I/O error: " + ioReason((IOException) cause));
            return BAD_INPUT;
        }
        if (cause instanceof OutOfMemoryError || cause instanceof StackOverflowError) {
            e.println(tooBig(cause));
            return BAD_INPUT;
        }
        e.println("ccopt: internal error: " + cause);
        return INTERNAL_ERROR;
    }

    /**
     * Options that take a count of threads: every command's, checked here once against {@link Workers#MAX_THREADS}
     * (with the values of flags, which picocli would read "--json=" as false).
     */
    private static final String THREAD_OPTION = "--threads";

    private static void checkParsedValues(CommandLine.ParseResult parsed) {
        CommandLine.ParseResult p = parsed;
        while (p.subcommand() != null) {
            p = p.subcommand();
        }
        // picocli reads a flag's empty attached value ("--json=") as false: refused, it says neither
        for (String a : parsed.originalArgs()) {
            int eq = a.indexOf('=');
            CommandLine.Model.OptionSpec o = a.startsWith("--") && eq == a.length() - 1
                    ? p.commandSpec().findOption(a.substring(0, eq)) : null;
            if (o != null && (o.type() == Boolean.class || o.type() == Boolean.TYPE)) {
                throw new CommandLine.ParameterException(p.commandSpec().commandLine(), a + " has an empty value; "
                        + "expected " + a.substring(0, eq) + " alone, or =true or =false");
            }
        }
        for (CommandLine.Model.OptionSpec o : p.matchedOptions()) {
            requireFolder(p, o);
            if (THREAD_OPTION.equals(o.longestName()) && o.getValue() instanceof Integer n) {
                try {
                    Workers.check(o.longestName().substring(2), n);
                } catch (InvalidInputException e) {
                    throw new CommandLine.ParameterException(p.commandSpec().commandLine(), "--" + e.getMessage());
                }
            }
        }
    }

    /**
     * Refuses a file to write ({@link Output}, a FILE option) whose folder does not exist: ccopt creates the file, never
     * the folders a mistyped path names. A folder option (--out DIR) is created, and the runs of an experiment write
     * where {@code ccopt run} puts them.
     */
    private static void requireFolder(CommandLine.ParseResult p, CommandLine.Model.OptionSpec o) {
        if (o.userObject() instanceof java.lang.reflect.Field f && f.isAnnotationPresent(Output.class)
                && o.paramLabel().startsWith("FILE") && o.getValue() instanceof Path file && !AtomicFiles.isConfined()) {
            Path folder = file.toAbsolutePath().normalize().getParent();
            if (folder != null && !Files.isDirectory(folder)) {
                throw new CommandLine.ParameterException(p.commandSpec().commandLine(), o.longestName() + " " + file
                        + ": the folder " + folder + (Files.exists(folder) ? " exists and is not a directory"
                        : " does not exist") + "; expected a file in an existing folder (ccopt creates the file, not "
                        + "its folders)");
            }
        }
    }

    private static int run(CommandLine cli, java.io.OutputStream out, java.io.OutputStream err, String... args) {
        PrintWriter o = new PrintWriter(new java.io.OutputStreamWriter(out, StandardCharsets.UTF_8), true);
        PrintWriter e = new PrintWriter(new java.io.OutputStreamWriter(err, StandardCharsets.UTF_8), true);
        cli.setOut(o);
        cli.setErr(e);
        int code;
        try {
            code = cli.execute(args);
        } catch (OutOfMemoryError | StackOverflowError x) {
            e.println(tooBig(x));
            code = BAD_INPUT;
        }
        o.flush();
        e.flush();
        return code;
    }

    /** Commands that may run for minutes without a count of their own to show. */
    private static final java.util.Set<String> LONG_RUNNING = java.util.Set.of("analyze", "rank", "msgsim", "schedule",
            "hops", "sim");

    /**
     * Whether to show {@link Elapsed} on stderr: the process's own terminal (not a run inside {@code ccopt run}, whose
     * streams are captured), a long-running command, no {@code --json} and no help.
     */
    private static boolean showsElapsed(PrintStream out, String... args) {
        if (out != System.out || System.console() == null || args.length == 0 || !LONG_RUNNING.contains(args[0])) {
            return false;
        }
        return !asksHelp(args) && !java.util.Arrays.asList(args).contains("--json");
    }

    /** Whether a command line asks for the usage or the version, which print at once. */
    private static boolean asksHelp(String... args) {
        for (String a : args) {
            if (a.equals("--help") || a.equals("-h") || a.equals("--version") || a.equals("-V")) {
                return true;
            }
        }
        return false;
    }

    /** One line for a run that needed more memory (or a deeper stack) than the JVM has. */
    static String tooBig(Throwable x) {
        return "ccopt: the input is too large for this JVM (" + (x instanceof OutOfMemoryError ? "out of memory: "
                + firstLine(x.getMessage()) : "stack overflow") + "); use a smaller input, or give Java more with "
                + "CCOPT_JAVA_OPTS=-Xmx<size> (or -Xss<size>)";
    }

    /** What an I/O error says: the file and the reason (the JDK often gives only the path). */
    static String ioReason(IOException x) {
        if (x instanceof com.fasterxml.jackson.core.JsonProcessingException) { // its message quotes the file
            return "a file could not be parsed" + org.ccopt.util.InputFiles.where(x);
        }
        String what = x.getClass().getSimpleName().replace("Exception", "");
        String msg = firstLine(String.valueOf(x.getMessage()));
        if (x instanceof FileSystemException f) {
            String reason = f.getReason() != null ? f.getReason() : switch (what) {
                case "AccessDenied" -> "permission denied";
                case "NoSuchFile" -> "no such file or directory";
                case "FileAlreadyExists" -> "exists and is not a directory";
                case "NotDirectory" -> "not a directory";
                case "DirectoryNotEmpty" -> "directory not empty";
                case "ReadOnlyFileSystem" -> "read-only file system";
                default -> what;
            };
            return f.getFile() + (f.getOtherFile() != null ? " -> " + f.getOtherFile() : "") + ": " + reason;
        }
        return msg;
    }

    /**
     * The message of a library error in the command line's words: one that starts with a parameter the command takes
     * as an option ("population 1 is invalid") names the option ("--population 1 is invalid").
     */
    static String asOption(InvalidInputException bad, CommandLine line) {
        String p = bad.parameter();
        if (p != null && line != null && line.getCommandSpec().findOption("--" + p) != null) {
            return "--" + bad.getMessage();
        }
        return bad.getMessage();
    }

    static String firstLine(String s) {
        return org.ccopt.experiments.Commands.firstLine(s);
    }

    /** Reads the version Maven filtered into {@code ccopt-version.properties}. */
    static final class Version implements CommandLine.IVersionProvider {
        @Override
        public String[] getVersion() throws IOException {
            Properties p = new Properties();
            try (InputStream in = Main.class.getResourceAsStream("/ccopt-version.properties")) {
                if (in != null) {
                    p.load(in);
                }
            }
            return new String[] {"ccopt " + p.getProperty("version", "unknown"),
                "Java " + System.getProperty("java.version")};
        }
    }
}
