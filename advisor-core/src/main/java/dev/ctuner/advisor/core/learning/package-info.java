/**
 * Pure learning core: samples, feature encoding, knob importance (ANOVA), surrogate models and
 * their evaluation. No I/O, no clock, no hidden randomness: every random choice takes a seed.
 * {@code dev.ctuner.advisor.core.ArchitectureTest} keeps it that way.
 */
package dev.ctuner.advisor.core.learning;
