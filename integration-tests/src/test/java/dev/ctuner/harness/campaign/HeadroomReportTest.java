package dev.ctuner.harness.campaign;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class HeadroomReportTest {

    @Test
    void configurationsAreRankedByTheirGeometricMeanRatioToTheDefault() {
        Map<String, Map<Double, Double>> throughput = Map.of(
                "c00", Map.of(0.0, 50_000.0, 1.0, 20_000.0),
                // twice the default at one ratio, half at the other: geometric mean 1, arithmetic mean 1.25
                "c01", Map.of(0.0, 100_000.0, 1.0, 10_000.0),
                "c02", Map.of(0.0, 55_000.0, 1.0, 22_000.0),
                "c03", Map.of(0.0, 45_000.0, 1.0, 18_000.0));

        List<HeadroomReport.Overall> ranked = HeadroomReport.overall(throughput);

        assertThat(ranked).extracting(HeadroomReport.Overall::config).containsExactly("c02", "c01", "c03");
        assertThat(ranked.get(0).ratio()).isCloseTo(1.1, within(1e-9));
        assertThat(ranked.get(1).ratio()).isCloseTo(1.0, within(1e-9));
    }

    @Test
    void aConfigurationMissingARatioTheDefaultWasMeasuredAtIsLeftOut() {
        Map<String, Map<Double, Double>> throughput = Map.of(
                "c00", Map.of(0.0, 50_000.0, 1.0, 20_000.0),
                "c01", Map.of(0.0, 90_000.0),
                "c02", Map.of(0.0, 50_000.0, 0.5, 1.0, 1.0, 21_000.0));

        assertThat(HeadroomReport.overall(throughput)).extracting(HeadroomReport.Overall::config).containsExactly("c02");
        assertThat(HeadroomReport.overall(Map.of("c01", Map.of(0.0, 1.0)))).isEmpty();
    }

    @Test
    void onlyAConfigurationFasterThanTheDefaultGetsAValidateCommand() {
        Map<String, String> configuration = Map.of("compression.class", "DeflateCompressor");

        assertThat(HeadroomReport.validation(new HeadroomReport.Overall("c05", 1.042), configuration))
                .contains("scripts/campaign.sh validate --name default-vs-best --b 'compression.class=DeflateCompressor'");
        assertThat(HeadroomReport.validation(new HeadroomReport.Overall("g03", 0.475), configuration))
                .doesNotContain("campaign.sh validate")
                .contains("No configuration ranked here is faster than the default (the best, g03, is at -52.5%)");
        assertThat(HeadroomReport.validation(new HeadroomReport.Overall("c01", 1.0), configuration))
                .doesNotContain("campaign.sh validate");
    }

    @Test
    void theValidateLineIsKnobEqualsValueJoinedBySemicolons() {
        Map<String, String> configuration = new LinkedHashMap<>();
        configuration.put("compaction_throughput", "877MiB/s");
        configuration.put("compression.class", "none");

        assertThat(HeadroomReport.line(configuration)).isEqualTo("compaction_throughput=877MiB/s;compression.class=none");
    }
}
