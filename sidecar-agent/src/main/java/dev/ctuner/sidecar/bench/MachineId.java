package dev.ctuner.sidecar.bench;

import java.io.IOException;
import java.net.InetAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Which machine instance this is, for an experiment's provenance ({@code ExperimentResult.machine}
 * and the {@code machine} column of a campaign's CSV): the Linux
 * kernel's boot id, which a new virtual machine or a reboot changes. Machines of one shape differ in
 * speed by more than a knob does (docs/benchmarks/calibration.md), so a campaign that spans sittings
 * must know which runs shared a machine.
 */
public final class MachineId {

    private static final Path BOOT_ID = Path.of("/proc/sys/kernel/random/boot_id");

    private MachineId() {
    }

    /** {@code boot-<boot id>}, else {@code host-<host name>}, else empty. */
    public static String current() {
        try {
            String id = Files.readString(BOOT_ID, StandardCharsets.US_ASCII).trim();
            if (!id.isEmpty()) {
                return "boot-" + id;
            }
        } catch (IOException | SecurityException e) {
            // not Linux, or /proc hidden: fall back to the host name, which at least tells hosts apart
        }
        try {
            return "host-" + InetAddress.getLocalHost().getHostName();
        } catch (IOException e) {
            return "";
        }
    }
}
