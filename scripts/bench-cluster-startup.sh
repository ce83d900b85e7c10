#!/usr/bin/env bash
# Benchmark: time to a fresh single node, a fresh 3-node ring and a fresh Kafka broker, repeated.
# Writes docs/benchmarks/cluster-startup.md. Needs ports 9042/7000 on 127.0.0.1-3 free (no other cluster running).
exec "$(dirname "$0")/harness-java.sh" dev.ctuner.harness.ClusterStartupBenchmark "$@"
