package dev.ctuner.common.protocol.message;

/** How a benchmark picks keys, with YCSB's meaning of each name. */
public enum RequestDistribution {
    UNIFORM,
    ZIPFIAN,
    LATEST,
    HOTSPOT
}
