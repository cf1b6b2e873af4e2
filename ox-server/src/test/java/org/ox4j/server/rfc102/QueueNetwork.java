package org.ox4j.server.rfc102;

import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.ox4j.cmo.Cmo;
import org.ox4j.mpi.comm.InMemoryTransport;
import org.ox4j.mpi.comm.PeerTransport;
import org.ox4j.mpi.comm.StreamBody;

/**
 * RFC-102's blocking {@link LinkPort}s over the tests' one in-memory network (ox-mpi's {@link InMemoryTransport}):
 * each member files what arrives in one FIFO per sender and receives with a timeout; a killed member's links break,
 * so its peers' sends and receives fail at once, as closed sockets do.
 */
final class QueueNetwork implements AutoCloseable {
    private static final Object CLOSED = new Object();

    private final int n;
    private final InMemoryTransport.Group group;
    private final BlockingQueue<Object>[][] arrived;
    private final AtomicInteger messages = new AtomicInteger();

    @SuppressWarnings("unchecked")
    QueueNetwork(int n) {
        this.n = n;
        this.group = InMemoryTransport.group(n);
        this.arrived = new BlockingQueue[n][n];
        for (int me = 0; me < n; me++) {
            for (int from = 0; from < n; from++) {
                arrived[me][from] = new LinkedBlockingQueue<>();
            }
            BlockingQueue<Object>[] mine = arrived[me];
            group.transport(me).setListener(new PeerTransport.Listener() {
                @Override
                public void onMessage(int source, Cmo message) {
                    mine[source].add(message);
                }

                @Override
                public void onStream(int source, StreamBody body) {
                    mine[source].add(CLOSED);
                }

                @Override
                public void onLinkFailure(int peer, Throwable cause) {
                    mine[peer].add(CLOSED);
                }
            });
        }
    }

    /** Kills a member: every link to it breaks. */
    void kill(int member) {
        for (int j = 0; j < n; j++) {
            if (j != member) {
                group.breakLink(member, j, new IllegalStateException("member " + member + " killed"));
            }
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
                try {
                    group.transport(me).send(peer, data).join();
                } catch (RuntimeException e) {
                    throw new PeerFailureException(peer, "link closed");
                }
                messages.incrementAndGet();
            }

            @Override
            public Cmo receive(int peer) {
                try {
                    Object x = arrived[me][peer].poll(10, TimeUnit.SECONDS);
                    if (x == null) {
                        throw new PeerFailureException(peer, "nothing received within 10 s");
                    }
                    if (x == CLOSED) {
                        arrived[me][peer].add(CLOSED);
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

    @Override
    public void close() {
        group.close();
    }
}
