#!/usr/bin/env bash
# Benchmark: whole-cluster rollout time of a RESTART change on a 3-node ring (RF=3), carried out by the advisor
# process through three supervised sidecar processes; per node T_r and phases, canary window.
# Writes docs/benchmarks/rollout.md. Options: --repetitions N (3), --values A,B (96MiB,112MiB), --canary-window 30s, --out FILE.
exec "$(dirname "$0")/harness-java.sh" dev.ctuner.harness.RolloutBenchmark "$@"
