package org.ox4j.client;

import io.netty.channel.EventLoopGroup;
import io.netty.channel.MultiThreadIoEventLoopGroup;
import io.netty.channel.nio.NioIoHandler;
import io.netty.util.concurrent.DefaultThreadFactory;
import java.util.concurrent.TimeUnit;

/**
 * The event-loop threads clients run on. Many clients (a whole {@code ServerGroup}) share one instance;
 * {@link #shared()} is a process-wide instance with daemon threads that never needs closing.
 */
public final class OxClientResources implements AutoCloseable {
    private static final class Holder {
        static final OxClientResources SHARED = new OxClientResources(2);
    }

    private final EventLoopGroup group;

    private OxClientResources(int threads) {
        this.group = new MultiThreadIoEventLoopGroup(threads, new DefaultThreadFactory("ox-client", true),
                NioIoHandler.newFactory());
    }

    /** The process-wide resources (daemon threads). */
    public static OxClientResources shared() {
        return Holder.SHARED;
    }

    /** Own resources with {@code threads} event loops; close them when done. */
    public static OxClientResources create(int threads) {
        return new OxClientResources(threads);
    }

    /** The event loops. */
    public EventLoopGroup group() {
        return group;
    }

    @Override
    public void close() {
        if (this != Holder.SHARED) {
            group.shutdownGracefully(0, 2, TimeUnit.SECONDS).syncUninterruptibly();
        }
    }
}
