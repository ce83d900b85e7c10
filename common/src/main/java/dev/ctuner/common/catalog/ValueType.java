package dev.ctuner.common.catalog;

/** The type of a knob's values. */
public enum ValueType { INTEGER, REAL, BOOLEAN, ENUM }
