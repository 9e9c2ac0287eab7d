package org.ccopt.cli;

import picocli.CommandLine.Option;

/** The router options shared by the commands that run the flit simulator (a picocli mixin). */
final class RouterOptions {

    @Option(names = "--vcs", defaultValue = "3", description = "Virtual channels per port (default: ${DEFAULT-VALUE}).")
    int vcs;

    @Option(names = "--buffer", defaultValue = "4", description = "Flits per VC buffer (default: ${DEFAULT-VALUE}).")
    int buffer;

    @Option(names = "--vc-select", defaultValue = "C00", description = "VC selection scheme C00..C09 for every port (default: ${DEFAULT-VALUE}).")
    String vcSelect;
}
