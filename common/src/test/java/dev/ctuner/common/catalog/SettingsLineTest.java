package dev.ctuner.common.catalog;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class SettingsLineTest {

    @Test
    void parsesInOrderTrimsAndSkipsEmptyParts() {
        Map<String, String> s = SettingsLine.parse(" concurrent_reads=8; ;compression.class = none;");

        assertThat(List.copyOf(s.keySet())).containsExactly("concurrent_reads", "compression.class");
        assertThat(s).containsEntry("compression.class", "none");
        assertThat(SettingsLine.parse("")).isEmpty();
    }

    @Test
    void formatsByKnobNameAndRoundTrips() {
        String line = SettingsLine.format(Map.of("memtable_flush_writers", "4", "concurrent_reads", "8"));

        assertThat(line).isEqualTo("concurrent_reads=8;memtable_flush_writers=4");
        assertThat(SettingsLine.format(SettingsLine.parse(line))).isEqualTo(line);
    }

    @Test
    void refusesAPartWithoutAKnobName() {
        assertThatThrownBy(() -> SettingsLine.parse("concurrent_reads=8;=4")).hasMessageContaining("'=4' is not knob=value");
        assertThatThrownBy(() -> SettingsLine.parse("concurrent_reads")).hasMessageContaining("not knob=value");
    }
}
