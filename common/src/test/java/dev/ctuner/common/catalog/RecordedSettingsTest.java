package dev.ctuner.common.catalog;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Offline twin of the live drift check: the catalog's NODE defaults against the settings a real
 * Cassandra 5.0.9 node reported (recorded in docs/reference; heap 512 MiB, 2 cores, 1 data directory).
 */
class RecordedSettingsTest {

    static Map<String, String> recorded() throws IOException {
        Map<String, String> settings = new HashMap<>();
        for (String line : Files.readAllLines(Path.of("../docs/reference/cassandra-5.0.9-settings-default.tsv"))) {
            if (line.startsWith("#") || line.isBlank()) {
                continue;
            }
            String[] parts = line.split("\t", 2);
            settings.put(parts[0], parts[1].equals("\\N") ? null : parts[1]);
        }
        return settings;
    }

    @Test
    void everyNodeDefaultMatchesWhatARealNodeReported() throws IOException {
        KnobCatalog catalog = KnobCatalog.cassandra50();
        Configuration defaults = catalog.effective(Configuration.EMPTY, new NodeFacts(512, 2, 1, 24_000));
        assertThat(new SettingsReadback(catalog).compare(defaults, recorded())).isEmpty();
    }

    @Test
    void noticesADifferentValue() throws IOException {
        KnobCatalog catalog = KnobCatalog.cassandra50();
        Configuration defaults = catalog.effective(Configuration.EMPTY, new NodeFacts(1024, 2, 1, 24_000));
        assertThat(new SettingsReadback(catalog).compare(defaults, recorded()))
                .extracting(m -> m.knob().value())
                .contains("memtable_heap_space", "file_cache_size", "key_cache_size");
    }
}
