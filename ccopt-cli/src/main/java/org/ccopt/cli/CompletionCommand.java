package org.ccopt.cli;

import java.util.concurrent.Callable;
import picocli.AutoComplete;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

/**
 * {@code ccopt generate-completion}: the Bash (and zsh) completion script of every command, by picocli's
 * {@link AutoComplete}. It takes no argument, so a stray one is refused with one line rather than ignored.
 */
@Command(name = "generate-completion", mixinStandardHelpOptions = true,
        description = "Print the Bash/zsh completion script: source <(./ccopt generate-completion)")
final class CompletionCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() {
        var w = spec.commandLine().getOut();
        w.println(AutoComplete.bash(spec.root().name(), spec.root().commandLine()));
        w.flush();
        return Main.OK;
    }
}
