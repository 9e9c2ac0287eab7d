package org.ccopt.flitsim;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Path;
import org.ccopt.InvalidInputException;
import org.ccopt.util.InputFiles;

/**
 * Logical addressing of Yokota et al. 2018, §2: a permutation giving the logical address of every physical
 * node. Traffic is defined on logical addresses and runs on physical ones: physical node p (logical address
 * m[p]) sends to the physical node whose logical address is pattern(m[p]).
 */
public final class NodeMapping {

    private NodeMapping() {
    }

    /** Physical destinations under {@code mapping} (logical address per physical node) of a logical pattern. */
    public static int[] apply(int[] mapping, int[] logicalDestination) {
        int n = mapping.length;
        if (logicalDestination.length != n) {
            throw new InvalidInputException("mapping covers " + n + " nodes; the topology has " + logicalDestination.length);
        }
        int[] physicalOf = new int[n];
        boolean[] seen = new boolean[n];
        for (int p = 0; p < n; p++) {
            int l = mapping[p];
            if (l < 0 || l >= n || seen[l]) {
                throw new InvalidInputException("mapping is not a permutation of 0.." + (n - 1) + " (logical address " + l
                        + " at physical node " + p + ")");
            }
            seen[l] = true;
            physicalOf[l] = p;
        }
        int[] dest = new int[n];
        for (int p = 0; p < n; p++) {
            dest[p] = physicalOf[logicalDestination[mapping[p]]];
        }
        return dest;
    }

    /**
     * Reads a mapping for a run on {@code t}: {@code {"mapping":[...]}} (the node-mapping output) or a plain list of
     * numbers. A file that names its topology ({@code "topology"}, as {@code nodemap --out} writes) must name {@code t}'s.
     */
    public static int[] read(Path file, org.ccopt.topology.Topology t) {
        String text = InputFiles.read(file, "mapping file", "{\"mapping\":[...]} or a list of node numbers").trim();
        try {
            if (text.startsWith("{") || text.startsWith("[")) {
                JsonNode root = new ObjectMapper().readTree(text);
                org.ccopt.topology.spec.TopologySpec.requireMadeFor(root, t, "mapping file '" + file + "'",
                        "nodemap -t " + t.spec() + " --out DIR");
                JsonNode list = root.isArray() ? root : root.get("mapping");
                if (list == null || !list.isArray()) {
                    throw new InvalidInputException("mapping file '" + file + "' has no \"mapping\" array");
                }
                int[] m = new int[list.size()];
                for (int i = 0; i < m.length; i++) {
                    JsonNode v = list.get(i);
                    if (!v.isIntegralNumber() || !v.canConvertToInt()) {
                        throw new InvalidInputException("mapping file '" + file + "': entry " + i + " is not a whole "
                                + "number; expected whole node numbers");
                    }
                    m[i] = v.intValue();
                }
                return m;
            }
            String[] parts = text.split("[\\s,]+");
            int[] m = new int[parts.length];
            for (int i = 0; i < m.length; i++) {
                m[i] = Integer.parseInt(parts[i]);
            }
            return m;
        } catch (IOException | NumberFormatException e) {
            throw new InvalidInputException("cannot read mapping file '" + file + "'" + (e instanceof NumberFormatException
                    ? ": an entry is not a whole number" : InputFiles.where(e)) + "; expected a JSON list, an object with "
                    + "\"mapping\", or whole numbers separated by spaces or commas");
        }
    }
}
