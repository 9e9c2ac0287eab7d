package org.ccopt.topology.metrics;

import org.ccopt.topology.Topology;

/**
 * Cable length and cost with the cabinet model of Cui 2024, §5.6: switches are placed in index order, 8 per
 * cabinet; cabinets stand on a 2-D grid of r = ceil(sqrt(n)) rows and c = ceil(n / r) columns (row-major),
 * each 0.6 m wide and 2.1 m deep; a cable inside a cabinet is 1 m (the intra-cabinet overhead), a cable
 * between cabinets is the Manhattan distance between them plus a 2 m overhead. Cables between a processor
 * and its own switch are ignored. In a direct network every node counts as a switch.
 *
 * <p>Cost, after the model the thesis cites (Besta &amp; Hoefler 2014, "Slim Fly", §V): a switch of radix k
 * costs 350.4 k - 892.3 dollars; a cable costs (bandwidth in Gb/s) x (0.4079 x + 0.5771) dollars when
 * electric (inside a cabinet) and (bandwidth) x (0.0919 x + 7.2745) when optical (between cabinets), x in
 * metres. These coefficients are recalled from that paper, not read from a copy of it (none could be consulted
 * here), so they are unverified; every one is a parameter so users can put in their own prices. The thesis prints
 * no price table either, so its cost figure cannot pin them: at 1,024 switches it reports circulant cables 46 %
 * shorter than random shortcut cables of the same degree (this layout gives 45 %, which {@code CableModelTest}
 * checks) and a total cost 18 % lower (these prices give 9 %).
 */
public final class CableModel {

    /** Model parameters; {@link #THESIS} is the thesis's layout with the Slim Fly prices at 100 Gb/s. */
    public record Parameters(int switchesPerCabinet, double cabinetWidthMetres, double cabinetDepthMetres,
                             double intraOverheadMetres, double interOverheadMetres, double bandwidthGbps,
                             double switchCostPerPort, double switchCostFixed,
                             double electricPerMetre, double electricFixed,
                             double opticalPerMetre, double opticalFixed) {
        public Parameters {
            if (switchesPerCabinet < 1) {
                throw new IllegalArgumentException("switchesPerCabinet must be >= 1, got " + switchesPerCabinet);
            }
        }
    }

    public static final Parameters THESIS = new Parameters(8, 0.6, 2.1, 1.0, 2.0, 100.0,
            350.4, -892.3, 0.4079, 0.5771, 0.0919, 7.2745);

    /** Totals over all switch-to-switch links. */
    public record Result(int cabinets, int rows, int columns, long cables, double totalLengthMetres,
                         double averageLengthMetres, double cableCost, double switchCost) {
        public double totalCost() {
            return cableCost + switchCost;
        }
    }

    private CableModel() {
    }

    public static Result evaluate(Topology t, Parameters p) {
        boolean direct = t.isDirect();
        int first = direct ? 0 : t.terminalCount();
        int switches = t.nodeCount() - first;
        int cabinets = (switches + p.switchesPerCabinet() - 1) / p.switchesPerCabinet();
        int rows = (int) Math.ceil(Math.sqrt(cabinets));
        int columns = (cabinets + rows - 1) / rows;
        long cables = 0;
        double length = 0;
        double cableCost = 0;
        double switchCost = 0;
        for (int u = first; u < t.nodeCount(); u++) {
            int radix = t.degree(u) + (direct ? 1 : 0);
            switchCost += p.switchCostPerPort() * radix + p.switchCostFixed();
            int cu = (u - first) / p.switchesPerCabinet();
            for (int c = t.outStart(u); c < t.outEnd(u); c++) {
                int v = t.channelTarget(c);
                if (v < first || (!t.isOneWay() && v < u)) {
                    continue;
                }
                int cv = (v - first) / p.switchesPerCabinet();
                double metres;
                double cost;
                if (cu == cv) {
                    metres = p.intraOverheadMetres();
                    cost = p.bandwidthGbps() * (p.electricPerMetre() * metres + p.electricFixed());
                } else {
                    int dr = Math.abs(cu / columns - cv / columns);
                    int dc = Math.abs(cu % columns - cv % columns);
                    metres = dc * p.cabinetWidthMetres() + dr * p.cabinetDepthMetres() + p.interOverheadMetres();
                    cost = p.bandwidthGbps() * (p.opticalPerMetre() * metres + p.opticalFixed());
                }
                cables++;
                length += metres;
                cableCost += cost;
            }
        }
        return new Result(cabinets, rows, columns, cables, length, cables == 0 ? 0 : length / cables, cableCost,
                switchCost);
    }
}
