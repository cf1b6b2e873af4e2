package org.ox4j.server.session;

import java.io.Closeable;
import java.io.EOFException;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.channels.AsynchronousCloseException;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import org.apache.logging.log4j.LogManager;
import org.apache.logging.log4j.Logger;
import org.ox4j.cmo.CmoException;
import org.ox4j.protocol.OxCommand;
import org.ox4j.protocol.OxData;
import org.ox4j.protocol.OxMessage;
import org.ox4j.protocol.OxProtocolException;
import org.ox4j.protocol.OxSyncBall;
import org.ox4j.protocol.SmCommand;
import org.ox4j.protocol.blocking.OxDataRejectedException;
import org.ox4j.protocol.blocking.OxFrame;
import org.ox4j.protocol.blocking.OxMessageReader;
import org.ox4j.protocol.blocking.OxMessageWriter;
import org.ox4j.server.SessionInfo;
import org.ox4j.server.eval.Interruption;
import org.ox4j.server.sm.OperandStack;
import org.ox4j.server.sm.ReplySink;
import org.ox4j.server.sm.StackMachine;

/**
 * One engine serving one client over one data connection whose handshake is done: a reader thread frames
 * incoming messages, a single worker thread executes them in arrival order on the session's {@link StackMachine},
 * so evaluation never runs on an I/O thread. Pushes, whose cost is a copy bounded by the message, and SM_popCMO of
 * an object small enough for the reply to fit in a socket's send buffer ({@value #POP_ON_READER_MAX_BYTES} bytes,
 * estimated), are run by the reader itself when nothing is queued or running: the two thread hand-offs of a
 * push + pop were most of a small round trip (a 10^6-bit integer from an Asir master: 1.2 ms against ox_asir's
 * 0.9 ms). So is the pop of a value still kept in the bytes it arrived in, up to
 * {@value #POP_KEPT_ON_READER_MAX_BYTES} bytes: it only copies bytes. Any other bigger reply is written by the
 * worker, so that the reader goes on reading while a master that sends before it reads has not yet read it.
 *
 * <p>Reset (spec §7.2, {@link #reset()}): raise the interruption, abandon the running and queued commands (their
 * replies are dropped), send OX_SYNC_BALL, then discard everything read until the client's OX_SYNC_BALL. The
 * operand stack, variables and mathcaps survive. Replies and the sync ball go out under one write lock and the
 * reset bumps an epoch first, so no reply of an abandoned command can follow the sync ball.
 */
public final class Session implements Closeable {
    private static final Logger LOG = LogManager.getLogger();
    private static final int QUEUE_CAPACITY = 64;
    /** The largest object (estimated bytes) whose SM_popCMO the reader runs itself; below the default send buffer. */
    static final long POP_ON_READER_MAX_BYTES = 160 * 1024;
    /**
     * The largest kept encoding whose SM_popCMO the reader runs itself: popping it only copies bytes, and handing it
     * to the worker cost a thread wake-up (0.1-1 ms on the 2-core VM) before the first byte of a reply the master is
     * waiting for. A write that fills the socket waits for the master to read, as ox_asir's single thread does.
     */
    static final long POP_KEPT_ON_READER_MAX_BYTES = 1024 * 1024;

    /** A message to execute, or (rejection set) an OX_DATA whose object the reader refused. */
    private record Task(long epoch, OxMessage message, OxDataRejectedException rejection) {
        Task(long epoch, OxMessage message) {
            this(epoch, message, null);
        }
    }

    /**
     * The worker's stack: the algebra converts and walks values recursively, and objects may nest as deep as the
     * codec accepts (10 000 levels by default); 16 MiB holds some hundred thousand frames, and an overflow beyond is
     * answered with CMO_ERROR2. (A 256 MiB stack made every round trip measurably slower.)
     */
    private static final long WORKER_STACK_BYTES = 16L << 20;

    private final long id;
    private final ServerRuntime runtime;
    private final OxMessageReader reader;
    private final OxMessageWriter writer;
    private final Closeable connection;
    private final Interruption interruption = new Interruption();
    private final StackMachine machine;
    private final BlockingQueue<Task> queue = new LinkedBlockingQueue<>(QUEUE_CAPACITY);
    /**
     * Tasks handed to the worker and not finished. Only the reader hands tasks over, so when it reads 0 the worker
     * is idle and stays idle until the next hand-over: the reader may then run a task itself without racing it.
     */
    private final AtomicInteger handedOver = new AtomicInteger();
    private final Object stateLock = new Object();
    private final Object writeLock = new Object();
    private final AtomicBoolean ended = new AtomicBoolean();
    private final CompletableFuture<String> closed = new CompletableFuture<>();
    private volatile long epoch;
    private volatile long runningEpoch = -1;
    private boolean flushing;
    private Thread readerThread;
    private Thread workerThread;

    /**
     * @param connection closed when the session ends (the data channel)
     */
    public Session(ServerRuntime runtime, OxMessageReader reader, OxMessageWriter writer, Closeable connection) {
        this.id = runtime.nextSessionId();
        this.runtime = runtime;
        this.reader = reader;
        this.writer = writer;
        this.connection = connection;
        SessionInfo info = new SessionInfo(id, interruption, runtime.serials(), runtime.limits());
        SessionEvalContext eval = new SessionEvalContext(interruption, runtime.extensions().functions(),
                runtime.extensions().createServices(info));
        OperandStack stack = new OperandStack(runtime.limits().maxStackDepth(), runtime.limits().maxSessionBytes());
        this.machine = new StackMachine(runtime.extensions(), runtime.mathcap(), runtime.newLanguage(), eval, stack,
                new Replies(), () -> runningEpoch != epoch);
    }

    /** Starts the reader and worker threads. */
    public Session start() {
        readerThread = new Thread(this::readLoop, "ox4j-session-" + id + "-reader");
        workerThread = new Thread(null, this::workLoop, "ox4j-session-" + id + "-worker", WORKER_STACK_BYTES);
        readerThread.setDaemon(true);
        workerThread.setDaemon(true);
        workerThread.start();
        readerThread.start();
        LOG.info("session {} started", id);
        return this;
    }

    /** The session id (unique in this process). */
    public long id() {
        return id;
    }

    /** Completes with the reason when the session has ended. */
    public CompletableFuture<String> closed() {
        return closed;
    }

    /** The reset procedure of spec §7.2 (control SM_control_reset_connection, or SIGUSR1). */
    public void reset() {
        if (ended.get()) {
            return;
        }
        synchronized (stateLock) {
            flushing = true;
            epoch++;
        }
        interruption.raise();
        synchronized (writeLock) {
            try {
                writer.send(new OxSyncBall(runtime.serials().next()));
            } catch (UncheckedIOException e) {
                end("reset: cannot send OX_SYNC_BALL: " + e.getCause().getMessage());
                return;
            }
        }
        LOG.info("session {}: reset, OX_SYNC_BALL sent, discarding input until the client's", id);
    }

    /** SM_control_intr: interrupts the running command (it ends with an "interrupted" error object). */
    public void interrupt() {
        interruption.raise();
    }

    /** Ends the session: closes the connection and stops its threads. */
    public void end(String reason) {
        if (!ended.compareAndSet(false, true)) {
            return;
        }
        LOG.info("session {} ends: {}", id, reason);
        interruption.raise();
        try {
            connection.close();
        } catch (IOException e) {
            LOG.debug("session {}: close: {}", id, e.toString());
        }
        if (workerThread != null) {
            workerThread.interrupt();
        }
        closed.complete(reason);
    }

    @Override
    public void close() {
        end("closed");
    }

    private void readLoop() {
        try {
            while (!ended.get()) {
                boolean skip;
                synchronized (stateLock) {
                    skip = flushing;
                }
                Task task;
                try {
                    task = admit(reader.read(skip));
                } catch (OxDataRejectedException e) {
                    // read to its end, so the input is in step: the master gets an error object, the session goes on
                    LOG.info("session {}: {}", id, e.getMessage());
                    task = admitRejected(e);
                }
                if (task == null) {
                    continue;
                }
                if (handedOver.get() == 0 && runsOnReader(task)) {
                    runOnReader(task);
                } else {
                    handedOver.incrementAndGet();
                    queue.put(task);
                }
            }
        } catch (UncheckedIOException e) {
            end(e.getCause() instanceof EOFException || e.getCause() instanceof AsynchronousCloseException
                    ? "end of stream" : "read error: " + e.getCause());
        } catch (CmoException | OxProtocolException e) {
            LOG.warn("session {}: malformed input, closing the connection: {}", id, e.getMessage());
            end("malformed input: " + e.getMessage());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            end("interrupted");
        } catch (RuntimeException e) {
            LOG.warn("session {}: reader failed", id, e);
            end("reader failed: " + e);
        }
    }

    /** A refused OX_DATA is answered like the data it replaces: discarded while a reset flushes. */
    private Task admitRejected(OxDataRejectedException e) {
        synchronized (stateLock) {
            return flushing ? null : new Task(epoch, null, e);
        }
    }

    /** Decides, under the state lock, whether a frame is executed, discarded, or ends a reset. */
    private Task admit(OxFrame frame) {
        synchronized (stateLock) {
            if (flushing) {
                if (frame.message() instanceof OxSyncBall) {
                    flushing = false;
                    LOG.info("session {}: client's OX_SYNC_BALL received, reset complete", id);
                } else {
                    LOG.debug("session {}: discarding tag {} during reset", id, frame.tag());
                }
                return null;
            }
            if (frame.message() instanceof OxSyncBall) {
                LOG.debug("session {}: OX_SYNC_BALL outside a reset ignored", id);
                return null;
            }
            return new Task(epoch, frame.message());
        }
    }

    private void workLoop() {
        try {
            while (!ended.get()) {
                Task t = queue.take();
                try {
                    if (run(t)) {
                        end("SM_shutdown");
                    }
                } finally {
                    handedOver.decrementAndGet();
                }
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (Error e) {
            // an error the stack machine could not turn into CMO_ERROR2 (a broken class, a VM error): the session
            // cannot go on, so its connection is closed with the reason logged instead of leaving the master waiting
            LOG.error("session {}: worker failed, closing the session", id, e);
            end("worker failed: " + e);
        }
    }

    /**
     * Whether {@code t} is cheap enough for the reader: a push, a refused push, or SM_popCMO of a small object or of
     * one still kept in its encoding.
     */
    private boolean runsOnReader(Task t) {
        return t.rejection() != null || t.message() instanceof OxData
                || t.message() instanceof OxCommand c && c.code() == SmCommand.POP_CMO.code()
                        && popIsCheap();
    }

    private boolean popIsCheap() {
        long kept = machine.stack().topKeptWireLength();
        return kept >= 0 ? kept <= POP_KEPT_ON_READER_MAX_BYTES
                : machine.stack().topEstimatedBytes() <= POP_ON_READER_MAX_BYTES;
    }

    /** Runs {@code t} on the reader (the worker is idle). */
    private void runOnReader(Task t) {
        try {
            run(t);
        } catch (Error e) {
            LOG.error("session {}: a push or pop failed on the reader, closing the session", id, e);
            end("reader failed: " + e);
        }
    }

    /** Executes one task unless a reset abandoned it; returns true when the session must end (SM_shutdown). */
    private boolean run(Task t) {
        synchronized (stateLock) {
            if (t.epoch() != epoch) {
                return false;
            }
            runningEpoch = t.epoch();
            interruption.clear();
        }
        if (t.rejection() != null) {
            machine.onRejectedData(t.rejection().serial(), t.rejection().getCause().getMessage());
        } else if (t.message() instanceof OxData d) {
            machine.onData(d);
        } else if (t.message() instanceof OxCommand c) {
            return machine.onCommand(c);
        }
        return false;
    }

    /** Replies of the running command; dropped once a reset has abandoned it. */
    private final class Replies implements ReplySink {
        @Override
        public int nextSerial() {
            return runtime.serials().next();
        }

        @Override
        public void send(OxMessage message) {
            synchronized (writeLock) {
                if (runningEpoch != epoch) {
                    LOG.debug("session {}: reply of an abandoned command dropped", id);
                    return;
                }
                writer.send(message);
            }
        }
    }
}
