package dev.ctuner.advisor.learning;

import dev.ctuner.advisor.core.learning.FeatureEncoder;
import dev.ctuner.advisor.core.learning.ModelFamily;
import dev.ctuner.advisor.core.search.GeneticSearch;
import jakarta.validation.Valid;
import jakarta.validation.constraints.DecimalMin;
import jakarta.validation.constraints.Min;
import jakarta.validation.constraints.NotNull;
import java.nio.file.Path;
import java.util.List;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;
import org.springframework.validation.annotation.Validated;

/**
 * What the surrogate models are trained on and how, under {@code ctuner.advisor.learning}.
 *
 * <pre>
 * ctuner.advisor.learning.datasets: [/var/lib/ctuner/training.csv, /var/lib/ctuner/random-rh.csv]   # empty: the bundled data
 * ctuner.advisor.learning.knobs: [concurrent_writes, compaction.class]   # empty: every knob the data varies
 * ctuner.advisor.learning.family: RANDOM_FOREST
 * ctuner.advisor.learning.seed: 42
 * </pre>
 *
 * The default family is the random forest: no evaluation on measured data exists yet to prefer
 * another (see docs/learning-and-search.md), it needs no native code, and its spread over trees is
 * the uncertainty reported with every prediction. Change it when {@code SurrogateBenchmark} on the
 * measured dataset says so.
 *
 * @param datasets         experiment CSV files (docs/data/README.md format), relative ones against the working
 *                         directory; missing files are skipped and reported. Empty: the measurements bundled in the
 *                         advisor's jar (the repository's docs/data/training.csv, see {@link TrainingData})
 * @param knobs            the tuned knobs (catalog or legacy names); empty = every knob that takes two or more values
 * @param family           the surrogate family
 * @param enumEncoding     how enumeration knobs become features
 * @param seed             seed of training and of the search when a request gives none
 * @param trainAtStartup   train in the background at start-up when any dataset file exists (with no dataset configured,
 *                         on the bundled data); advice answers 503 until a model exists
 * @param maxRelativeSpread a prediction spread above this share of its mean flags advice as outside the data
 * @param search           genetic search budget
 * @param includeStored    also train on the measurements in the advisor's database: those its campaigns ran on
 *                         experiment nodes and those imported from experiment CSV files
 */
@Validated
@ConfigurationProperties("ctuner.advisor.learning")
public record LearningProperties(
        @DefaultValue @NotNull List<Path> datasets,
        @DefaultValue @NotNull List<String> knobs,
        @DefaultValue("RANDOM_FOREST") @NotNull ModelFamily family,
        @DefaultValue("ONE_HOT") @NotNull FeatureEncoder.EnumEncoding enumEncoding,
        @DefaultValue("42") long seed,
        @DefaultValue("true") boolean trainAtStartup,
        @DefaultValue("0.25") @DecimalMin("0") double maxRelativeSpread,
        @DefaultValue @Valid @NotNull Search search,
        @DefaultValue("true") boolean includeStored) {

    /** The genetic search with this budget and the core's default rates. */
    public GeneticSearch geneticSearch() {
        GeneticSearch defaults = GeneticSearch.defaults();
        return new GeneticSearch(search.population(), search.generations(), defaults.crossoverRate(),
                defaults.mutationRate());
    }

    /**
     * Population and generations of the genetic search (defaults near RAFIKI's ~3,500 evaluations).
     *
     * @param population configurations per generation of the genetic search
     * @param generations generations the genetic search runs
     */
    public record Search(@DefaultValue("50") @Min(2) int population, @DefaultValue("80") @Min(1) int generations) {
    }
}
