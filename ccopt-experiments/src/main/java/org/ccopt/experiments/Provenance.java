package org.ccopt.experiments;

import java.io.IOException;
import java.io.InputStream;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Properties;

/**
 * Where a result came from: the ccopt version, the git commit it was built from (with {@code -dirty} when the
 * checkout had uncommitted changes; {@code unknown} when it was not built from a checkout) and the JDK. Every JSON
 * result carries it as {@code provenance}, every row of {@code ccopt run} as {@code provenance.*} columns, and every
 * report shows it; the seed is a parameter of the result itself.
 */
public record Provenance(String ccopt, String commit, String jdk) {

    private static final Provenance CURRENT = read();

    /** This build's provenance (read once). */
    public static Provenance current() {
        return CURRENT;
    }

    private static Provenance read() {
        Properties p = new Properties();
        try (InputStream in = Provenance.class.getResourceAsStream("/ccopt-build.properties")) {
            if (in != null) {
                p.load(in);
            }
        } catch (IOException e) {
            // an unreadable resource leaves the fields unknown
        }
        String commit = known(p.getProperty("commit"));
        if (!commit.equals("unknown") && "true".equals(p.getProperty("dirty"))) {
            commit += "-dirty";
        }
        String jdk = System.getProperty("java.vm.vendor", "") + " " + System.getProperty("java.runtime.version",
                System.getProperty("java.version", "unknown"));
        return new Provenance(known(p.getProperty("version")), commit, jdk.strip());
    }

    /** A filtered property, or {@code unknown} where Maven left the placeholder (no git checkout). */
    private static String known(String value) {
        return value == null || value.isBlank() || value.startsWith("${") ? "unknown" : value;
    }

    /** The fields by name, in order, for JSON output. */
    public Map<String, String> asMap() {
        Map<String, String> m = new LinkedHashMap<>();
        m.put("ccopt", ccopt);
        m.put("commit", commit);
        m.put("jdk", jdk);
        return m;
    }

    /** One line for reports and logs. */
    public String line() {
        return "ccopt " + ccopt + " (commit " + commit + "), " + jdk;
    }
}
