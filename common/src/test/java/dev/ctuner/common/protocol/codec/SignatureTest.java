package dev.ctuner.common.protocol.codec;

import static dev.ctuner.common.protocol.codec.JsonTrees.edit;
import static dev.ctuner.common.protocol.codec.JsonTrees.payload;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.ctuner.common.protocol.Envelope;
import dev.ctuner.common.protocol.Samples;
import dev.ctuner.common.protocol.keys.Ed25519Keys;
import dev.ctuner.common.protocol.message.RejectionCode;
import java.security.KeyPair;
import java.security.Signature;
import java.util.Base64;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.node.ObjectNode;

class SignatureTest {

    private static final KeyPair ADVISOR = Ed25519Keys.generate();
    private static final KeyPair INTRUDER = Ed25519Keys.generate();

    private final MessageCodec codec = new MessageCodec();
    private final CommandSigner signer = new CommandSigner(ADVISOR.getPrivate(), codec);
    private final SignatureVerifier verifier = new SignatureVerifier(ADVISOR.getPublic());
    private final Envelope command = Samples.envelope(Samples.applyConfiguration());

    @Test
    void signedCommandVerifies() {
        Envelope signed = signer.sign(command);
        assertThat(signed.signature()).isPresent();
        assertThat(Base64.getDecoder().decode(signed.signature().get())).hasSize(64);
        DecodeResult result = codec.decodeCommand(codec.encode(signed), verifier);
        assertThat(result).isInstanceOfSatisfying(DecodeResult.Decoded.class,
                d -> assertThat(d.envelope()).isEqualTo(signed));
    }

    @Test
    void theLeaderEpochTravelsSignedAndCannotBeChangedOnTheWay() {
        Envelope signed = signer.sign(command.withLeaderEpoch(7));
        byte[] bytes = codec.encode(signed);
        assertThat(codec.decodeCommand(bytes, verifier)).isInstanceOfSatisfying(DecodeResult.Decoded.class,
                d -> assertThat(d.envelope().leaderEpoch()).contains(7L));
        String json = new String(bytes, java.nio.charset.StandardCharsets.UTF_8);
        assertThat(json).contains("\"leaderEpoch\":7");
        byte[] raised = json.replace("\"leaderEpoch\":7", "\"leaderEpoch\":8").getBytes(java.nio.charset.StandardCharsets.UTF_8);
        assertThat(codec.decodeCommand(raised, verifier)).isInstanceOfSatisfying(DecodeResult.Rejected.class,
                r -> assertThat(r.code()).isEqualTo(dev.ctuner.common.protocol.message.RejectionCode.BAD_SIGNATURE));
        byte[] dropped = json.replace("\"leaderEpoch\":7,", "").getBytes(java.nio.charset.StandardCharsets.UTF_8);
        assertThat(codec.decodeCommand(dropped, verifier)).as("an epoch removed breaks the signature too")
                .isInstanceOfSatisfying(DecodeResult.Rejected.class,
                        r -> assertThat(r.code()).isEqualTo(dev.ctuner.common.protocol.message.RejectionCode.BAD_SIGNATURE));
    }

    @Test
    void aLeaderEpochThatIsNotAWholeNumberOrOnAReportIsRefused() {
        String json = new String(codec.encode(signer.sign(command.withLeaderEpoch(3))), java.nio.charset.StandardCharsets.UTF_8);
        assertThat(codec.decode(json.replace("\"leaderEpoch\":3", "\"leaderEpoch\":\"3\"").getBytes(java.nio.charset.StandardCharsets.UTF_8)))
                .isInstanceOfSatisfying(DecodeResult.Rejected.class, r -> assertThat(r.detail()).contains("leaderEpoch"));
        assertThat(codec.decode(json.replace("\"leaderEpoch\":3", "\"leaderEpoch\":0").getBytes(java.nio.charset.StandardCharsets.UTF_8)))
                .isInstanceOfSatisfying(DecodeResult.Rejected.class, r -> assertThat(r.detail()).contains("leaderEpoch must be >= 1"));
        String status = new String(codec.encode(Samples.envelope(Samples.nodeStatus())), java.nio.charset.StandardCharsets.UTF_8);
        assertThat(codec.decode(status.replace("\"payload\"", "\"leaderEpoch\":2,\"payload\"").getBytes(java.nio.charset.StandardCharsets.UTF_8)))
                .isInstanceOfSatisfying(DecodeResult.Rejected.class, r -> assertThat(r.detail()).contains("only allowed on commands"));
    }

    @Test
    void everyCommandTypeCanBeSignedAndVerified() {
        for (var message : Samples.allMessages()) {
            if (message instanceof dev.ctuner.common.protocol.message.Command) {
                byte[] bytes = codec.encode(signer.sign(Samples.envelope(message)));
                assertThat(codec.decodeCommand(bytes, verifier)).as(message.getClass().getSimpleName())
                        .isInstanceOf(DecodeResult.Decoded.class);
            }
        }
    }

    @Test
    void reformattedSignedCommandStillVerifies() {
        byte[] reordered = JsonTrees.reorderedAndPretty(codec.encode(signer.sign(command)));
        assertThat(codec.decodeCommand(reordered, verifier)).isInstanceOf(DecodeResult.Decoded.class);
    }

    @Test
    void unsignedCommandIsRefused() {
        assertRejected(codec.encode(command), RejectionCode.MISSING_SIGNATURE, "ApplyConfiguration",
                command.id().toString(), "no signature");
    }

    @Test
    void tamperedPayloadValueIsRefused() {
        byte[] tampered = edit(codec.encode(signer.sign(command)),
                root -> ((ObjectNode) payload(root).get("changes")).put("concurrent_reads", "4096"));
        assertRejected(tampered, RejectionCode.BAD_SIGNATURE, "does not match", Ed25519Keys.fingerprint(ADVISOR.getPublic()));
    }

    @Test
    void tamperedEnvelopeFieldIsRefused() {
        byte[] tampered = edit(codec.encode(signer.sign(command)), root -> root.put("nodeId", "cass-eu-1b-01"));
        assertRejected(tampered, RejectionCode.BAD_SIGNATURE, "does not match");
    }

    @Test
    void addedUnknownFieldIsRefusedBecauseTheSignatureCoversIt() {
        byte[] signed = codec.encode(signer.sign(command));
        byte[] tampered = edit(signed, root -> payload(root).put("force", true));
        // The plain decoder ignores the unknown field, so only the signature can catch it.
        assertThat(codec.decode(tampered)).isInstanceOf(DecodeResult.Decoded.class);
        assertRejected(tampered, RejectionCode.BAD_SIGNATURE, "does not match");
    }

    @Test
    void unknownFieldSignedByANewerSenderIsAccepted() throws Exception {
        byte[] newer = edit(codec.encode(command), root -> {
            root.put("schemaVersion", "1.3");
            payload(root).put("maxParallelNodes", 2);
        });
        DecodeResult.Decoded unsigned = (DecodeResult.Decoded) codec.decode(newer);
        Signature ed25519 = Signature.getInstance("Ed25519");
        ed25519.initSign(ADVISOR.getPrivate());
        ed25519.update(unsigned.canonicalBytes().toByteArray());
        String signature = Base64.getEncoder().encodeToString(ed25519.sign());
        byte[] signedNewer = edit(newer, root -> root.put("signature", signature));
        assertThat(codec.decodeCommand(signedNewer, verifier)).isInstanceOf(DecodeResult.Decoded.class);
    }

    @Test
    void signatureFromAnotherKeyIsRefused() {
        Envelope forged = new CommandSigner(INTRUDER.getPrivate(), codec).sign(command);
        assertRejected(codec.encode(forged), RejectionCode.BAD_SIGNATURE, "signed by another key");
    }

    @Test
    void garbageSignaturesAreBadSignatures() {
        assertRejected(codec.encode(command.withSignature("not base64!")), RejectionCode.BAD_SIGNATURE, "base64");
        assertRejected(codec.encode(command.withSignature("AAAA")), RejectionCode.BAD_SIGNATURE, "3-byte",
                "64 bytes");
        String zeros = Base64.getEncoder().encodeToString(new byte[64]);
        assertRejected(codec.encode(command.withSignature(zeros)), RejectionCode.BAD_SIGNATURE, "does not match");
    }

    @Test
    void nonCommandsAreNotAcceptedOnTheCommandPath() {
        assertRejected(codec.encode(Samples.envelope(Samples.nodeStatus())), RejectionCode.UNKNOWN_TYPE,
                "'NodeStatus' is not a command");
    }

    @Test
    void decodeErrorsComeBeforeSignatureChecks() {
        assertRejected("{\"type\":".getBytes(), RejectionCode.TRUNCATED, "ends after 8 bytes");
    }

    @Test
    void signerRefusesNonCommandsAndNonEd25519Keys() throws Exception {
        assertThatThrownBy(() -> signer.sign(Samples.envelope(Samples.nodeStatus())))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("'NodeStatus'");
        KeyPair rsa = java.security.KeyPairGenerator.getInstance("RSA").generateKeyPair();
        assertThatThrownBy(() -> new CommandSigner(rsa.getPrivate()))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("Ed25519").hasMessageContaining("RSA");
        assertThatThrownBy(() -> new SignatureVerifier(rsa.getPublic())).hasMessageContaining("publicKey");
    }

    @Test
    void signerAndVerifierNeverPrintKeyMaterial() {
        String privateBase64 = Base64.getEncoder().encodeToString(ADVISOR.getPrivate().getEncoded());
        assertThat(signer.toString()).doesNotContain(privateBase64).contains("redacted");
        assertThat(verifier.toString()).contains(Ed25519Keys.fingerprint(ADVISOR.getPublic()));
    }

    private void assertRejected(byte[] input, RejectionCode code, String... detailFragments) {
        DecodeResult result = codec.decodeCommand(input, verifier);
        assertThat(result).isInstanceOf(DecodeResult.Rejected.class);
        DecodeResult.Rejected rejected = (DecodeResult.Rejected) result;
        assertThat(rejected.code()).as(rejected.detail()).isEqualTo(code);
        assertThat(rejected.detail()).contains(detailFragments);
    }
}
