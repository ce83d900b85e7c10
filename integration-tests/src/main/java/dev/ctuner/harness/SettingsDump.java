package dev.ctuner.harness;

import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.cql.Row;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Starts one fresh node with the harness's default yaml and writes its {@code system_views.settings}
 * as a TSV (name, value; {@code \N} for NULL): the recording the catalog's offline drift test reads.
 *
 * <p>Argument: output file (default {@code docs/reference/cassandra-5.0.9-settings-default.tsv}).
 */
public final class SettingsDump {

    private SettingsDump() {
    }

    public static void main(String[] args) throws Exception {
        Path out = Path.of(args.length > 0 ? args[0] : "docs/reference/cassandra-5.0.9-settings-default.tsv");
        ServerRuntime runtime = ServerRuntime.locate(Path.of("").toAbsolutePath());
        try (CassandraCluster node = CassandraCluster.builder(runtime, Path.of("run/settings-dump")).name("dump").nodes(1).build()) {
            node.start();
            List<String> lines = new ArrayList<>();
            lines.add("# system_views.settings of a Cassandra 5.0.9 node started by the harness with its default yaml");
            lines.add("# (heap 512 MiB, " + Runtime.getRuntime().availableProcessors()
                    + " cores, one data directory). \\N = NULL. Regenerate: scripts/harness-java.sh dev.ctuner.harness.SettingsDump");
            try (CqlSession session = node.session()) {
                for (Row row : session.execute("SELECT name, value FROM system_views.settings")) {
                    String value = row.getString("value");
                    lines.add(row.getString("name") + "\t" + (value == null ? "\\N" : value));
                }
            }
            Files.write(out, lines);
            System.out.println("wrote " + (lines.size() - 2) + " settings to " + out);
        }
    }
}
