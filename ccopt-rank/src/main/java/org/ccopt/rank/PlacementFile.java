package org.ccopt.rank;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Path;
import org.ccopt.InvalidInputException;
import org.ccopt.topology.Topology;
import org.ccopt.topology.spec.TopologySpec;
import org.ccopt.util.InputFiles;

/** Reads a placement written by {@code ccopt rank --out}: the terminal of every rank, checked against the network. */
public final class PlacementFile {

    private static final ObjectMapper MAPPER = new ObjectMapper();

    private PlacementFile() {
    }

    /**
     * The terminal of every rank: the file's {@code "ranks"} list (or a bare list), distinct terminals of {@code t};
     * a file made for another topology is refused.
     */
    public static int[] ranks(Path file, Topology t) {
        JsonNode node;
        try {
            node = MAPPER.readTree(InputFiles.read(file, "placement file", "the JSON of 'ccopt rank --out'"));
        } catch (JsonProcessingException e) {
            throw new InvalidInputException("placement file " + file + " is not JSON" + InputFiles.where(e)
                    + "; expected the output of 'ccopt rank --out'");
        }
        if (node == null || node.isMissingNode()) {
            throw new InvalidInputException("placement file " + file + " is empty; expected the output of 'ccopt rank --out'");
        }
        TopologySpec.requireMadeFor(node, t, "placement file " + file, "rank -t " + t.spec() + " --out FILE");
        JsonNode arr = node.isArray() ? node : node.get("ranks");
        if (arr == null || !arr.isArray() || arr.size() == 0) {
            throw new InvalidInputException("placement file " + file + " has no \"ranks\" list; expected the output of 'ccopt rank --out'");
        }
        int[] ranks = new int[arr.size()];
        boolean[] seen = new boolean[t.terminalCount()];
        for (int i = 0; i < ranks.length; i++) {
            int v = arr.get(i).isIntegralNumber() && arr.get(i).canConvertToInt() ? arr.get(i).intValue() : -1;
            if (v < 0 || v >= t.terminalCount() || seen[v]) {
                throw new InvalidInputException("placement file " + file + ": the terminal of rank " + i + " is not a number "
                        + "0.." + (t.terminalCount() - 1) + " that no other rank has; expected distinct terminals of " + t.spec());
            }
            seen[v] = true;
            ranks[i] = v;
        }
        return ranks;
    }
}
