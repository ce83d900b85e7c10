package dev.ctuner.sidecar.publish;

import java.time.Duration;

/** Sends one record and waits for the broker's acknowledgement, or throws why it could not. */
@FunctionalInterface
public interface MessageSender {

    void send(String topic, String key, byte[] value, Duration timeout) throws Exception;
}
