#!/usr/bin/env bash
# Benchmark: node throughput with the sidecar sampling vs paused (interleaved), and the sidecar's
# resident memory. Writes docs/benchmarks/sidecar-overhead.md. Needs the ports of 127.0.0.1 free.
exec "$(dirname "$0")/harness-java.sh" dev.ctuner.harness.SidecarOverheadBenchmark "$@"
