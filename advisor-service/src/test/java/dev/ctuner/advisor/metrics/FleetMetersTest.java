package dev.ctuner.advisor.metrics;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ctuner.advisor.SettableClock;
import dev.ctuner.advisor.core.lifecycle.RolloutState;
import dev.ctuner.advisor.store.FleetCounts.LastDecision;
import dev.ctuner.advisor.store.FleetCounts.LastVerification;
import io.micrometer.core.instrument.search.RequiredSearch;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.OptionalInt;
import org.junit.jupiter.api.Test;

class FleetMetersTest {

    private static final Instant T0 = Instant.parse("2026-03-01T08:00:00Z");

    private final SettableClock clock = new SettableClock(T0);
    private final SimpleMeterRegistry registry = new SimpleMeterRegistry();
    private final FleetMeters meters = new FleetMeters(registry, clock);

    private static FleetSnapshot.Cluster prod() {
        return new FleetSnapshot.Cluster("prod", Optional.of(true), Optional.of(T0.minusSeconds(3600)),
                Optional.of(new LastDecision("HELD", T0.minusSeconds(30))), Map.of("VETTED", 2, "PROPOSED", 1, "VERIFIED", 4),
                Map.of("RUNNING", 1, "ROLLED_BACK", 2), Map.of("BETTER", 3, "WORSE", 1), 4, 1,
                Optional.of(new LastVerification("BETTER", OptionalDouble.of(0.12), OptionalDouble.of(0.08))),
                List.of(new FleetSnapshot.Node("n1", "dc1", "rack1", Optional.of(T0.minusSeconds(5))),
                        new FleetSnapshot.Node("n2", "unknown", "unknown", Optional.empty())), OptionalInt.of(2));
    }

    private RequiredSearch prod(String name) {
        return registry.get(name).tag("cluster", "prod");
    }

    @Test
    void aClusterGetsItsLoopProposalsRolloutsVerificationsAndModelHealth() {
        meters.update(new FleetSnapshot(List.of(prod()), Optional.of(T0.minusSeconds(7200)), 412));

        assertThat(prod("ctuner.loop.paused").gauge().value()).isEqualTo(1);
        assertThat(prod("ctuner.loop.paused.seconds").gauge().value()).isEqualTo(3600);
        assertThat(prod("ctuner.loop.last.decision").tag("outcome", "held").gauge().value()).isEqualTo(1);
        assertThat(prod("ctuner.loop.last.decision").tag("outcome", "proposed").gauge().value()).isZero();
        assertThat(prod("ctuner.loop.last.decision.age.seconds").gauge().value()).isEqualTo(30);
        assertThat(prod("ctuner.proposals.pending").gauge().value()).isEqualTo(3);
        assertThat(prod("ctuner.recommendations").tag("state", "verified").gauge().value()).isEqualTo(4);
        assertThat(prod("ctuner.rollouts").tag("state", "rolled_back").gauge().value()).isEqualTo(2);
        assertThat(prod("ctuner.rollouts").gauges()).as("every state has a row, 0 when empty").hasSize(RolloutState.values().length);
        assertThat(prod("ctuner.rollouts").tag("state", "failed").gauge().value()).isZero();
        assertThat(prod("ctuner.verifications").tag("verdict", "worse").gauge().value()).isEqualTo(1);
        assertThat(prod("ctuner.verifications").tag("verdict", "insufficient_data").gauge().value()).isZero();
        assertThat(prod("ctuner.verification.last.predicted.gain.ratio").gauge().value()).isEqualTo(0.12);
        assertThat(prod("ctuner.verification.last.realized.gain.ratio").gauge().value()).isEqualTo(0.08);
        assertThat(prod("ctuner.model.missed.prediction.ratio").gauge().value()).isEqualTo(0.25);
        assertThat(prod("ctuner.node.heartbeat.age.seconds").tag("node", "n1").tag("dc", "dc1").tag("rack", "rack1").gauge().value())
                .isEqualTo(5);
        assertThat(prod("ctuner.node.heartbeat.age.seconds").tag("node", "n2").gauge().value()).isNaN();
        assertThat(registry.get("ctuner.model.age.seconds").gauge().value()).isEqualTo(7200);
        assertThat(registry.get("ctuner.model.training.samples").gauge().value()).isEqualTo(412);
        assertThat(registry.get("ctuner.clusters").gauge().value()).isEqualTo(1);
    }

    @Test
    void agesAreReadAtScrapeTimeAndAClusterThatIsGoneLosesItsRows() {
        meters.update(new FleetSnapshot(List.of(prod()), Optional.empty(), 0));
        clock.set(T0.plusSeconds(60));
        assertThat(prod("ctuner.loop.paused.seconds").gauge().value()).isEqualTo(3660);
        assertThat(registry.get("ctuner.model.age.seconds").gauge().value()).as("no model yet").isNaN();

        FleetSnapshot.Cluster running = new FleetSnapshot.Cluster("dev", Optional.of(false), Optional.of(T0), Optional.empty(), Map.of(),
                Map.of(), Map.of(), 0, 0, Optional.empty(), List.of(), OptionalInt.empty());
        meters.update(new FleetSnapshot(List.of(running), Optional.empty(), 0));

        assertThat(registry.find("ctuner.loop.paused").tag("cluster", "prod").gauge()).isNull();
        assertThat(registry.get("ctuner.loop.paused").tag("cluster", "dev").gauge().value()).isZero();
        assertThat(registry.get("ctuner.loop.paused.seconds").tag("cluster", "dev").gauge().value()).as("running: not paused").isZero();
        assertThat(registry.get("ctuner.model.missed.prediction.ratio").tag("cluster", "dev").gauge().value())
                .as("no verified prediction yet").isNaN();
        assertThat(registry.get("ctuner.loop.last.decision.age.seconds").tag("cluster", "dev").gauge().value()).isNaN();
        assertThat(registry.get("ctuner.config.drift.knobs").tag("cluster", "dev").gauge().value())
                .as("no configuration reported lately").isNaN();
    }

    @Test
    void aClustersDriftIsTheNumberOfKnobsItsNodesDisagreeOn() {
        meters.update(new FleetSnapshot(List.of(prod()), Optional.empty(), 0));
        assertThat(prod("ctuner.config.drift.knobs").gauge().value()).isEqualTo(2);
    }
}
