#!/usr/bin/env bash
# Runs a main class of the real-cluster harness (integration-tests module) on JDK 17, with the
# harness's own classpath; Cassandra and Kafka get theirs from runtimes/*/target/classpath.txt.
# Builds first if needed. Usage: scripts/harness-java.sh MAIN_CLASS [ARGS...]
set -euo pipefail
cd "$(dirname "$0")/.."
main="$1"; shift
cp_file=integration-tests/target/harness-classpath.txt
if [ ! -s "$cp_file" ] || [ ! -f runtimes/cassandra/target/classpath.txt ] || [ ! -f runtimes/kafka/target/classpath.txt ] \
   || [ -n "$(find integration-tests/src common/src sidecar-agent/src advisor-core/src advisor-service/src -newer "$cp_file" -name '*.java' -print -quit 2>/dev/null)" ]; then
  echo "building (./mvnw -q install -DskipTests) ..." >&2
  ./mvnw -q install -DskipTests
  ./mvnw -q -pl integration-tests dependency:build-classpath -Dmdep.outputFile=target/harness-classpath.txt -Dmdep.includeScope=runtime
  # The plugin leaves an unchanged file untouched; its time is what says "built after these sources".
  touch "$cp_file"
fi
java_bin="${JAVA17_HOME:-/usr/lib/jvm/java-17-openjdk-amd64}/bin/java"
[ -x "$java_bin" ] || java_bin=java
exec "$java_bin" -cp "integration-tests/target/classes:$(cat "$cp_file")" "$main" "$@"
