package dev.ctuner.advisor.core.vetting;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ctuner.advisor.core.racing.RaceVetting;
import dev.ctuner.common.catalog.ApplyMode;
import dev.ctuner.common.catalog.Configuration;
import dev.ctuner.common.catalog.KnobCatalog;
import dev.ctuner.common.catalog.NodeFacts;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.Test;

class VettingTest {

    private static final NodeFacts FACTS = new NodeFacts(2048, 4, 1, 16_000);
    private static final VettingPolicy POLICY = new VettingPolicy(0.02, 0.20, ApplyMode.RESTART);
    private final Vetting vetting = Vetting.standard(KnobCatalog.cassandra50());

    /** A race on the node that the candidate won: it survived and the current configuration was dropped. */
    private static final RaceEvidence WON = new RaceEvidence(true, true, 24, 6);

    private static Candidate candidate(Map<String, String> settings, Optional<GainEstimate> gain) {
        return new Candidate(settings, Configuration.EMPTY, FACTS, Set.of(), gain);
    }

    @Test
    void aSoundLiveChangeWithAConfidentGainThatWonItsRaceOnTheNodePasses() {
        VettingReport report = vetting.vet(candidate(Map.of("concurrent_reads", "64"),
                Optional.of(new GainEstimate(0.08, 0.05, 0.11))).withRace(WON), POLICY);
        assertThat(report.passed()).isTrue();
        assertThat(report.tier()).isEqualTo(ApplyMode.LIVE);
        assertThat(report.summary()).contains("passed");
    }

    @Test
    void everyCatalogViolationIsReportedNotOnlyTheFirst() {
        VettingReport report = vetting.vet(candidate(Map.of("concurrent_reads", "100000", "no_such_knob", "1",
                "num_tokens", "8"), Optional.empty()), POLICY);
        assertThat(report.failures()).extracting(GateFailure::gate).containsOnly("catalog");
        assertThat(report.failures()).flatExtracting(GateFailure::knobs)
                .containsOnly("concurrent_reads", "no_such_knob", "num_tokens")
                .contains("concurrent_reads", "no_such_knob", "num_tokens");
        assertThat(report.failures().get(0).reason()).contains("allowed:");
    }

    @Test
    void anEmptyChangeIsRefused() {
        assertThat(vetting.vet(candidate(Map.of(), Optional.empty()), POLICY).failures())
                .extracting(GateFailure::reason).containsExactly("no settings to change");
    }

    @Test
    void theGainMustClearTheMinimumAtItsLowerBoundAndBeCertainEnough() {
        VettingReport both = vetting.vet(candidate(Map.of("concurrent_reads", "64"),
                Optional.of(new GainEstimate(0.10, 0.01, 0.40))).withRace(WON), POLICY);
        assertThat(both.failures()).extracting(GateFailure::reason).containsExactly(
                "lower bound of the predicted gain 0.0100 is not above the minimum gain 0.0200",
                "predicted gain interval [0.0100, 0.4000] is 0.3900 wide, more than the allowed 0.2000");
        VettingReport atTheMinimum = vetting.vet(candidate(Map.of("concurrent_reads", "64"),
                Optional.of(new GainEstimate(0.05, 0.02, 0.08))).withRace(WON), POLICY);
        assertThat(atTheMinimum.failures()).hasSize(1);
    }

    @Test
    void aChangeMayNotCostMoreThanTheOperatorsTier() {
        VettingPolicy liveOnly = new VettingPolicy(0.02, 0.2, ApplyMode.LIVE);
        VettingReport report = vetting.vet(candidate(Map.of("concurrent_reads", "64",
                "native_transport_max_threads", "256", "compaction.class", "LeveledCompactionStrategy"),
                Optional.empty()), liveOnly);
        assertThat(report.tier()).isEqualTo(ApplyMode.RESTART);
        assertThat(report.failures()).extracting(GateFailure::gate).containsOnly("cost");
        assertThat(report.failures()).flatExtracting(GateFailure::knobs)
                .containsExactlyInAnyOrder("native_transport_max_threads", "compaction.class");
        assertThat(report.summary()).contains("native_transport_max_threads is applied by RESTART but the operator accepts at most LIVE");
    }

    @Test
    void failuresOfSeveralGatesAreGatheredTogether() {
        VettingReport report = vetting.vet(candidate(Map.of("concurrent_reads", "1", "native_transport_max_threads", "256"),
                Optional.of(new GainEstimate(0.0, -0.1, 0.1))), new VettingPolicy(0.02, 0.5, ApplyMode.LIVE));
        assertThat(report.failures()).extracting(GateFailure::gate).containsExactly("catalog", "gain", "race", "cost");
    }

    @Test
    void aModelsRecommendationMustWinARaceOnTheNodeBeforeItIsVetted() {
        Candidate predicted = candidate(Map.of("concurrent_reads", "64"), Optional.of(new GainEstimate(0.08, 0.05, 0.11)));

        assertThat(vetting.vet(predicted, POLICY).failures()).extracting(GateFailure::reason)
                .containsExactly("a model's recommendation must first win a race against the current configuration on a real "
                        + "node (configure an experiment node: the advisor races the change there, docs/learning-loop.md); "
                        + "no race evidence given");
        assertThat(vetting.vet(predicted.withRace(new RaceEvidence(false, true, 30, 8)), POLICY).failures())
                .extracting(GateFailure::reason).containsExactly("dropped by the race on the node after 8 instances (30 runs): "
                        + "measured significantly worse than another configuration");
        assertThat(vetting.vet(predicted.withRace(new RaceEvidence(true, false, 40, 13)), POLICY).failures())
                .extracting(GateFailure::reason).containsExactly("the current configuration survived the race on the node "
                        + "(13 instances, 40 runs): no significant gain measured");
        assertThat(vetting.vet(predicted.withRace(WON), POLICY).passed()).isTrue();
    }

    @Test
    void anOperatorsOwnSubmissionNeedsNoRaceButIsHeldToOneItBrings() {
        Candidate own = candidate(Map.of("concurrent_reads", "64"), Optional.empty());

        assertThat(vetting.vet(own, POLICY).passed()).isTrue();
        assertThat(vetting.vet(own.withRace(new RaceEvidence(true, false, 40, 13)), POLICY).failures())
                .extracting(GateFailure::gate).containsExactly("race");
    }

    @Test
    void theEvidenceOfAPickIsReadFromTheVettingRacesOutcome() {
        dev.ctuner.advisor.core.racing.Candidate current = new dev.ctuner.advisor.core.racing.Candidate(0, Map.of(), 1, -1,
                "current");
        dev.ctuner.advisor.core.racing.Candidate first = new dev.ctuner.advisor.core.racing.Candidate(1,
                Map.of("concurrent_reads", "64"), 1, -1, "given");
        RaceVetting.Outcome outcome = new RaceVetting.Outcome(true, java.util.List.of(first), 27, 9);

        assertThat(RaceEvidence.of(outcome, 1)).isEqualTo(new RaceEvidence(true, true, 27, 9));
        assertThat(RaceEvidence.of(outcome, 2).survived()).isFalse();
        assertThat(RaceEvidence.of(new RaceVetting.Outcome(false, java.util.List.of(first, current), 40, 13), 1))
                .isEqualTo(new RaceEvidence(true, false, 40, 13));
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> RaceEvidence.of(outcome, 0))
                .hasMessageContaining("current configuration");
    }
}
