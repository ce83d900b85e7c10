package dev.ctuner.common.protocol.codec;

import static dev.ctuner.common.protocol.codec.JsonTrees.edit;
import static dev.ctuner.common.protocol.codec.JsonTrees.payload;
import static dev.ctuner.common.protocol.codec.JsonTrees.text;
import static org.assertj.core.api.Assertions.assertThat;

import dev.ctuner.common.protocol.Envelope;
import dev.ctuner.common.protocol.MessageType;
import dev.ctuner.common.protocol.Samples;
import dev.ctuner.common.protocol.SchemaVersion;
import dev.ctuner.common.protocol.message.ExperimentResult;
import dev.ctuner.common.protocol.message.Message;
import dev.ctuner.common.protocol.message.NodeState;
import dev.ctuner.common.protocol.message.NodeStatus;
import dev.ctuner.common.protocol.message.WorkloadSample;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;
import tools.jackson.databind.node.ObjectNode;

class MessageCodecRoundTripTest {

    private final MessageCodec codec = new MessageCodec();

    static Stream<Message> messages() {
        return Samples.allMessages().stream();
    }

    @ParameterizedTest
    @MethodSource("messages")
    void everyMessageTypeSurvivesEncodeAndDecode(Message message) {
        Envelope envelope = Samples.envelope(message);
        DecodeResult result = codec.decode(codec.encode(envelope));
        assertThat(result).isInstanceOf(DecodeResult.Decoded.class);
        assertThat(((DecodeResult.Decoded) result).envelope()).isEqualTo(envelope);
    }

    @Test
    void everyMessageTypeIsCoveredBySamples() {
        assertThat(Samples.allMessages().stream().map(MessageType::of).distinct())
                .containsExactlyInAnyOrder(MessageType.values());
    }

    @Test
    void unknownMetricsAreWrittenAsNullAndReadBackAsNull() {
        Envelope envelope = Samples.envelope(Samples.workloadSample());
        byte[] bytes = codec.encode(envelope);
        ObjectNode performance = (ObjectNode) payload(JsonTrees.tree(bytes)).get("performance");
        assertThat(performance.get("coordinatorWrite").get("p99").isNull()).isTrue();
        assertThat(performance.get("heapMaxBytes").isNull()).isTrue();

        WorkloadSample decoded = (WorkloadSample) decoded(bytes).payload();
        assertThat(decoded.performance().coordinatorWrite().p99()).isNull();
        assertThat(decoded.performance().localWrite().p50()).isNull();
        assertThat(decoded.performance().heapMaxBytes()).isNull();
        assertThat(decoded.tables().get(1).readRatio()).isNull();
    }

    @Test
    void absentNullableFieldDecodesAsUnknownNotZero() {
        byte[] bytes = edit(codec.encode(Samples.envelope(Samples.workloadSample())), root -> {
            ObjectNode performance = (ObjectNode) payload(root).get("performance");
            performance.remove("pendingCompactions");
            ((ObjectNode) performance.get("coordinatorRead")).remove("p99");
        });
        WorkloadSample decoded = (WorkloadSample) decoded(bytes).payload();
        assertThat(decoded.performance().pendingCompactions()).isNull();
        assertThat(decoded.performance().coordinatorRead().p99()).isNull();
        assertThat(decoded.performance().coordinatorRead().p50()).isEqualTo(412.0);
    }

    @Test
    void aHeartbeatFromAnOlderSidecarWithoutActiveStreamsDecodesAsUnknown() {
        byte[] bytes = edit(codec.encode(Samples.envelope(Samples.nodeStatus())), root -> payload(root).remove("activeStreams"));
        assertThat(((dev.ctuner.common.protocol.message.NodeStatus) decoded(bytes).payload()).activeStreams()).isNull();
    }

    @Test
    void aHeartbeatFromAnOlderSidecarWithoutTopologyDecodesAsUnknown() {
        byte[] bytes = edit(codec.encode(Samples.envelope(Samples.nodeStatus())), root -> payload(root).remove("topology"));
        NodeStatus decoded = (NodeStatus) decoded(bytes).payload();
        assertThat(decoded.topology()).isNull();
        assertThat(decoded.schemaVersion()).isEqualTo(Samples.nodeStatus().schemaVersion());
    }

    @Test
    void topologyRoundTripsWithVnodesPeersAndReplication() {
        ObjectNode root = JsonTrees.tree(codec.encode(Samples.envelope(Samples.nodeStatus())));
        ObjectNode topology = (ObjectNode) payload(root).get("topology");
        assertThat(topology.propertyNames()).containsExactly("hostId", "dc", "rack", "tokens", "peers", "keyspaces");
        // tokens are JSON numbers (longs), sorted, so that a reader in any language compares them exactly
        assertThat(topology.get("tokens").get(0).asLong()).isEqualTo(Long.MIN_VALUE);
        assertThat(topology.get("keyspaces").get(0).get("replication").get("dc1").asString()).isEqualTo("3");
        NodeStatus decoded = (NodeStatus) decoded(codec.encode(Samples.envelope(Samples.nodeStatus()))).payload();
        assertThat(decoded.topology()).isEqualTo(Samples.topology());
        assertThat(decoded.topology().peers().get(1).tokens()).isNull();
        assertThat(decoded.topology().keyspaces().get(1).strategyName()).isEqualTo("SimpleStrategy");
    }

    @Test
    void aTopologyWithABadHostIdIsRejectedNamingTheField() {
        byte[] bytes = edit(codec.encode(Samples.envelope(Samples.nodeStatus())),
                root -> ((ObjectNode) payload(root).get("topology")).put("hostId", "node-1"));
        assertThat(codec.decode(bytes)).isInstanceOfSatisfying(DecodeResult.Rejected.class,
                r -> assertThat(r.detail()).contains("hostId").contains("node-1"));
    }

    @Test
    void envelopeJsonHasTheDocumentedShape() {
        Envelope envelope = Samples.envelope(Samples.nodeStatus());
        ObjectNode root = JsonTrees.tree(codec.encode(envelope));
        assertThat(root.propertyNames())
                .containsExactly("type", "schemaVersion", "clusterId", "nodeId", "id", "createdAt", "payload");
        assertThat(root.get("schemaVersion").stringValue()).isEqualTo("1.2");
        assertThat(root.get("createdAt").stringValue()).isEqualTo("2025-03-14T09:26:53.589793238Z");
        assertThat(payload(root).propertyNames()).containsExactly("cassandraVersion", "state", "hintsPending",
                "schemaVersion", "sidecarVersion", "uptimeSeconds", "reachable", "publisherBacklog", "droppedMessages",
                "activeStreams", "topology");
        // Derived accessors such as OperationCounts.total() must not leak into the wire form.
        ObjectNode sample = JsonTrees.tree(codec.encode(Samples.envelope(Samples.workloadSample())));
        assertThat(payload(sample).get("operations").has("total")).isFalse();
    }

    @Test
    void unknownFieldsAreIgnoredAtEveryLevel() {
        Envelope envelope = Samples.envelope(Samples.workloadSample());
        byte[] bytes = edit(codec.encode(envelope), root -> {
            root.put("traceId", "abc123");
            payload(root).putObject("gpuMetrics").put("util", 0.5);
            ((ObjectNode) payload(root).get("operations")).put("vectorSearches", 12);
        });
        assertThat(decoded(bytes)).isEqualTo(envelope);
    }

    @ParameterizedTest
    @ValueSource(strings = {"1.0", "1.1", "1.2", "1.37"})
    void anyMinorOfTheCurrentMajorIsAccepted(String version) {
        Envelope envelope = Samples.envelope(Samples.nodeStatus());
        byte[] bytes = edit(codec.encode(envelope), root -> root.put("schemaVersion", version));
        Envelope decoded = decoded(bytes);
        assertThat(decoded.schemaVersion()).isEqualTo(SchemaVersion.parse(version));
        assertThat(decoded.payload()).isEqualTo(envelope.payload());
    }

    @Test
    void anExperimentResultWithoutAMachineFromA10SenderDecodesWithTheMachineAbsent() {
        Envelope envelope = Samples.envelope(Samples.experimentResult());
        byte[] bytes = edit(codec.encode(envelope), root -> {
            root.put("schemaVersion", "1.0");
            payload(root).remove("machine");
        });
        ExperimentResult decoded = (ExperimentResult) decoded(bytes).payload();
        assertThat(decoded.machine()).isEmpty();
        assertThat(decoded.throughputOpsPerSecond()).isEqualTo(Samples.experimentResult().throughputOpsPerSecond());
    }

    @Test
    void anExperimentResultNamesItsMachineOnTheWire() {
        ObjectNode root = JsonTrees.tree(codec.encode(Samples.envelope(Samples.experimentResult())));
        assertThat(payload(root).get("machine").stringValue()).isEqualTo(Samples.experimentResult().machine().orElseThrow());
    }

    @Test
    void nodeStateFromANewerMinorDecodesAsUnknown() {
        byte[] bytes = edit(codec.encode(Samples.envelope(Samples.nodeStatus())), root -> {
            root.put("schemaVersion", "1.4");
            payload(root).put("state", "UP_DRAINING");
        });
        assertThat(((NodeStatus) decoded(bytes).payload()).state()).isEqualTo(NodeState.UNKNOWN);
    }

    @Test
    void keyOrderAndWhitespaceOfTheInputDoNotMatter() {
        Envelope envelope = Samples.envelope(Samples.rollbackConfiguration());
        byte[] compact = codec.encode(envelope);
        byte[] reordered = JsonTrees.reorderedAndPretty(compact);
        assertThat(text(reordered)).doesNotStartWith(text(compact).substring(0, 10));
        assertThat(decoded(reordered)).isEqualTo(envelope);
    }

    private Envelope decoded(byte[] bytes) {
        DecodeResult result = codec.decode(bytes);
        assertThat(result).as(() -> result.toString()).isInstanceOf(DecodeResult.Decoded.class);
        return ((DecodeResult.Decoded) result).envelope();
    }
}
