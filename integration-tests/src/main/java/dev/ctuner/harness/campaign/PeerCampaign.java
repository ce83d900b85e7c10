package dev.ctuner.harness.campaign;

import dev.ctuner.advisor.bench.RecommendMain;
import dev.ctuner.advisor.core.racing.Candidate;
import dev.ctuner.common.catalog.KnobCatalog;
import dev.ctuner.common.catalog.NodeFacts;
import dev.ctuner.common.catalog.SettingsLine;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * {@code scripts/campaign.sh peers}: the peer comparison of one scenario at equal budget (issue 9,
 * decision 0009), every step resumable, in one command:
 * <ol>
 *   <li>random search, {@code random-RANDOM}: B configurations, one run each (also the limit);</li>
 *   <li>iterated racing, {@code race-NAME}: B experiments from the default, or from the trap
 *       ({@code --trap}), with the small-budget settings of decision 0009;</li>
 *   <li>the picks: the limit (best of the B random runs, which is random search's pick at B), random
 *       search at B/2 (best of the first B/2), the race's, and the surrogate's from the first B and
 *       B/2 random runs ({@link RecommendMain}, from the trap with {@code --trap});</li>
 *   <li>one comparison, {@code compare-NAME-peers}: the default (and the trap) and every distinct
 *       pick in interleaved rounds, with the peer table. Picks with the same effective configuration
 *       are one arm whose label names them all.</li>
 * </ol>
 * The picks are deterministic given the files, so a resumed campaign rebuilds the same arms.
 */
final class PeerCampaign {

    /** Builds a campaign's job from its command and options, as {@code scripts/campaign.sh} would. */
    @FunctionalInterface
    interface Jobs {
        CampaignMain.Job job(String command, String[] args) throws IOException;
    }

    static final List<String> WORKLOAD_OPTIONS = List.of("--read", "--scan", "--insert", "--rmw", "--distribution", "--rows",
            "--operations");
    static final List<String> COMMON_OPTIONS = List.of("--seed", "--max-attempts", "--anchor-every", "--stop-after");
    /** What the comparison takes of the common options: it has no anchors. */
    static final List<String> COMPARE_OPTIONS = List.of("--seed", "--max-attempts", "--stop-after");

    private final String name;
    private final String randomName;
    private final List<String> knobs;
    private final int budget;
    private final int rounds;
    private final Optional<Map<String, String>> trap;
    private final List<String> passThrough;
    private final KnobColumns columns;
    private final Path root;

    private PeerCampaign(String name, String randomName, List<String> knobs, int budget, int rounds,
            Optional<Map<String, String>> trap, List<String> passThrough, KnobColumns columns, Path root) {
        this.name = name;
        this.randomName = randomName;
        this.knobs = knobs;
        this.budget = budget;
        this.rounds = rounds;
        this.trap = trap;
        this.passThrough = passThrough;
        this.columns = columns;
        this.root = root;
    }

    static PeerCampaign of(String[] args, KnobCatalog catalog, NodeFacts facts, Path root) {
        String name = label(CampaignMain.option(args, "--name", null), "--name");
        String randomName = label(CampaignMain.option(args, "--random", name), "--random");
        List<String> knobs = CampaignMain.list(CampaignMain.option(args, "--knobs", ""));
        if (knobs.isEmpty()) {
            throw new IllegalArgumentException("peers needs --knobs a,b,...: the space every method searches");
        }
        int budget = CampaignMain.integer(args, "--budget", 100, 20);
        int rounds = CampaignMain.integer(args, "--rounds", 7, 2);
        WorkloadShape.of(args); // checks the workload options now
        Optional<Map<String, String>> trap = Optional.ofNullable(CampaignMain.option(args, "--trap", null)).map(t -> {
            List<Map<String, String>> given = CampaignMain.given(new String[] {"--given", t}, catalog, facts, knobs);
            if (given.get(0).isEmpty()) {
                throw new IllegalArgumentException("--trap sets no knob: give the mis-tuned configuration as k=v;k=v");
            }
            return given.get(0);
        });
        KnobColumns columns = new KnobColumns(catalog, facts, knobs);
        if (trap.isPresent() && columns.apply(trap.get()).equals(columns.apply(Map.of()))) {
            throw new IllegalArgumentException("--trap '" + CampaignMain.option(args, "--trap", "") + "' is the default "
                    + "configuration (every value is the default's): nothing to recover from");
        }
        List<String> passThrough = new ArrayList<>();
        for (String option : concat(WORKLOAD_OPTIONS, COMMON_OPTIONS)) {
            String value = CampaignMain.option(args, option, null);
            if (value != null) {
                passThrough.add(option);
                passThrough.add(value);
            }
        }
        return new PeerCampaign(name, randomName, knobs, budget, rounds, trap, passThrough, columns, root);
    }

    /** The options of the random-search campaign. */
    String[] randomArgs() {
        return args("random", "--name", randomName, "--knobs", String.join(",", knobs), "--budget", Integer.toString(budget),
                "--per-configuration", "1");
    }

    /** The options of the race: from the default, or from the trap. */
    String[] raceArgs() {
        List<String> a = new ArrayList<>(List.of("race", "--name", name, "--knobs", String.join(",", knobs), "--budget",
                Integer.toString(budget), "--first-test", "3", "--iterations", "3", "--min-survivors", "2"));
        if (trap.isPresent()) {
            a.addAll(List.of("--given", SettingsLine.format(trap.get())));
        } else {
            a.add("--with-default");
        }
        return args(a.toArray(String[]::new));
    }

    /** The options of the surrogate's pick from the first {@code first} random runs. */
    String[] surrogateArgs(int first) {
        List<String> a = new ArrayList<>(List.of(root.resolve("docs/data/random-" + randomName + ".csv").toString(), "--first",
                Integer.toString(first)));
        trap.ifPresent(t -> a.addAll(List.of("--current", SettingsLine.format(t))));
        int seed = passThrough.indexOf("--seed");
        if (seed >= 0) {
            a.addAll(List.of("--seed", passThrough.get(seed + 1)));
        }
        return a.toArray(String[]::new);
    }

    /**
     * One arm of the comparison: the picks it stands for, its configuration, and where each pick came
     * from (null for the default and the trap), in the order of {@code members}.
     */
    record Arm(List<String> members, Map<String, String> configuration, List<String> sources) {

        Arm {
            members = List.copyOf(members);
            sources = java.util.Collections.unmodifiableList(new ArrayList<>(sources));
        }

        String label() {
            return String.join("-", members);
        }
    }

    /**
     * The comparison's arms: the default, the trap, then each pick in turn, a pick whose effective
     * configuration equals an earlier arm's joining that arm.
     *
     * @param picks label to configuration and source ({@code CAMPAIGN[:N]}), in order
     */
    List<Arm> arms(List<Map.Entry<String, Arm>> picks) {
        List<Arm> arms = new ArrayList<>();
        arms.add(new Arm(List.of("default"), Map.of(), java.util.Collections.singletonList(null)));
        trap.ifPresent(t -> arms.add(new Arm(List.of("trap"), t, java.util.Collections.singletonList(null))));
        for (Map.Entry<String, Arm> pick : picks) {
            Map<String, String> effective = columns.apply(pick.getValue().configuration());
            int same = -1;
            for (int i = 0; i < arms.size(); i++) {
                if (columns.apply(arms.get(i).configuration()).equals(effective)) {
                    same = i;
                    break;
                }
            }
            if (same < 0) {
                arms.add(pick.getValue());
            } else {
                Arm a = arms.get(same);
                List<String> members = new ArrayList<>(a.members());
                members.addAll(pick.getValue().members());
                List<String> sources = new ArrayList<>(a.sources());
                sources.addAll(pick.getValue().sources());
                arms.set(same, new Arm(members, a.configuration(), sources));
            }
        }
        return arms;
    }

    /** The comparison's options: every arm, the sources of the picks, the limit and the trap. */
    String[] compareArgs(List<Arm> arms) {
        List<String> a = new ArrayList<>(List.of("compare", "--name", name + "-peers", "--rounds", Integer.toString(rounds)));
        for (Arm arm : arms) {
            a.addAll(List.of("--arm", arm.label() + "=" + SettingsLine.format(arm.configuration())));
        }
        for (Arm arm : arms) {
            for (int m = 0; m < arm.members().size(); m++) {
                if (arm.sources().get(m) != null) {
                    String who = arm.members().size() == 1 ? arm.label() : arm.label() + "/" + arm.members().get(m);
                    a.addAll(List.of("--source", who + "=" + arm.sources().get(m)));
                }
            }
        }
        // a limit that came to the trap's configuration is the trap (no gain to share); one that came to the
        // reference's (the first arm) is named all the same, so that the table says n/a rather than nothing
        for (int i = 0; i < arms.size(); i++) {
            if (arms.get(i).members().contains("trap")) {
                a.addAll(List.of("--trap", arms.get(i).label()));
            } else if (arms.get(i).members().contains("limit")) {
                a.addAll(List.of("--limit", arms.get(i).label()));
            }
        }
        for (int i = 0; i < passThrough.size(); i += 2) {
            if (WORKLOAD_OPTIONS.contains(passThrough.get(i)) || COMPARE_OPTIONS.contains(passThrough.get(i))) {
                a.addAll(passThrough.subList(i, i + 2));
            }
        }
        return a.toArray(String[]::new);
    }

    /** The whole scenario as one job: the random search, the race, the picks, the comparison. */
    CampaignMain.Job job(Jobs jobs, TuningReplay replay) throws IOException {
        CampaignMain.Job random = jobs.job("random", randomArgs());
        CampaignMain.Job race = jobs.job("race", raceArgs());
        return (node, runner) -> {
            random.run(node, runner);
            race.run(node, runner);
            List<Arm> arms = arms(picks(replay));
            String[] compare = compareArgs(arms);
            System.out.println("peers " + name + ": the comparison: scripts/campaign.sh "
                    + String.join(" ", ComparisonReport.quoted(compare)));
            jobs.job("compare", compare).run(node, runner);
        };
    }

    /** Replays a finished tuning campaign's file: the best of its first N runs, and its tuner's pick. */
    interface TuningReplay {
        RaceCampaign.Measured bestOfFirst(String command, String[] args, int first) throws IOException, InterruptedException;

        Candidate pick(String command, String[] args) throws IOException, InterruptedException;
    }

    /** The picks in the order of the comparison's arms. */
    List<Map.Entry<String, Arm>> picks(TuningReplay replay) throws IOException, InterruptedException {
        int half = budget / 2;
        String randomCampaign = "random-" + randomName;
        List<Map.Entry<String, Arm>> picks = new ArrayList<>();
        picks.add(pick("limit", replay.bestOfFirst("random", randomArgs(), 0).configuration(), randomCampaign));
        picks.add(pick("random-" + half, replay.bestOfFirst("random", randomArgs(), half).configuration(),
                randomCampaign + ":" + half));
        picks.add(pick("race", replay.pick("race", raceArgs()).configuration(), "race-" + name));
        picks.add(pick("surrogate", SettingsLine.parse(RecommendMain.pick(surrogateArgs(budget), System.out)),
                randomCampaign + ":" + budget));
        picks.add(pick("surrogate-" + half, SettingsLine.parse(RecommendMain.pick(surrogateArgs(half), System.out)),
                randomCampaign + ":" + half));
        return picks;
    }

    private static Map.Entry<String, Arm> pick(String label, Map<String, String> configuration, String source) {
        return Map.entry(label, new Arm(List.of(label), configuration, List.of(source)));
    }

    private String[] args(String... command) {
        List<String> a = new ArrayList<>(List.of(command));
        a.addAll(passThrough);
        return a.toArray(String[]::new);
    }

    private static String label(String value, String option) {
        if (value == null || !value.matches("[a-z0-9-]+")) {
            throw new IllegalArgumentException(option + " must be given as lower-case letters, digits and '-', got " + value);
        }
        return value;
    }

    private static List<String> concat(List<String> a, List<String> b) {
        List<String> out = new ArrayList<>(a);
        out.addAll(b);
        return out;
    }
}
