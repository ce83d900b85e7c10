#!/usr/bin/env bash
# Mis-tunes the quickstart's ring again (every node's read stage shrunk through JMX, live), for the loop to find.
# Options: --nodes N (3), --read-threads T (2).
exec "$(dirname "$0")/harness-java.sh" dev.ctuner.harness.DemoMisTune "$@"
