package dev.ctuner.common.protocol.codec;

import static dev.ctuner.common.protocol.codec.JsonTrees.edit;
import static dev.ctuner.common.protocol.codec.JsonTrees.payload;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.ctuner.common.protocol.Envelope;
import dev.ctuner.common.protocol.Samples;
import dev.ctuner.common.protocol.message.KeyReuseSummary;
import dev.ctuner.common.protocol.message.RejectionCode;
import dev.ctuner.common.protocol.message.WorkloadSample;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import java.util.function.Consumer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import tools.jackson.databind.node.ObjectNode;

class MessageCodecRejectionTest {

    private final MessageCodec codec = new MessageCodec();
    private final byte[] status = codec.encode(Samples.envelope(Samples.nodeStatus()));
    private final byte[] sample = codec.encode(Samples.envelope(Samples.workloadSample()));

    @Test
    void unknownTypeNamesTheType() {
        assertRejected(edit(status, root -> root.put("type", "NodeStatusV2")), RejectionCode.UNKNOWN_TYPE,
                "'NodeStatusV2'", "NodeStatus");
    }

    @ParameterizedTest
    @ValueSource(strings = {"2.0", "2.5", "0.9", "10.0"})
    void otherMajorVersionsAreUnsupported(String version) {
        assertRejected(edit(status, root -> root.put("schemaVersion", version)), RejectionCode.UNSUPPORTED_VERSION,
                "schemaVersion " + version, "major 1");
    }

    @ParameterizedTest
    @ValueSource(strings = {"1", "v1.0", "1.0-beta", ""})
    void unparseableVersionsAreUnsupported(String version) {
        assertRejected(edit(status, root -> root.put("schemaVersion", version)), RejectionCode.UNSUPPORTED_VERSION,
                "'" + version + "'");
    }

    @Test
    void newerMajorIsRefusedBeforeItsUnknownTypeIsLookedAt() {
        assertRejected(edit(status, root -> {
            root.put("schemaVersion", "2.0");
            root.put("type", "SomethingNew");
        }), RejectionCode.UNSUPPORTED_VERSION, "2.0");
    }

    @Test
    void messageCutInHalfIsTruncated() {
        byte[] half = Arrays.copyOf(sample, sample.length / 2);
        assertRejected(half, RejectionCode.TRUNCATED, "ends after " + half.length + " bytes");
    }

    @Test
    void everyProperPrefixOfEveryMessageTypeIsTruncated() {
        List<String> misclassified = new ArrayList<>();
        for (var message : Samples.allMessages()) {
            byte[] full = codec.encode(Samples.envelope(message));
            for (int length = 1; length < full.length; length++) {
                DecodeResult result = codec.decode(Arrays.copyOf(full, length));
                if (!(result instanceof DecodeResult.Rejected r) || r.code() != RejectionCode.TRUNCATED) {
                    misclassified.add(message.getClass().getSimpleName() + " cut at " + length + ": " + result);
                }
            }
        }
        assertThat(misclassified).isEmpty();
    }

    @ParameterizedTest
    @ValueSource(strings = {"not json", "{\"type\" \"NodeStatus\"}", "{\"a\":1,}", "{'type':'NodeStatus'}",
            "{\"a\":1}}", "{\"a\":1} trailing", "{\"a\":tru}", "\u0000\u0001"})
    void syntaxErrorsAreMalformedNotTruncated(String input) {
        assertRejected(input.getBytes(StandardCharsets.UTF_8), RejectionCode.MALFORMED_JSON, "not valid JSON");
    }

    @Test
    void emptyAndNonObjectInputsAreMalformed() {
        assertRejected(new byte[0], RejectionCode.MALFORMED_JSON, "empty");
        assertRejected("   ".getBytes(), RejectionCode.MALFORMED_JSON, "no JSON value");
        assertRejected("[1,2]".getBytes(), RejectionCode.MALFORMED_JSON, "must be an object", "ARRAY");
    }

    @Test
    void duplicateKeysAreMalformedBecauseTheyMakeSignaturesAmbiguous() {
        String json = JsonTrees.text(status).replaceFirst("\\{", "{\"nodeId\":\"other\",");
        assertRejected(json.getBytes(StandardCharsets.UTF_8), RejectionCode.MALFORMED_JSON, "Duplicate", "nodeId");
    }

    @Test
    void missingEnvelopeFieldIsNamed() {
        assertRejected(edit(status, root -> root.remove("nodeId")), RejectionCode.MISSING_FIELD, "'nodeId'");
        assertRejected(edit(status, root -> root.remove("payload")), RejectionCode.MISSING_FIELD, "'payload'");
        assertRejected(edit(status, root -> root.remove("schemaVersion")), RejectionCode.MISSING_FIELD,
                "'schemaVersion'");
    }

    @Test
    void missingPayloadFieldIsNamedWithItsPath() {
        assertRejected(editPayload(status, p -> p.remove("cassandraVersion")), RejectionCode.MISSING_FIELD,
                "NodeStatus", "cassandraVersion");
        // A missing primitive must not silently become false or 0.
        assertRejected(editPayload(status, p -> p.remove("reachable")), RejectionCode.MISSING_FIELD,
                "payload.reachable");
        assertRejected(editPayload(sample, p -> ((ObjectNode) p.get("operations")).remove("reads")),
                RejectionCode.MISSING_FIELD, "payload.operations.reads");
        assertRejected(editPayload(sample, p -> p.putNull("keyReuse")), RejectionCode.MISSING_FIELD, "keyReuse");
    }

    @Test
    void constraintViolationNamesFieldPathAndValue() {
        assertRejected(editPayload(sample, p -> ((ObjectNode) p.get("tables").get(0)).put("readRatio", 1.5)),
                RejectionCode.INVALID_FIELD, "WorkloadSample", "payload.tables[0]", "readRatio", "1.5");
        assertRejected(editPayload(sample, p -> ((ObjectNode) p.get("operations")).put("writes", -4)),
                RejectionCode.INVALID_FIELD, "writes", "-4");
    }

    @Test
    void wrongShapesAreInvalidFields() {
        assertRejected(editPayload(status, p -> p.put("uptimeSeconds", "a day")), RejectionCode.INVALID_FIELD,
                "payload.uptimeSeconds", "a day");
        assertRejected(editPayload(status, p -> p.put("state", 3)), RejectionCode.INVALID_FIELD, "payload.state",
                "must be one of [UP_NORMAL", "NUMBER 3");
        byte[] apply = codec.encode(Samples.envelope(Samples.applyConfiguration()));
        assertRejected(editPayload(apply, p -> p.put("expectedMode", "FAST")), RejectionCode.INVALID_FIELD,
                "payload.expectedMode must be one of [LIVE, RESTART]", "\"FAST\"");
        assertRejected(editPayload(apply, p -> p.put("healthTimeoutSeconds", 10_000_000_000L)),
                RejectionCode.INVALID_FIELD, "payload.healthTimeoutSeconds is out of range");
        assertRejected(editPayload(sample, p -> ((ObjectNode) p.get("operations")).put("reads", 1.7)),
                RejectionCode.INVALID_FIELD, "payload.operations.reads must be an integer", "1.7");
        assertRejected(edit(status, root -> root.put("id", "1-1-1-1-1")), RejectionCode.INVALID_FIELD, "'id'",
                "1-1-1-1-1");
        assertRejected(edit(status, root -> root.put("createdAt", "yesterday")), RejectionCode.INVALID_FIELD,
                "'createdAt'", "yesterday");
        assertRejected(edit(status, root -> root.put("nodeId", 7)), RejectionCode.INVALID_FIELD, "'nodeId'",
                "NUMBER");
    }

    @Test
    void scalarsAreNotCoercedBetweenStringsNumbersAndBooleans() {
        assertRejected(editPayload(status, p -> p.put("cassandraVersion", 5)), RejectionCode.INVALID_FIELD,
                "payload.cassandraVersion must be a string but was NUMBER 5");
        assertRejected(editPayload(status, p -> p.put("reachable", "true")), RejectionCode.INVALID_FIELD,
                "payload.reachable must be true or false");
        byte[] apply = codec.encode(Samples.envelope(Samples.applyConfiguration()));
        assertRejected(editPayload(apply, p -> ((ObjectNode) p.get("changes")).put("concurrent_reads", 64)),
                RejectionCode.INVALID_FIELD, "must be a string", "NUMBER 64");
    }

    @Test
    void unknownEnumMapKeyIsNamed() {
        byte[] result = codec.encode(Samples.envelope(Samples.commandResult()));
        assertRejected(editPayload(result, p -> ((ObjectNode) p.get("phaseDurationsMillis")).put("WARMED", 5)),
                RejectionCode.INVALID_FIELD, "payload.phaseDurationsMillis must have keys from [RECEIVED", "WARMED");
    }

    @Test
    void typeAndPayloadMustAgree() {
        assertRejected(edit(status, root -> root.put("type", "CommandResult")), RejectionCode.MISSING_FIELD,
                "CommandResult", "commandId");
    }

    @Test
    void signatureOnANonCommandIsInvalid() {
        assertRejected(edit(status, root -> root.put("signature", "AAAA")), RejectionCode.INVALID_FIELD,
                "signature", "only allowed on commands");
    }

    @Test
    void oversizeMessagesAreRefusedOnBothSides() {
        MessageCodec small = new MessageCodec(2_000);
        assertThat(sample.length).isGreaterThan(2_000);
        DecodeResult result = small.decode(sample);
        assertThat(result).isEqualTo(new DecodeResult.Rejected(RejectionCode.MESSAGE_TOO_LARGE,
                "message is " + sample.length + " bytes, over the limit of 2000 bytes"));

        Envelope big = Samples.envelope(Samples.workloadSample());
        assertThatThrownBy(() -> small.encode(big))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("WorkloadSample").hasMessageContaining("limit of 2000");
        assertThat(small.decode(small.encode(Samples.envelope(Samples.nodeStatus()))))
                .isInstanceOf(DecodeResult.Decoded.class);
    }

    @Test
    void decodingNeverThrowsOnMutatedInput() {
        Random random = new Random(20250314L);
        int rejected = 0;
        for (int i = 0; i < 2_000; i++) {
            byte[] mutated = sample.clone();
            for (int flips = 1 + random.nextInt(3); flips > 0; flips--) {
                mutated[random.nextInt(mutated.length)] = (byte) random.nextInt(256);
            }
            DecodeResult result = codec.decode(mutated);
            assertThat(result).isNotNull();
            if (result instanceof DecodeResult.Rejected r) {
                assertThat(r.detail()).isNotBlank();
                rejected++;
            }
        }
        assertThat(rejected).isGreaterThan(1_000);
    }

    @Test
    void longDetailsAreCappedSoHostileInputCannotFloodLogs() {
        String huge = "x".repeat(5_000);
        DecodeResult result = codec.decode(edit(status, root -> root.put("type", huge)));
        assertThat(result).isInstanceOfSatisfying(DecodeResult.Rejected.class,
                r -> assertThat(r.detail()).hasSizeLessThan(600).endsWith("..."));
    }

    @Test
    void histogramBoundsAreCheckedOnTheWireToo() {
        KeyReuseSummary keyReuse = ((WorkloadSample) Samples.workloadSample()).keyReuse();
        assertThat(keyReuse.histogram()).hasSizeGreaterThan(2);
        assertRejected(editPayload(sample, p -> ((ObjectNode) p.get("keyReuse").get("histogram").get(2))
                .put("upperBoundExclusive", 1)), RejectionCode.INVALID_FIELD, "histogram[2].upperBoundExclusive");
    }

    private static byte[] editPayload(byte[] json, Consumer<ObjectNode> change) {
        return edit(json, root -> change.accept(payload(root)));
    }

    private void assertRejected(byte[] input, RejectionCode code, String... detailFragments) {
        DecodeResult result = codec.decode(input);
        assertThat(result).as("decoding should be refused").isInstanceOf(DecodeResult.Rejected.class);
        DecodeResult.Rejected rejected = (DecodeResult.Rejected) result;
        assertThat(rejected.code()).as(rejected.detail()).isEqualTo(code);
        assertThat(rejected.detail()).contains(detailFragments);
    }
}
