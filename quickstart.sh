#!/usr/bin/env bash
# Local quickstart: builds the project, then starts a real Cassandra 5.0 cluster (1 node by default,
# --nodes 3 for a ring on 127.0.0.1-3) and a real Kafka KRaft broker on 127.0.0.1:9092.
# Ctrl-C stops every process it started, by PID. Needs only JDK 17.
exec "$(dirname "$0")/scripts/harness-java.sh" dev.ctuner.harness.LocalStack "$@"
