#!/usr/bin/env bash
# Measurement campaigns on a real Cassandra node of this machine (127.0.0.9, JMX 7999), appending
# to docs/data/*.csv and resuming where they stopped. Usage: scripts/campaign.sh CAMPAIGN [OPTIONS]
# (scripts/campaign.sh without arguments lists them). Do not build or benchmark anything else on
# the machine meanwhile: runs disturbed by other processes are marked NOISY and measured again.
#
# The campaign runs from a private copy of its classes, so rebuilding the project while it runs
# cannot pull classes from under it.
set -euo pipefail
cd "$(dirname "$0")/.."
cp_file=integration-tests/target/harness-classpath.txt
if [ ! -f "$cp_file" ] || [ ! -f runtimes/cassandra/target/classpath.txt ] \
   || [ -n "$(find integration-tests/src common/src sidecar-agent/src advisor-core/src/main advisor-service/src/main -newer "$cp_file" -name '*.java' -print -quit 2>/dev/null)" ]; then
  echo "building (./mvnw -q install -DskipTests) ..." >&2
  ./mvnw -q install -DskipTests
  ./mvnw -q -pl integration-tests dependency:build-classpath -Dmdep.outputFile=target/harness-classpath.txt -Dmdep.includeScope=runtime
  touch "$cp_file"  # the plugin leaves an unchanged file as it was: mark this build as the one the sources are checked against
fi
# A private copy per campaign process (named by its PID, which exec keeps): a second invocation, say a
# --report-only while a campaign measures, must not delete the classes the first is still loading.
for d in run/campaign-lib-*; do
  [ -d "$d" ] || continue
  kill -0 "${d##*-}" 2>/dev/null || rm -rf "$d"
done
lib=run/campaign-lib-$$
rm -rf "$lib" && mkdir -p "$lib"  # a dead campaign's copy under a reused PID
cp -a integration-tests/target/classes "$lib/harness-classes"
classpath="$lib/harness-classes"
IFS=: read -ra entries < "$cp_file" || true  # no newline at the end of the file
for e in "${entries[@]}"; do
  case "$e" in
    */dev/ctuner/*) cp "$e" "$lib/"; classpath="$classpath:$lib/$(basename "$e")" ;;
    *) classpath="$classpath:$e" ;;
  esac
done
java_bin="${JAVA17_HOME:-/usr/lib/jvm/java-17-openjdk-amd64}/bin/java"
[ -x "$java_bin" ] || java_bin=java
exec "$java_bin" -Xmx1g -cp "$classpath" dev.ctuner.harness.campaign.CampaignMain "$@"
