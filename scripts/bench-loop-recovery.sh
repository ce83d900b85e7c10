#!/usr/bin/env bash
# Benchmark: the share of a mis-tuning's throughput loss the tuning loop recovers on a 3-node ring (RF=3) under a
# closed-loop QUORUM load (8 requests in flight), with the advisor and three acting sidecars as their own processes; times of the loop's stages.
# Writes docs/benchmarks/closed-loop-recovery.md. Options: --pairs N (5), --round-seconds S (20), --threads T (8),
# --read R (0.95), --trap-read-threads R (2) for the live mis-tuning, or --trap-yaml K=V[,K=V] for a restart-only one
# applied by rolling restarts, or --trap-table K=V[,K=V] for options of the workload's table (compression.class=ZstdCompressor,...)
# applied by ALTER TABLE and a rewrite of every node's SSTables (for both, --settle-seconds S (60) of load after each switch do
# not count), --out FILE. Needs the project built (./mvnw -B install -DskipTests).
exec "$(dirname "$0")/harness-java.sh" dev.ctuner.harness.LoopRecoveryBenchmark "$@"
