package dev.ctuner.harness.campaign;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.ctuner.common.protocol.message.RequestDistribution;
import dev.ctuner.common.protocol.message.WorkloadSpec;
import org.junit.jupiter.api.Test;

class WorkloadShapeTest {

    private static final MeasurementSetup SETUP = new MeasurementSetup(Placement.SHARED, 500_000, 50_000, 32);

    @Test
    void thePlainReadUpdateMixKeepsTheLabelRacesAlwaysHad() {
        WorkloadShape shape = WorkloadShape.of(new String[] {"race", "--read", "0.9"});

        assertThat(shape.label()).isEqualTo("read=0.9");
        assertThat(shape.spec(SETUP, 7)).isEqualTo(SETUP.workload(0.9, 7));
    }

    @Test
    void aFullShapeRoundTripsThroughItsLabelAndUpdatesTakeTheRest() {
        WorkloadShape shape = WorkloadShape.of(new String[] {"--read", "0.2", "--scan", "0.3", "--rmw", "0.1",
                "--distribution", "uniform", "--rows", "2000000"});

        assertThat(shape.label()).isEqualTo("read=0.2,scan=0.3,rmw=0.1,distribution=uniform,rows=2000000");
        assertThat(WorkloadShape.parse(shape.label())).isEqualTo(shape);
        WorkloadSpec spec = shape.spec(SETUP, 3);
        assertThat(spec.updateProportion()).isCloseTo(0.4, org.assertj.core.api.Assertions.within(1e-12));
        assertThat(spec.scanProportion()).isEqualTo(0.3);
        assertThat(spec.requestDistribution()).isEqualTo(RequestDistribution.UNIFORM);
        assertThat(spec.recordCount()).isEqualTo(2_000_000);
        assertThat(spec.operationCount()).isEqualTo(500_000);
        assertThat(shape.describe(SETUP)).contains("scan 0.30", "uniform keys", "2000000 rows,");
        assertThat(WorkloadShape.readUpdate(0.5).describe(SETUP)).contains("50000 rows (calibrated)");
    }

    @Test
    void aScanHeavyShapeCanMeasureFewerOperationsThanTheCalibratedSetup() {
        WorkloadShape shape = WorkloadShape.of(new String[] {"--read", "0", "--scan", "0.95", "--insert", "0.05",
                "--operations", "20000"});

        assertThat(shape.label()).isEqualTo("read=0.0,scan=0.95,insert=0.05,operations=20000");
        assertThat(WorkloadShape.parse(shape.label())).isEqualTo(shape);
        assertThat(shape.spec(SETUP, 1).operationCount()).isEqualTo(20_000);
        assertThat(shape.spec(SETUP, 1).recordCount()).isEqualTo(50_000);
        assertThat(shape.spec(SETUP, 1).updateProportion()).isCloseTo(0, org.assertj.core.api.Assertions.within(1e-9));
        assertThat(shape.describe(SETUP)).contains("20000 operations,").doesNotContain("20000 operations (calibrated)");
        assertThat(WorkloadShape.readUpdate(0.5).describe(SETUP)).contains("500000 operations (calibrated)");
    }

    @Test
    void badShapesAreRefusedWithTheReason() {
        assertThatThrownBy(() -> WorkloadShape.of(new String[] {"--read", "0.8", "--scan", "0.3"}))
                .hasMessageContaining("exceeds 1");
        assertThatThrownBy(() -> WorkloadShape.of(new String[] {"--read", "1.5"})).hasMessageContaining("[0, 1]");
        assertThatThrownBy(() -> WorkloadShape.of(new String[] {"--distribution", "gaussian"}))
                .hasMessageContaining("zipfian").hasMessageContaining("gaussian");
        assertThatThrownBy(() -> WorkloadShape.parse("reads=0.5")).hasMessageContaining("not a workload label");
        assertThatThrownBy(() -> WorkloadShape.parse("scan=0.5")).hasMessageContaining("no read=");
        assertThatThrownBy(() -> WorkloadShape.of(new String[] {"--operations", "-5"})).hasMessageContaining("--operations");
        assertThatThrownBy(() -> WorkloadShape.of(new String[] {"--rows", "1e6"})).hasMessageContaining("--rows takes a whole");
        assertThatThrownBy(() -> WorkloadShape.of(new String[] {"--read", "most"})).hasMessageContaining("--read takes a number");
    }
}
