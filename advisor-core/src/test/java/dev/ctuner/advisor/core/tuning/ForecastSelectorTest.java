package dev.ctuner.advisor.core.tuning;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.ctuner.advisor.core.forecast.Backtest;
import dev.ctuner.advisor.core.forecast.LookaheadRule;
import dev.ctuner.advisor.core.forecast.MarkovForecaster;
import dev.ctuner.advisor.core.forecast.WorkloadSeries;
import dev.ctuner.advisor.core.planning.CatalogTiers;
import dev.ctuner.advisor.core.planning.CostModel;
import dev.ctuner.advisor.core.simulation.SyntheticThroughput;
import dev.ctuner.advisor.core.simulation.TraceGenerators;
import dev.ctuner.common.catalog.Configuration;
import dev.ctuner.common.catalog.KnobCatalog;
import dev.ctuner.common.catalog.NodeFacts;
import java.util.List;
import org.junit.jupiter.api.Test;

class ForecastSelectorTest {

    final List<Configuration> candidates = SyntheticThroughput.candidates();
    final CostModel cost = new CostModel(14.8, 3, 1, 3, 0.3, 600, 0);
    final CatalogTiers tiers = new CatalogTiers(KnobCatalog.cassandra50(), new NodeFacts(4096, 2, 1, 24576));

    @Test
    void onAJobQueueTheValueRuleLooksFurtherThanTheRmseRuleAndServesMore() {
        WorkloadSeries history = TraceGenerators.hpcJobQueue(5, 600, 20, 500, 7);
        ForecastChoice choice = ForecastSelector.standard().choose(history, candidates.get(0), candidates,
                new SyntheticThroughput(), cost, tiers);
        int byRmse = new LookaheadRule(0.1).choose(Backtest.run(MarkovForecaster.trainer(2), history.vectors(), 420, 30));
        assertThat(byRmse).isEqualTo(1);
        assertThat(choice.lookahead()).isGreaterThan(1);
        double chosen = served(choice, choice.forecaster(), choice.lookahead());
        double oneStep = served(choice, choice.forecaster(), 1);
        assertThat(chosen).isGreaterThan(oneStep);
        assertThat(choice.trials()).allSatisfy(t -> assertThat(t.operations()).isLessThanOrEqualTo(chosen));
    }

    @Test
    void tooShortAHistoryIsRefused() {
        WorkloadSeries history = TraceGenerators.abruptSwitching(5, 20, 2, 3, 1000, 1);
        assertThatThrownBy(() -> ForecastSelector.standard().choose(history, candidates.get(0), candidates,
                new SyntheticThroughput(), cost, tiers)).hasMessageContaining("at least 10 steps of history, got 5");
    }

    private static double served(ForecastChoice c, String forecaster, int lookahead) {
        return c.trials().stream().filter(t -> t.forecaster().equals(forecaster) && t.lookahead() == lookahead)
                .findFirst().orElseThrow().operations();
    }
}
