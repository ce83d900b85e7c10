package dev.ctuner.harness;

/** A node did not come up; the message carries the node's own reason where it gave one. */
public final class NodeStartupException extends RuntimeException {

    private final String address;

    public NodeStartupException(String address, String reason) {
        super("Cassandra node " + address + " did not start: " + reason);
        this.address = address;
    }

    public String address() {
        return address;
    }
}
