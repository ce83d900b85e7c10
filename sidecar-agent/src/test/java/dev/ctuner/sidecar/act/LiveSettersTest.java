package dev.ctuner.sidecar.act;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ctuner.common.catalog.ApplyMode;
import dev.ctuner.common.catalog.KnobCatalog;
import dev.ctuner.common.catalog.Scope;
import org.junit.jupiter.api.Test;

class LiveSettersTest {

    @Test
    void everyLiveNodeKnobOfTheCatalogHasASetterAndNothingElseDoes() {
        var live = KnobCatalog.cassandra50().knobs(Scope.NODE).stream().filter(k -> k.applyMode() == ApplyMode.LIVE)
                .map(k -> k.name().value()).toList();
        assertThat(LiveSetters.SETTERS.keySet()).containsExactlyInAnyOrderElementsOf(live);
    }
}
