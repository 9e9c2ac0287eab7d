package org.ccopt.cli;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Marks an option whose value is a path the command writes (a file or a directory). An experiment file may name such
 * a path only inside its output directory: {@code ccopt run} refuses absolute paths and {@code ..}, and resolves the
 * rest against {@code --out}; Spark, whose executors cannot write beside the results, refuses them all.
 */
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.FIELD)
@interface Output {
}
