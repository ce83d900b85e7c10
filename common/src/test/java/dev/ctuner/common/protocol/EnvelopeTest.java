package dev.ctuner.common.protocol;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Optional;
import java.util.UUID;
import org.junit.jupiter.api.Test;

class EnvelopeTest {

    @Test
    void factoryFillsTypeAndCurrentVersion() {
        Envelope envelope = Samples.envelope(Samples.alterTable());
        assertThat(envelope.type()).isEqualTo("AlterTable");
        assertThat(envelope.schemaVersion()).isEqualTo(SchemaVersion.CURRENT);
        assertThat(envelope.signature()).isEmpty();
        assertThat(envelope.messageType()).isEqualTo(MessageType.ALTER_TABLE);
    }

    @Test
    void typeMustMatchThePayload() {
        assertThatThrownBy(() -> new Envelope("AlterTable", SchemaVersion.CURRENT, Samples.CLUSTER, Samples.NODE,
                UUID.randomUUID(), Samples.NOW, Samples.nodeStatus(), Optional.empty()))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("'NodeStatus'")
                .hasMessageContaining("'AlterTable'");
    }

    @Test
    void onlyCommandsMayCarryASignature() {
        Envelope status = Samples.envelope(Samples.nodeStatus());
        assertThatThrownBy(() -> status.withSignature("AAAA"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("only allowed on commands");
        assertThat(Samples.envelope(Samples.applyConfiguration()).withSignature("AAAA").signature()).contains("AAAA");
    }

    @Test
    void idsRefuseBlankAndPaddedValues() {
        assertThatThrownBy(() -> new NodeId(" n1")).hasMessageContaining("nodeId").hasMessageContaining("' n1'");
        assertThatThrownBy(() -> new ClusterId("  ")).hasMessageContaining("clusterId");
        assertThat(new NodeId("n1")).hasToString("n1");
    }

    @Test
    void schemaVersionParsesAndComparesMajors() {
        assertThat(SchemaVersion.parse("1.12")).isEqualTo(new SchemaVersion(1, 12));
        assertThat(SchemaVersion.parse("1.12").readableBy(SchemaVersion.CURRENT)).isTrue();
        assertThat(SchemaVersion.parse("2.0").readableBy(SchemaVersion.CURRENT)).isFalse();
        assertThat(SchemaVersion.CURRENT).hasToString("1.2");
        assertThatThrownBy(() -> SchemaVersion.parse("1.0.0")).hasMessageContaining("'1.0.0'");
        assertThatThrownBy(() -> SchemaVersion.parse("01.0")).hasMessageContaining("'01.0'");
    }
}
