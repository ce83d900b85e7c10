#!/usr/bin/env bash
# The whole product on this machine: a Cassandra 5.0 ring (3 nodes on 127.0.0.1-3 by default, --nodes 1 for a lighter
# demo), a Kafka broker, the advisor with its UI, an acting sidecar per node and a demo workload on a mis-tuned ring
# (--no-demo for a bare stack; --prometheus also starts Prometheus where it is installed). Builds first if needed.
# Prints the UI's address and generated credentials. Ctrl-C stops every process it started, by PID. Needs only JDK 17.
exec "$(dirname "$0")/scripts/harness-java.sh" dev.ctuner.harness.Quickstart "$@"
