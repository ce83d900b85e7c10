package dev.ctuner.harness.campaign;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.ctuner.advisor.core.experiment.DesignPoint;
import dev.ctuner.advisor.core.experiment.GuidedDesign;
import dev.ctuner.common.catalog.KnobCatalog;
import dev.ctuner.common.catalog.NodeFacts;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The dataset campaign's plan and design file (no node: the campaign itself runs on the machine). */
class DatasetCampaignTest {

    private static final MeasurementSetup SETUP = new MeasurementSetup(Placement.SHARED, 1000, 1000, 4);
    private static final String KNOBS = "concurrent_reads,memtable_cleanup_threshold";

    @TempDir
    Path root;

    private DatasetCampaign.Options options(String... more) {
        List<String> args = new java.util.ArrayList<>(List.of("dataset", "--name", "t", "--knobs", KNOBS));
        args.addAll(List.of(more));
        return DatasetCampaign.Options.of(args.toArray(String[]::new), "t", root);
    }

    @Test
    void measuresEveryConfigurationAtEveryRatioWithItsRepetitionsInARowEachWithItsOwnSeed() {
        List<DesignPoint> configurations = List.of(new DesignPoint("c00", Map.of()),
                new DesignPoint("c01", Map.of("concurrent_reads", "8")));
        List<Point> points = DatasetCampaign.points(configurations, new double[] {0, 0.5, 1}, 3, SETUP, 7);
        assertThat(points).hasSize(2 * 3 * 3);
        for (int i = 0; i < points.size(); i += 3) {
            Point first = points.get(i);
            for (int rep = 0; rep < 3; rep++) {
                assertThat(points.get(i + rep).designPoint()).isEqualTo(first.designPoint());
                assertThat(points.get(i + rep).repetition()).isEqualTo(rep);
                assertThat(points.get(i + rep).configuration()).isEqualTo(first.configuration());
            }
        }
        assertThat(points.stream().map(Point::designPoint).collect(Collectors.toSet())).hasSize(6)
                .contains("c00@rr0.0", "c01@rr0.5", "c01@rr1.0");
        assertThat(points.stream().map(p -> p.workload().seed()).distinct().count()).isEqualTo(points.size());
        assertThat(points.stream().filter(p -> p.designPoint().endsWith("@rr0.5")).map(p -> p.workload().readProportion())
                .collect(Collectors.toSet())).containsExactly(0.5);
        assertThat(DatasetCampaign.points(configurations, new double[] {0, 0.5, 1}, 3, SETUP, 7)).isEqualTo(points);
    }

    @Test
    void refusesOptionsThatCannotMakeTheDataset() {
        assertThatThrownBy(() -> options("--configurations", "12", "--guided", "10")).hasMessageContaining("at least 3");
        assertThatThrownBy(() -> options("--pool", "5")).hasMessageContaining("--pool 5 is smaller than --guided 10");
        assertThatThrownBy(() -> options("--guide", "nowhere.csv")).hasMessageContaining("is no file");
        assertThatThrownBy(() -> options("--guided", "0", "--read-ratios", "0,1.5")).hasMessageContaining("distinct numbers in [0, 1]");
        assertThatThrownBy(() -> options("--guided", "0", "--read-ratios", "0.5,0.5")).hasMessageContaining("distinct");
        assertThatThrownBy(() -> options("--guided", "0", "--read-ratios", "a")).hasMessageContaining("numbers");
        DatasetCampaign.Options o = options("--guided", "0");
        assertThat(o.ratios()).hasSize(11);
        assertThat(o.repetitions()).isEqualTo(3);
        assertThat(o.csv(root)).isEqualTo(root.resolve("docs/data/dataset-t.csv"));
    }

    @Test
    void makesTheDesignOnceAndReadsItBackForTheSameKnobsOnly() throws IOException {
        KnobCatalog catalog = KnobCatalog.cassandra50();
        NodeFacts facts = new NodeFacts(1024, 2, 1, 24_000);
        DatasetCampaign.Options o = options("--guided", "0", "--configurations", "6");
        GuidedDesign made = DatasetCampaign.design(o, root, catalog, facts, 3);
        assertThat(made.configurations()).hasSize(6);
        assertThat(Files.readString(o.designFile(root))).contains("# knobs: " + KNOBS, "no guided configurations");
        GuidedDesign again = DatasetCampaign.design(o, root, catalog, facts, 99); // another seed: the file wins
        assertThat(again.configurations()).isEqualTo(made.configurations());
        Files.writeString(o.designFile(root), Files.readString(o.designFile(root)) + "c99\t0.1\tconcurrent_reads=4\n");
        assertThat(DatasetCampaign.design(o, root, catalog, facts, 3).uncertainty()).containsEntry("c99", 0.1);
        DatasetCampaign.Options other = DatasetCampaign.Options.of(new String[] {"dataset", "--name", "t", "--knobs",
                "concurrent_reads", "--guided", "0"}, "t", root);
        assertThatThrownBy(() -> DatasetCampaign.design(other, root, catalog, facts, 3))
                .hasMessageContaining("holds a design for --knobs " + KNOBS);
        Set<String> ids = made.configurations().stream().map(DesignPoint::id).collect(Collectors.toSet());
        assertThat(ids).contains("c00", "c05");
    }

    @Test
    void addsConfigurationsWhereAForestTrainedOnTheGuideIsLeastSure() throws IOException {
        // the measured training dataset of this repository (the module's tests run in integration-tests/)
        Path training = Path.of(System.getProperty("user.dir")).toAbsolutePath().getParent().resolve("docs/data/training.csv");
        DatasetCampaign.Options o = options("--configurations", "8", "--guided", "3", "--pool", "60", "--read-ratios",
                "0,0.5,1", "--guide", training.toString());
        GuidedDesign d = DatasetCampaign.design(o, root, KnobCatalog.cassandra50(), new NodeFacts(1024, 2, 1, 24_000), 5);
        assertThat(d.configurations()).extracting(DesignPoint::id).containsExactly("c00", "c01", "c02", "c03", "c04",
                "g01", "g02", "g03");
        assertThat(d.uncertainty()).hasSize(8).allSatisfy((id, u) -> assertThat(u).isPositive());
        double uniform = d.configurations().subList(0, 5).stream().mapToDouble(p -> d.uncertainty().get(p.id())).average().orElseThrow();
        double guided = d.configurations().subList(5, 8).stream().mapToDouble(p -> d.uncertainty().get(p.id())).average().orElseThrow();
        assertThat(guided).isGreaterThan(uniform);
        assertThat(Files.readString(o.designFile(root))).contains("guided by a random forest on", "training.csv");
        assertThat(DatasetCampaign.read(o.designFile(root), o.knobs())).isEqualTo(new GuidedDesign(d.configurations(),
                roundedTo4(d.uncertainty()), d.notes()));
    }

    private static Map<String, Double> roundedTo4(Map<String, Double> values) {
        Map<String, Double> out = new java.util.LinkedHashMap<>();
        values.forEach((k, v) -> out.put(k, Double.parseDouble(String.format(java.util.Locale.ROOT, "%.4f", v))));
        return out;
    }
}
