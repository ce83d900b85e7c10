#!/usr/bin/env bash
# Benchmark: load time of the operator UI's first page (clusters) and of the recommendations and rollouts lists
# in real headless Chromium (Debian's chromium and chromium-driver), with 3 clusters, 50 recommendations and
# 20 rollouts in the store, against two baselines measured in the same run (/actuator/health, the sign-in page).
# Writes docs/benchmarks/ui-page-load.md. Extra arguments go to Maven (for example -o).
set -euo pipefail
cd "$(dirname "$0")/.."
exec ./mvnw -q -B -pl advisor-service -am test -Dtest=UiPageLoadBenchmark -Dui.benchmark=true \
  -Dsurefire.failIfNoSpecifiedTests=false "$@"
