package dev.ctuner.it;

import static org.assertj.core.api.Assertions.assertThat;

import com.datastax.oss.driver.api.core.ConsistencyLevel;
import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.cql.PreparedStatement;
import com.datastax.oss.driver.api.core.cql.Row;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.Semaphore;
import java.util.concurrent.atomic.AtomicLong;

/**
 * A client writing and reading at QUORUM at a steady rate (writes of new ids, reads of the newest
 * acknowledged one), recording every acknowledged write and every failed operation. With writes and
 * reads at QUORUM a read must see every write acknowledged before it was sent, so a read that returns
 * no row or another payload counts as a failure too.
 */
final class QuorumLoad implements AutoCloseable {

    final ConcurrentLinkedQueue<Long> acknowledged = new ConcurrentLinkedQueue<>();
    final ConcurrentLinkedQueue<String> failures = new ConcurrentLinkedQueue<>();
    final AtomicLong reads = new AtomicLong();
    /** The highest acknowledged id, -1 before the first: reads go there, so they move over the ring as the load runs. */
    private final AtomicLong newest = new AtomicLong(-1);
    private final CqlSession session;
    private final PreparedStatement insert;
    private final PreparedStatement select;
    private final Semaphore inFlight = new Semaphore(8);
    private final Thread thread;

    private final int readsPerWrite;

    QuorumLoad(CqlSession session, String keyspace, int opsPerSecond) {
        this(session, keyspace, opsPerSecond, 1);
    }

    /** As above with {@code readsPerWrite} reads after each write (9: a read ratio of 0.9). */
    QuorumLoad(CqlSession session, String keyspace, int opsPerSecond, int readsPerWrite) {
        this.session = session;
        this.readsPerWrite = readsPerWrite;
        session.execute("CREATE KEYSPACE IF NOT EXISTS " + keyspace
                + " WITH replication = {'class': 'SimpleStrategy', 'replication_factor': 3}");
        session.execute("CREATE TABLE IF NOT EXISTS " + keyspace + ".kv (id bigint PRIMARY KEY, payload text)");
        insert = session.prepare("INSERT INTO " + keyspace + ".kv (id, payload) VALUES (?, ?)");
        select = session.prepare("SELECT payload FROM " + keyspace + ".kv WHERE id = ?");
        long periodNanos = 1_000_000_000L / opsPerSecond;
        thread = new Thread(() -> run(periodNanos), "quorum-load");
        thread.start();
    }

    private void run(long periodNanos) {
        long next = System.nanoTime();
        long id = 0;
        while (!Thread.currentThread().isInterrupted()) {
            try {
                long sleep = next - System.nanoTime();
                if (sleep > 0) {
                    Thread.sleep(sleep / 1_000_000, (int) (sleep % 1_000_000));
                }
                next += periodNanos;
                inFlight.acquire();
            } catch (InterruptedException e) {
                return;
            }
            long known = newest.get();
            if (id % (readsPerWrite + 1) != 0 && known >= 0) {
                session.executeAsync(select.bind(known).setConsistencyLevel(ConsistencyLevel.QUORUM).setIdempotent(true))
                        .whenComplete((rs, error) -> {
                            if (error != null) {
                                failures.add("read " + known + ": " + error);
                            } else {
                                Row row = rs.one();
                                String payload = row == null ? null : row.getString("payload");
                                if (payload(known).equals(payload)) {
                                    reads.incrementAndGet();
                                } else {
                                    failures.add("read " + known + " at QUORUM after its acknowledged write: "
                                            + (row == null ? "no row" : "payload " + payload));
                                }
                            }
                            inFlight.release();
                        });
            } else {
                long write = id;
                session.executeAsync(insert.bind(write, payload(write)).setConsistencyLevel(ConsistencyLevel.QUORUM)
                        .setIdempotent(true)).whenComplete((rs, error) -> {
                            if (error == null) {
                                acknowledged.add(write);
                                newest.accumulateAndGet(write, Math::max);
                            } else {
                                failures.add("write " + write + ": " + error);
                            }
                            inFlight.release();
                        });
            }
            id++;
        }
    }

    /**
     * Asserts that no operation failed while {@code during} (a read that missed its write counts), and that
     * the load did real work: more than {@code minimum} acknowledged writes and as many reads that saw theirs.
     */
    void assertNoFailures(String during, int minimum) {
        assertThat(failures).as("failed QUORUM operations %s", during).isEmpty();
        assertThat(acknowledged.size()).as("acknowledged QUORUM writes %s", during).isGreaterThan(minimum);
        assertThat(reads.get()).as("QUORUM reads that saw their write %s", during).isGreaterThan(minimum);
    }

    /** Acknowledged writes that a read at ALL does not return with their payload. */
    List<Long> missingAtAll() {
        List<Long> missing = new ArrayList<>();
        for (long id : acknowledged) {
            Row row = session.execute(select.bind(id).setConsistencyLevel(ConsistencyLevel.ALL)).one();
            if (row == null || !payload(id).equals(row.getString("payload"))) {
                missing.add(id);
            }
        }
        return missing;
    }

    private static String payload(long id) {
        return "payload-" + id;
    }

    @Override
    public void close() throws InterruptedException {
        thread.interrupt();
        thread.join(10_000);
        inFlight.acquire(8);
        inFlight.release(8);
    }
}
