package dev.ctuner.advisor.rollout;

import dev.ctuner.common.protocol.NodeId;

/** Puts a signed, encoded command on the commands topic, keyed by node, and waits for the broker's ack. */
public interface CommandSender {

    /** @throws RuntimeException when the broker did not take it; the caller tries again later */
    void send(NodeId node, byte[] envelope);
}
