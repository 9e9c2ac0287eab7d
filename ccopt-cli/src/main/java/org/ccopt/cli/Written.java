package org.ccopt.cli;

import java.io.PrintWriter;
import java.lang.reflect.Field;
import java.util.ArrayList;
import java.util.List;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;

/** The human-readable line naming the files a command wrote: the values of the {@link Output} options it was given. */
final class Written {

    private Written() {
    }

    /** Prints "  wrote A, B" for the given {@link Output} options of {@code spec}'s command; nothing when none was given. */
    static void print(PrintWriter w, CommandSpec spec) {
        List<String> files = new ArrayList<>();
        for (OptionSpec o : spec.commandLine().getParseResult().matchedOptions()) {
            if (o.userObject() instanceof Field f && f.isAnnotationPresent(Output.class) && o.getValue() != null) {
                files.add(String.valueOf((Object) o.getValue()));
            }
        }
        if (!files.isEmpty()) {
            w.println("  wrote " + String.join(", ", files));
        }
    }

    /** Refuses, before any work, a --picture name whose format no picture writer takes (PNG, SVG or PDF). */
    static void requirePictureFormat(java.nio.file.Path picture) {
        requirePictureFormat(picture, "--picture");
    }

    /** {@link #requirePictureFormat(java.nio.file.Path)} for a picture written under another option's name. */
    static void requirePictureFormat(java.nio.file.Path picture, String option) {
        if (picture != null && !picture.getFileName().toString().toLowerCase(java.util.Locale.ROOT).matches(".*\\.(png|svg|pdf)")) {
            throw new org.ccopt.InvalidInputException(option + " " + picture + " has an unknown format; expected a name "
                    + "ending in .png, .svg or .pdf");
        }
    }
}
