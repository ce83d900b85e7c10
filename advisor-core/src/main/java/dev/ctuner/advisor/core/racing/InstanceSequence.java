package dev.ctuner.advisor.core.racing;

import java.util.ArrayList;
import java.util.List;
import java.util.random.RandomGenerator;

/**
 * The instances of a tuning, created on demand: the workloads in a freshly shuffled order per
 * round (every workload once per round, as irace samples its instance list without replacement),
 * each with a new random seed.
 *
 * <pre>{@code
 * InstanceSequence s = new InstanceSequence(List.of("read=0.5", "read=0.9"), rng);
 * s.get(3);   // created (with 0..2) on first use; the same object afterwards
 * }</pre>
 */
public final class InstanceSequence {

    private final List<String> workloads;
    private final RandomGenerator rng;
    private final List<Instance> created = new ArrayList<>();
    private final List<String> round = new ArrayList<>();

    public InstanceSequence(List<String> workloads, RandomGenerator rng) {
        if (workloads.isEmpty()) {
            throw new IllegalArgumentException("at least one workload is needed");
        }
        this.workloads = List.copyOf(workloads);
        this.rng = rng;
    }

    /** Instance {@code index}, creating it and every earlier one first. */
    public Instance get(int index) {
        while (created.size() <= index) {
            if (round.isEmpty()) {
                round.addAll(workloads);
                for (int i = round.size() - 1; i > 0; i--) {
                    int r = rng.nextInt(i + 1);
                    round.set(i, round.set(r, round.get(i)));
                }
            }
            created.add(new Instance(created.size(), round.remove(0), rng.nextLong() & Long.MAX_VALUE));
        }
        return created.get(index);
    }

    /** A new instance after every one created so far. */
    public Instance next() {
        return get(created.size());
    }

    /** How many instances exist. */
    public int size() {
        return created.size();
    }
}
