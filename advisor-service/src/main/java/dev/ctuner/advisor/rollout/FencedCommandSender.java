package dev.ctuner.advisor.rollout;

import dev.ctuner.advisor.leadership.LeaderGate;
import dev.ctuner.common.protocol.NodeId;
import java.util.OptionalLong;

/**
 * Sends a command only while this replica leads, stamped with its leader epoch and signed again, so
 * that a sidecar refuses it once another replica has led since; a command stored by an earlier leader
 * and sent again by this one carries this one's epoch (same id: the sidecar still answers it once).
 */
public final class FencedCommandSender implements CommandSender {

    private final CommandSender delegate;
    private final LeaderGate gate;
    private final CommandFactory commands;

    public FencedCommandSender(CommandSender delegate, LeaderGate gate, CommandFactory commands) {
        this.delegate = delegate;
        this.gate = gate;
        this.commands = commands;
    }

    @Override
    public void send(NodeId node, byte[] envelope) {
        if (gate == LeaderGate.ALONE) {
            delegate.send(node, envelope);
            return;
        }
        OptionalLong epoch = gate.epoch();
        if (epoch.isEmpty()) {
            throw new IllegalStateException("this advisor replica does not lead (any more); the leader sends the command");
        }
        delegate.send(node, commands.stamped(envelope, epoch.getAsLong()));
    }
}
