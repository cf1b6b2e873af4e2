package org.ox4j.server.rfc102;

import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.ox4j.cmo.Cmo;

/**
 * An in-memory group for unit tests: one FIFO per ordered pair of members, blocking receives with a timeout, and
 * members that can be marked dead (their links then fail at once, as closed sockets do).
 */
final class QueueNetwork {
    private static final Object DEAD = new Object();

    private final int n;
    private final BlockingQueue<Object>[][] fifo;
    private final boolean[] dead;
    private final AtomicInteger messages = new AtomicInteger();

    @SuppressWarnings("unchecked")
    QueueNetwork(int n) {
        this.n = n;
        this.fifo = new BlockingQueue[n][n];
        this.dead = new boolean[n];
        for (int i = 0; i < n; i++) {
            for (int j = 0; j < n; j++) {
                fifo[i][j] = new LinkedBlockingQueue<>();
            }
        }
    }

    /** Kills a member: everyone's link to it reports closed. */
    synchronized void kill(int member) {
        dead[member] = true;
        for (int j = 0; j < n; j++) {
            fifo[member][j].add(DEAD);
        }
    }

    int messagesSent() {
        return messages.get();
    }

    LinkPort port(int me) {
        return new LinkPort() {
            @Override
            public int rank() {
                return me;
            }

            @Override
            public int size() {
                return n;
            }

            @Override
            public void send(int peer, Cmo data) {
                synchronized (QueueNetwork.this) {
                    if (dead[peer]) {
                        throw new PeerFailureException(peer, "link closed");
                    }
                }
                messages.incrementAndGet();
                fifo[me][peer].add(data);
            }

            @Override
            public Cmo receive(int peer) {
                try {
                    Object x = fifo[peer][me].poll(10, TimeUnit.SECONDS);
                    if (x == null) {
                        throw new PeerFailureException(peer, "nothing received within 10 s");
                    }
                    if (x == DEAD) {
                        fifo[peer][me].add(DEAD);
                        throw new PeerFailureException(peer, "link closed");
                    }
                    return (Cmo) x;
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    throw new IllegalStateException(e);
                }
            }
        };
    }
}
