package dev.ctuner.advisor.cli;

import dev.ctuner.advisor.data.CsvLine;
import dev.ctuner.advisor.store.ExperimentSampleStore;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.Callable;
import java.util.function.Supplier;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Parameters;

/**
 * {@code experiments import FILE...}: puts the rows of experiment CSV files (docs/data/README.md) into
 * the advisor's database, where training reads them beside its own campaigns' measurements. A row is
 * stored under its file's name and experiment id, and skipped when that is stored already, so
 * importing a file twice adds nothing; a file
 * that is not an experiment CSV is refused before anything of it is stored.
 *
 * <pre>{@code
 * int exit = ExperimentsCommand.execute(new String[] {"import", "docs/data/training.csv"}, () -> store, out, err);
 * }</pre>
 */
@Command(name = "experiments", description = "Imports measurements from experiment CSV files into the advisor's database.")
public final class ExperimentsCommand implements Callable<Integer> {

    /** Columns without which a row is not a measurement. */
    static final List<String> REQUIRED = List.of("experiment_id", "campaign", "quality", "throughput");

    private final Supplier<ExperimentSampleStore> store;
    private final PrintWriter out;
    private final PrintWriter err;

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    private ExperimentsCommand(Supplier<ExperimentSampleStore> store, PrintWriter out, PrintWriter err) {
        this.store = store;
        this.out = out;
        this.err = err;
    }

    /** Runs {@code args} (after the word {@code experiments}); @return the exit code: 0 done, 1 refused, 2 bad usage */
    public static int execute(String[] args, Supplier<ExperimentSampleStore> store, PrintWriter out, PrintWriter err) {
        ExperimentsCommand command = new ExperimentsCommand(store, out, err);
        CommandLine line = new CommandLine(command).addSubcommand(command.new Import());
        line.setOut(out).setErr(err);
        line.setExecutionExceptionHandler((e, cmd, parsed) -> {
            if (e instanceof IllegalArgumentException || e instanceof IOException) {
                err.println("error: " + e.getMessage());
                return 1;
            }
            throw e;
        });
        int exit = line.execute(args);
        out.flush();
        err.flush();
        return exit;
    }

    @Override
    public Integer call() {
        spec.commandLine().usage(err);
        return 2;
    }

    @Command(name = "import", description = "Stores every row of the files (rows stored before are skipped).")
    final class Import implements Callable<Integer> {

        @CommandLine.Mixin
        UsersCommand.Help help;

        @Parameters(arity = "1..*", paramLabel = "FILE", description = "Experiment CSV files, e.g. docs/data/*.csv.")
        List<Path> files;

        @Override
        public Integer call() throws IOException {
            List<List<Map<String, String>>> read = new ArrayList<>();
            for (Path f : files) {
                read.add(rows(f));   // every file checked before anything is stored
            }
            ExperimentSampleStore samples = store.get();
            long storedBefore = samples.count();
            for (int i = 0; i < files.size(); i++) {
                int added = 0;
                for (Map<String, String> row : read.get(i)) {
                    added += samples.record(stored(files.get(i).getFileName().toString(), row, Instant.now())) ? 1 : 0;
                }
                out.printf("%s: %d rows, %d stored, %d stored before%n", files.get(i), read.get(i).size(), added,
                        read.get(i).size() - added);
            }
            out.printf("the database holds %d measurements (%d before)%n", samples.count(), storedBefore);
            return 0;
        }
    }

    /** The rows of an experiment CSV as column to text. @throws IllegalArgumentException when it is not one */
    static List<Map<String, String>> rows(Path file) throws IOException {
        if (!Files.isRegularFile(file)) {
            throw new IllegalArgumentException(file + " is not a file; nothing was imported");
        }
        List<String> lines = Files.readAllLines(file, StandardCharsets.UTF_8);
        if (lines.isEmpty()) {
            return List.of();
        }
        List<String> header = CsvLine.split(lines.get(0).replace("\uFEFF", "")).stream().map(String::trim).toList();
        List<String> missing = REQUIRED.stream().filter(c -> !header.contains(c)).toList();
        if (!missing.isEmpty()) {
            throw new IllegalArgumentException(file + " is not an experiment CSV: its header lacks " + missing
                    + "; nothing was imported");
        }
        List<Map<String, String>> rows = new ArrayList<>();
        for (int n = 1; n < lines.size(); n++) {
            if (lines.get(n).isBlank()) {
                continue;
            }
            List<String> fields = CsvLine.split(lines.get(n));
            if (fields.size() > header.size()) {
                throw new IllegalArgumentException(file + " line " + (n + 1) + " has " + fields.size() + " fields where the header"
                        + " has " + header.size() + "; nothing was imported");
            }
            Map<String, String> row = new LinkedHashMap<>();
            for (int i = 0; i < header.size(); i++) {
                row.put(header.get(i), i < fields.size() ? fields.get(i).trim() : "");
            }
            if (row.get("experiment_id").isEmpty()) {
                throw new IllegalArgumentException(file + " line " + (n + 1) + " has no experiment_id; nothing was imported");
            }
            rows.add(row);
        }
        return rows;
    }

    /**
     * A row as stored: under {@code file#experiment_id}, since the lab's files reuse an id for runs of
     * different sittings (a calibration measured again), so importing the same file again adds nothing
     * while two files never hide each other's rows.
     */
    static ExperimentSampleStore.StoredExperiment stored(String file, Map<String, String> row, Instant at) {
        double throughput;
        try {
            throughput = row.get("throughput").isEmpty() ? 0 : Double.parseDouble(row.get("throughput"));
        } catch (NumberFormatException e) {
            throughput = 0;   // the reader refuses the row when it trains; it is kept as measured
        }
        return new ExperimentSampleStore.StoredExperiment(file + "#" + row.get("experiment_id"), ExperimentSampleStore.Source.IMPORT,
                row.get("campaign"), Optional.empty(), Optional.empty(), row.getOrDefault("machine", ""),
                row.getOrDefault("driver_version", ""), row.get("quality"), throughput, at, row);
    }
}
