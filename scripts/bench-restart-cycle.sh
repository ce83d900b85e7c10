#!/usr/bin/env bash
# Benchmark: T_r phases (drain, stop, start, sync) of one node of a 3-node ring, applied by a supervised
# sidecar process from signed RESTART commands. Writes docs/benchmarks/restart-cycle.md.
exec "$(dirname "$0")/harness-java.sh" dev.ctuner.harness.RestartCycleBenchmark "$@"
