package dev.ctuner.advisor.core.racing;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class RandomSearchTest {

    @Test
    void spendsTheBudgetOnValidUniformConfigurationsOverTheSameInstances() {
        RandomSearch s = RandomSearch.start(Synthetic.SPACE, 103, 5, List.of(Map.of()), List.of("w"), new SplittableRandom(2));
        assertThat(s.candidates()).hasSize(20);
        assertThat(s.candidates().get(0).configuration()).isEmpty();
        assertThat(s.candidates()).allMatch(c -> Synthetic.SPACE.isValid(c.configuration()));
        List<Evaluation> wanted = s.nextRequests();
        assertThat(wanted).hasSize(100);
        assertThat(wanted.subList(0, 20)).allMatch(e -> e.instance().index() == 0); // instance by instance
        assertThat(s.best()).isEmpty();
        Synthetic.drive(s);
        assertThat(s.experiments()).isEqualTo(100);
        assertThat(s.nextRequests()).isEmpty();
    }

    @Test
    void picksTheTrueBestWhenMeasurementsAreExact() {
        RandomSearch s = RandomSearch.start(Synthetic.SPACE, 60, 3, List.of(), List.of("w"), new SplittableRandom(9));
        while (!s.finished()) {
            for (Evaluation e : s.nextRequests()) {
                s.report(e.candidate().id(), e.instance().index(), Synthetic.quality(e.candidate().configuration()));
            }
        }
        double best = s.candidates().stream().mapToDouble(c -> Synthetic.quality(c.configuration())).max().orElseThrow();
        assertThat(Synthetic.quality(s.best().orElseThrow().configuration())).isEqualTo(best);
    }
}
