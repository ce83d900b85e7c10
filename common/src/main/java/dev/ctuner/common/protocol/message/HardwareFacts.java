package dev.ctuner.common.protocol.message;

/** Hardware of the node an experiment ran on, so results from different machines are not mixed. */
public record HardwareFacts(int cores, long memoryMiB, long heapMiB) {

    public HardwareFacts {
        Checks.positive(cores, "cores");
        Checks.positive(memoryMiB, "memoryMiB");
        Checks.positive(heapMiB, "heapMiB");
    }
}
