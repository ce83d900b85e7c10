package dev.ctuner.advisor.store;

import java.util.UUID;

/**
 * A signed command as it was sent to a node: its id, to look up its results, and its exact bytes
 * (JSON), to send the very same command again if it may not have reached the broker. A sidecar
 * answers a command id it has seen with its earlier result, so sending it again never applies twice.
 *
 * @param envelopeJson the signed envelope as encoded; contains no secret
 */
public record SentCommand(UUID id, String envelopeJson) {
}
