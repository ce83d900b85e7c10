/**
 * Pure racing core (GitHub issue 9): races eliminate by the Friedman test with Conover's post-hoc
 * comparisons ({@link dev.ctuner.advisor.core.experiment.FriedmanTest}); iterated racing as irace
 * does it ({@link dev.ctuner.advisor.core.racing.IteratedRace}), vetting
 * by a race of fixed candidates ({@link dev.ctuner.advisor.core.racing.RaceVetting}) and a random
 * search baseline ({@link dev.ctuner.advisor.core.racing.RandomSearch}), all state machines driven
 * by reported results ({@link dev.ctuner.advisor.core.racing.Tuner}) so a campaign can resume by
 * replaying its experiment file.
 */
package dev.ctuner.advisor.core.racing;
