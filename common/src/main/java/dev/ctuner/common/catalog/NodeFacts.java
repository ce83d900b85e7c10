package dev.ctuner.common.catalog;

/**
 * Facts about a node that some domains and defaults derive from (Cassandra sizes its memtables
 * and caches from the heap, its compactors from cores and disks).
 *
 * @param heapMiB          maximum JVM heap of the Cassandra process
 * @param cores            processors available to the Cassandra process
 * @param dataDirectories  number of data_file_directories
 * @param memoryMiB        physical memory of the machine
 */
public record NodeFacts(long heapMiB, int cores, int dataDirectories, long memoryMiB) {

    public NodeFacts {
        if (heapMiB < 64) {
            throw new IllegalArgumentException("heapMiB must be at least 64, was " + heapMiB);
        }
        if (cores < 1) {
            throw new IllegalArgumentException("cores must be at least 1, was " + cores);
        }
        if (dataDirectories < 1) {
            throw new IllegalArgumentException("dataDirectories must be at least 1, was " + dataDirectories);
        }
        if (memoryMiB < heapMiB) {
            throw new IllegalArgumentException("memoryMiB (" + memoryMiB + ") is less than heapMiB (" + heapMiB + ")");
        }
    }
}
