#!/usr/bin/env bash
# Benchmark: the throughput a restart-only mis-tuning (cassandra.yaml values, applied by a rolling restart) costs a
# fresh 3-node ring (RF=3) under a closed-loop QUORUM load, default against mis-tuned in ABBA rounds.
# Writes docs/benchmarks/trap-loss.md. Example: --trap memtable_cleanup_threshold=0.01 --read 0.5; --help lists the options.
# Needs the project built (./mvnw -B install -DskipTests).
exec "$(dirname "$0")/harness-java.sh" dev.ctuner.harness.TrapLossBenchmark "$@"
