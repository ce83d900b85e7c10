package dev.ctuner.common.protocol.message;

import com.fasterxml.jackson.annotation.JsonEnumDefaultValue;

/** Ring state of a Cassandra node as its sidecar sees it. */
public enum NodeState {
    UP_NORMAL,
    UP_JOINING,
    UP_LEAVING,
    UP_MOVING,
    DOWN,
    /** State not known; also what a state added by a newer minor schema version decodes to. */
    @JsonEnumDefaultValue
    UNKNOWN
}
