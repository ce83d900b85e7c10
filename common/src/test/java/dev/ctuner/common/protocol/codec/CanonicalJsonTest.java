package dev.ctuner.common.protocol.codec;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ctuner.common.protocol.Envelope;
import dev.ctuner.common.protocol.Samples;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

class CanonicalJsonTest {

    private final MessageCodec codec = new MessageCodec();

    @Test
    void keysAreSortedRecursivelyWithoutWhitespace() {
        String json = "{ \"b\" : [ {\"z\":1, \"a\":2} , 3 ],\n \"a\" : {\"y\": null, \"x\": \"\u00e9\\n\"} }";
        CanonicalBytes canonical = CanonicalJson.of(JsonTrees.MAPPER.readTree(json));
        assertThat(canonical.asString()).isEqualTo("{\"a\":{\"x\":\"\u00e9\\n\",\"y\":null},\"b\":[{\"a\":2,\"z\":1},3]}");
        assertThat(canonical.toByteArray()).isEqualTo(canonical.asString().getBytes(StandardCharsets.UTF_8));
    }

    @Test
    void numbersAreWrittenFromTheirParsedValue() {
        CanonicalBytes canonical = CanonicalJson.of(JsonTrees.MAPPER.readTree("{\"f\":1e2,\"g\":0.50,\"i\":7}"));
        assertThat(canonical.asString()).isEqualTo("{\"f\":100.0,\"g\":0.5,\"i\":7}");
    }

    @Test
    void canonicalBytesDoNotDependOnKeyOrderOrWhitespace() {
        byte[] compact = codec.encode(Samples.envelope(Samples.workloadSample()));
        byte[] reordered = JsonTrees.reorderedAndPretty(compact);
        assertThat(reordered).isNotEqualTo(compact);
        assertThat(canonical(reordered)).isEqualTo(canonical(compact));
    }

    @Test
    void canonicalBytesExcludeTheSignatureButIncludeUnknownFields() {
        Envelope command = Samples.envelope(Samples.alterTable());
        byte[] unsigned = codec.encode(command);
        byte[] withSignature = codec.encode(command.withSignature("c2lnbmF0dXJl"));
        assertThat(canonical(withSignature)).isEqualTo(canonical(unsigned));
        assertThat(canonical(withSignature).asString()).doesNotContain("signature");

        byte[] extra = JsonTrees.edit(unsigned, root -> root.put("hop", 2));
        assertThat(canonical(extra)).isNotEqualTo(canonical(unsigned));
        assertThat(canonical(extra).asString()).contains("\"hop\":2");
    }

    @Test
    void signerCoversWhatTheReceiverCanonicalizes() {
        Envelope command = Samples.envelope(Samples.runExperiment());
        assertThat(codec.canonicalBytes(command)).isEqualTo(canonical(codec.encode(command)));
    }

    private CanonicalBytes canonical(byte[] bytes) {
        return ((DecodeResult.Decoded) codec.decode(bytes)).canonicalBytes();
    }
}
