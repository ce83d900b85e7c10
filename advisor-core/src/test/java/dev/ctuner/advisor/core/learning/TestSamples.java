package dev.ctuner.advisor.core.learning;

import dev.ctuner.common.catalog.Configuration;
import dev.ctuner.common.catalog.KnobCatalog;
import dev.ctuner.common.catalog.KnobName;
import dev.ctuner.common.catalog.KnobValue;
import dev.ctuner.common.catalog.NodeFacts;
import dev.ctuner.common.protocol.message.PhysicalDesign;
import java.time.Instant;
import java.util.Map;
import java.util.OptionalDouble;
import java.util.TreeMap;

/** Hand-built samples for unit tests. Synthetic functions only; never Cassandra results. */
public final class TestSamples {

    public static final KnobCatalog CATALOG = KnobCatalog.cassandra50();
    public static final NodeFacts FACTS = new NodeFacts(4096, 2, 1, 24576);

    private TestSamples() {
    }

    public static Configuration config(Object... nameValue) {
        Map<KnobName, KnobValue> values = new TreeMap<>();
        for (int i = 0; i < nameValue.length; i += 2) {
            Object v = nameValue[i + 1];
            KnobValue value = v instanceof Integer n ? KnobValue.of((long) n)
                    : v instanceof Long n ? KnobValue.of((long) n)
                    : v instanceof Double d ? KnobValue.of((double) d)
                    : v instanceof Boolean b ? KnobValue.of((boolean) b)
                    : KnobValue.of((String) v);
            values.put(KnobName.of((String) nameValue[i]), value);
        }
        return new Configuration(values);
    }

    public static Sample sample(Workload workload, Configuration configuration, double throughput, double p99Read,
                                double p99Write, String id) {
        Provenance provenance = new Provenance(id, "synthetic", id, 0, Instant.EPOCH, Instant.EPOCH.plusSeconds(60),
                "5.0.9", "test", new Provenance.Hardware(2, 24576, 4096));
        return new Sample(workload, new PhysicalDesign(1, 1), configuration,
                new Measurements(throughput, OptionalDouble.of(p99Read), OptionalDouble.of(p99Write)), provenance);
    }
}
