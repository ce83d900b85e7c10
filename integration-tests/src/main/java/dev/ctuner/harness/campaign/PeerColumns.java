package dev.ctuner.harness.campaign;

import java.io.IOException;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * What a comparison's peer table adds to its arms (issue 9, decision 0009): where each tuned arm
 * came from, so the table can give the experiments and machine time it cost, and which arms are
 * the limit (its gain over the reference counts as 100%) and the trap (its loss counts as 100% lost).
 *
 * <pre>{@code
 * PeerColumns p = PeerColumns.of(new String[] {"--source", "race=race-rh", "--source", "limit-random-50/random-50=random-rh:50",
 *         "--limit", "limit-random-50"}, List.of("default", "race", "limit-random-50"), Path.of("docs/data"));
 * p.cost(p.sources().get(1));   // the first 50 experiments of docs/data/random-rh.csv and the machine time they took
 * }</pre>
 *
 * @param sources the picks and the tuning campaigns they came from; an arm standing for several picks
 *                (the same configuration) has one per pick
 * @param limit   the arm standing for the limit (the best of many random configurations), if any
 * @param trap    the arm standing for a mis-tuned starting point, if any
 * @param dataDir where the campaigns' CSVs are
 */
record PeerColumns(List<Pick> sources, Optional<String> limit, Optional<String> trap, Path dataDir) {

    /** A pick an arm stands for ({@code member}, the arm's label when it stands for one) and where it came from. */
    record Pick(String arm, String member, Source source) {
    }

    /**
     * A tuning campaign and how much of it an arm used.
     *
     * @param first its first experiments used (0: all)
     */
    record Source(String campaign, int first) {
    }

    /**
     * What an arm's tuning cost: experiments and the machine time of their runs (every attempt, and
     * the anchors measured among them, counted).
     */
    record Cost(int experiments, double machineSeconds) {
    }

    PeerColumns {
        sources = List.copyOf(sources);
    }

    static PeerColumns none() {
        return new PeerColumns(List.of(), Optional.empty(), Optional.empty(), Path.of("."));
    }

    /**
     * From {@code --source ARM[/PICK]=CAMPAIGN[:N]} (repeatable; PICK names one of several picks an arm
     * stands for), {@code --limit ARM} and {@code --trap ARM}; the trap must be an arm other than the
     * reference (the first), the limit may be the reference (a best configuration that came to the
     * reference's own: no gain, its share n/a), and every source must hold the experiments it is said to
     * have given (checked here, before anything is measured).
     */
    static PeerColumns of(String[] args, List<String> labels, Path dataDir) throws IOException {
        List<Pick> sources = new ArrayList<>();
        for (String text : CampaignMain.values(args, "--source")) {
            int eq = text.indexOf('=');
            if (eq <= 0 || !text.substring(0, eq).matches("[a-z0-9-]+(/[a-z0-9-]+)?")
                    || !text.substring(eq + 1).matches("(race|random)-[a-z0-9-]+(:[0-9]{1,6})?")) {
                throw new IllegalArgumentException("--source '" + text + "': give ARM=CAMPAIGN[:N] or ARM/PICK=CAMPAIGN[:N], "
                        + "the campaign a race-NAME or random-NAME whose first N experiments (all without :N) gave the pick");
            }
            String[] arm = text.substring(0, eq).split("/");
            String label = arm(arm[0], labels, "--source", true);
            String member = arm.length > 1 ? arm[1] : label;
            String[] campaign = text.substring(eq + 1).split(":");
            Source source = new Source(campaign[0], campaign.length > 1 ? Integer.parseInt(campaign[1]) : 0);
            if (sources.stream().anyMatch(p -> p.arm().equals(label) && p.member().equals(member))) {
                throw new IllegalArgumentException("--source for " + label + (member.equals(label) ? "" : "/" + member)
                        + " given twice");
            }
            sources.add(new Pick(label, member, source));
            int available = experiments(ExperimentCsv.read(dataDir.resolve(source.campaign() + ".csv")), source.campaign())
                    .size();
            if (available == 0 || available < source.first()) {
                throw new IllegalArgumentException("--source '" + text + "': " + dataDir.resolve(source.campaign() + ".csv")
                        + " holds " + available + " experiments of " + source.campaign() + (source.first() > 0
                        ? ", fewer than the " + source.first() + " the arm is said to come from" : ""));
            }
        }
        Optional<String> limit = Optional.ofNullable(CampaignMain.option(args, "--limit", null))
                .map(l -> arm(l, labels, "--limit", true));
        Optional<String> trap = Optional.ofNullable(CampaignMain.option(args, "--trap", null))
                .map(l -> arm(l, labels, "--trap", false));
        if (limit.isPresent() && limit.equals(trap)) {
            throw new IllegalArgumentException("--limit and --trap name the same arm '" + limit.get() + "'");
        }
        return new PeerColumns(sources, limit, trap, dataDir);
    }

    boolean isEmpty() {
        return sources.isEmpty() && limit.isEmpty() && trap.isEmpty();
    }

    /** The picks the arm stands for, in the order given. */
    List<Pick> picks(String arm) {
        return sources.stream().filter(p -> p.arm().equals(arm)).toList();
    }

    /** What the pick's tuning cost, read from its campaign's CSV now. */
    Cost cost(Pick pick) throws IOException {
        return cost(ExperimentCsv.read(dataDir.resolve(pick.source().campaign() + ".csv")), pick.source());
    }

    /**
     * The first {@code source.first()} experiments (all when 0) of the campaign in {@code rows}, in the
     * order they were first measured, and the machine time of every row of them plus every anchor row
     * that started before the last of them finished.
     */
    static Cost cost(List<Map<String, String>> rows, Source source) {
        List<String> all = experiments(rows, source.campaign());
        Set<String> used = new LinkedHashSet<>(source.first() > 0 ? all.subList(0, Math.min(source.first(), all.size())) : all);
        Instant lastFinished = Instant.MIN;
        double seconds = 0;
        for (Map<String, String> r : rows) {
            if (source.campaign().equals(r.get("campaign")) && used.contains(key(r))) {
                seconds += Double.parseDouble(r.get("wall_seconds"));
                Instant finished = Instant.parse(r.get("finished_at"));
                lastFinished = finished.isAfter(lastFinished) ? finished : lastFinished;
            }
        }
        for (Map<String, String> r : rows) {
            if (source.campaign().equals(r.get("campaign")) && isAnchor(r)
                    && Instant.parse(r.get("started_at")).isBefore(lastFinished)) {
                seconds += Double.parseDouble(r.get("wall_seconds"));
            }
        }
        return new Cost(used.size(), seconds);
    }

    /** The campaign's experiments (design point and repetition, anchors left out) in the order first measured. */
    static List<String> experiments(List<Map<String, String>> rows, String campaign) {
        Set<String> keys = new LinkedHashSet<>();
        for (Map<String, String> r : rows) {
            if (campaign.equals(r.get("campaign")) && !isAnchor(r)) {
                keys.add(key(r));
            }
        }
        return new ArrayList<>(keys);
    }

    private static boolean isAnchor(Map<String, String> r) {
        return "anchor".equals(r.get("design_point"));
    }

    private static String key(Map<String, String> r) {
        return r.get("design_point") + "/" + r.get("repetition");
    }

    private static String arm(String label, List<String> labels, String option, boolean referenceAllowed) {
        if (!labels.contains(label)) {
            throw new IllegalArgumentException(option + " names arm '" + label + "', which is not among the arms " + labels);
        }
        if (!referenceAllowed && label.equals(labels.get(0))) {
            throw new IllegalArgumentException(option + " names the reference arm '" + label + "' (the first --arm): "
                    + "the peer table measures the other arms against it");
        }
        return label;
    }
}
