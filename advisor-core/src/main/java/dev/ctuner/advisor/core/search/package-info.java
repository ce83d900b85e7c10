/**
 * Pure search core: objectives over surrogate predictions, a seeded genetic search (Jenetics)
 * with RAFIKI's interpolating crossover, an exhaustive grid for comparison, and the
 * {@link dev.ctuner.advisor.core.search.Recommender} facade adapters call.
 */
package dev.ctuner.advisor.core.search;
