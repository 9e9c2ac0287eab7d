package org.ccopt.flitsim.net;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.function.DoubleFunction;
import org.ccopt.InvalidInputException;
import org.ccopt.topology.spec.TopologySpec;
import org.junit.jupiter.api.Test;

/** The verdict on a load and the saturation point of a curve. */
class LoadSweepTest {

    private static final LoadSweep.Protocol P = LoadSweep.Protocol.DEFAULT;

    /** A run of 1,000 measured packets with the given throughputs, mean latency, halves and drain outcome. */
    private static OpenLoopResult run(double offered, double accepted, double latency, double first, double second,
                                      boolean stable) {
        return new OpenLoopResult(offered, accepted, 1000, latency, 10, (int) latency, (int) (3 * latency),
                (int) (4 * latency), latency, 2, stable, 40_000, 1, first, second);
    }

    @Test
    void aBacklogThatGrowsThroughTheWindowIsSaturatedUnderTheDefaultRuleOnly() {
        // circulant2:64 at 0.65 (measured): 96.7 % accepted, mean 434, second half 52 % slower, drained in time
        OpenLoopResult growing = run(0.6526, 0.6308, 433.8, 343.8, 523.7, true);
        assertThat(LoadSweep.verdict(growing, P)).isEqualTo(LoadSweep.Verdict.SATURATED);
        assertThat(LoadSweep.verdict(growing, P.bookSimRule())).isEqualTo(LoadSweep.Verdict.STABLE);
        // either sign alone is noise: a slower second half at full acceptance, or a 2 % deficit at a flat latency
        assertThat(LoadSweep.verdict(run(0.40, 0.40, 100, 100, 130, true), P)).isEqualTo(LoadSweep.Verdict.STABLE);
        assertThat(LoadSweep.verdict(run(0.40, 0.392, 100, 100, 105, true), P)).isEqualTo(LoadSweep.Verdict.STABLE);
        assertThat(LoadSweep.verdict(run(0.40, 0.37, 100, 100, 100, true), P)).isEqualTo(LoadSweep.Verdict.SATURATED);
        assertThat(LoadSweep.verdict(run(0.40, 0.40, 501, 501, 501, true), P)).isEqualTo(LoadSweep.Verdict.SATURATED);
    }

    @Test
    void aDrainTooShortToTellOrNoMeasuredPacketIsNotMeasuredNeverSaturated() {
        LoadSweep.Protocol noDrain = new LoadSweep.Protocol(100, 1000, 0, 500);
        OpenLoopResult leftOver = run(0.1, 0.1, 30, 30, 30, false);
        assertThat(LoadSweep.verdict(leftOver, noDrain)).isEqualTo(LoadSweep.Verdict.NOT_MEASURED);
        assertThat(LoadSweep.verdict(leftOver, new LoadSweep.Protocol(100, 1000, 500, 500)))
                .isEqualTo(LoadSweep.Verdict.SATURATED);
        OpenLoopResult none = new OpenLoopResult(0, 0, 0, Double.NaN, 0, 0, 0, 0, Double.NaN, Double.NaN, true, 2, 1,
                Double.NaN, Double.NaN);
        assertThat(LoadSweep.verdict(none, P)).isEqualTo(LoadSweep.Verdict.NOT_MEASURED);
    }

    @Test
    void aCurveNeedsADrainThatCanTell() {
        NetworkSimulator sim = engine("mesh:4x4");
        DoubleFunction<OpenLoopTraffic> uniform = rate -> OpenLoopTraffic.bernoulli(new Destinations.Uniform(16), rate, 8);
        assertThatThrownBy(() -> LoadSweep.curve(sim, uniform, new double[] {0.1, 0.2}, new LoadSweep.Protocol(100, 1000,
                499, 500), 1)).isInstanceOf(InvalidInputException.class).hasMessageContaining("--drain 499");
    }

    /**
     * circulant2:64 under uniform traffic (seed 1, the default protocol): the saturation throughput is the accepted
     * throughput of a load measured stable, and no higher than the plateau the saturated loads accept.
     */
    @Test
    void theSaturationThroughputStaysUnderThePlateauOfTheSaturatedLoads() {
        NetworkSimulator sim = engine("circulant2:64");
        DoubleFunction<OpenLoopTraffic> uniform = rate -> OpenLoopTraffic.bernoulli(new Destinations.Uniform(64), rate, 8);
        double[] rates = LoadSweep.parseRates("0.55:0.8:0.05");
        LoadSweep.Curve curve = LoadSweep.curve(sim, uniform, rates, P, 1);
        double plateau = curve.points().stream().filter(LoadSweep.Point::saturated).mapToDouble(x -> x.result().accepted())
                .max().orElseThrow();
        assertThat(curve.saturationPoint().stable()).isTrue();
        assertThat(curve.saturation()).isEqualTo(curve.saturationPoint().result().accepted()).isLessThanOrEqualTo(plateau);
        assertThat(curve.saturationOffered()).isLessThan(0.65); // the 0.65 load accepts 96.7 % and grows: saturated
        assertThat(curve.points().get(2).saturated()).isTrue();
    }

    private static NetworkSimulator engine(String spec) {
        return EngineSetup.booksim(TopologySpec.parse(spec), null, null, 4);
    }
}
