package dev.ctuner.advisor.core.tuning;

import dev.ctuner.advisor.core.forecast.ForecasterTrainer;
import java.util.List;

/**
 * The forecaster and lookahead {@link ForecastSelector} chose for one cluster, with every trial it
 * scored (operations the planner served in the backtest), for the decision's evidence.
 *
 * <pre>{@code
 * ForecastChoice c = selector.choose(history, current, candidates, model, cost, tiers);
 * c.trainer().fit(history.vectors()).forecast(history.vectors(), c.lookahead());
 * }</pre>
 *
 * @param trainer   the chosen forecaster's trainer (fit it on the whole history before forecasting)
 * @param lookahead the chosen T_L in steps
 * @param trials    every (forecaster, lookahead) scored, in the order tried
 */
public record ForecastChoice(ForecasterTrainer trainer, int lookahead, List<Trial> trials) {

    /** One backtest: the planner with {@code forecaster} over {@code lookahead} steps served {@code operations}. */
    public record Trial(String forecaster, int lookahead, double operations) {
    }

    public ForecastChoice {
        if (lookahead < 1) {
            throw new IllegalArgumentException("lookahead must be at least 1 step, got " + lookahead);
        }
        trials = List.copyOf(trials);
    }

    public String forecaster() {
        return trainer.name();
    }
}
