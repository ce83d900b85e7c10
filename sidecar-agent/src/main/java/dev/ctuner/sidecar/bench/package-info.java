/**
 * The workload driver: a YCSB-compatible load generator for Cassandra that the sidecar and the
 * real-node tests use to produce workloads with a known ground truth. Plain Java, no Spring.
 *
 * <ul>
 *   <li>Data: {@link dev.ctuner.sidecar.bench.RecordFormat}, {@link dev.ctuner.sidecar.bench.Schema},
 *       {@link dev.ctuner.sidecar.bench.Loader}.</li>
 *   <li>What to run: {@link dev.ctuner.sidecar.bench.WorkloadSpec} (run-wide) and a
 *       {@link dev.ctuner.sidecar.bench.Schedule} of {@link dev.ctuner.sidecar.bench.Phase}s, each with an
 *       {@link dev.ctuner.sidecar.bench.OperationMix}, a {@link dev.ctuner.sidecar.bench.KeyDistribution},
 *       a {@link dev.ctuner.sidecar.bench.LoadControl} and a {@link dev.ctuner.sidecar.bench.StopCondition};
 *       or a {@link dev.ctuner.sidecar.bench.TraceFile}.</li>
 *   <li>Running and results: {@link dev.ctuner.sidecar.bench.WorkloadDriver},
 *       {@link dev.ctuner.sidecar.bench.RunResult}, {@link dev.ctuner.sidecar.bench.KeySequence}.</li>
 *   <li>Checks: {@link dev.ctuner.sidecar.bench.GoodnessOfFit},
 *       {@link dev.ctuner.sidecar.bench.ChiSquareDistribution}, {@link dev.ctuner.sidecar.bench.ZipfSampler}.</li>
 *   <li>Command line: {@link dev.ctuner.sidecar.bench.BenchMain}.</li>
 * </ul>
 *
 * <p>Determinism: every random choice derives from {@link dev.ctuner.sidecar.bench.WorkloadSpec#seed()};
 * one issuing thread decides every operation, so the same spec and schedule issue the same sequence of
 * operations (a duration-limited phase issues a prefix of it).
 */
package dev.ctuner.sidecar.bench;
