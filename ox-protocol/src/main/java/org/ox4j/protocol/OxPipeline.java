package org.ox4j.protocol;

import io.netty.channel.Channel;
import io.netty.channel.ChannelPipeline;
import java.time.Duration;
import java.util.Objects;
import java.util.Optional;
import org.ox4j.cmo.io.CmoLimits;
import org.ox4j.protocol.codec.OxMessageDecoder;
import org.ox4j.protocol.codec.OxMessageEncoder;
import org.ox4j.protocol.handshake.ByteOrderBytes;
import org.ox4j.protocol.handshake.ByteOrderHandshakeHandler;
import org.ox4j.protocol.handshake.HandshakeRole;
import org.ox4j.protocol.handshake.OneTimePassword;
import org.ox4j.protocol.handshake.PasswordSender;
import org.ox4j.protocol.handshake.PasswordVerifier;
import org.ox4j.protocol.transport.SocketTuning;

/**
 * Assembles the protocol part of an OX channel's pipeline, in the order the wire requires: socket tuning, one-time
 * password (sent or verified), byte-order handshake, decoder, encoder. The caller adds its own handlers behind
 * them; those see {@code channelActive} (preceded by a
 * {@link org.ox4j.protocol.handshake.HandshakeCompleted} user event) only once OX messages can flow, then
 * receive {@link OxMessage}s, and may write {@link OxMessage}s. Undecodable input arrives as an
 * {@link org.ox4j.protocol.codec.OxDecoderException} in {@code exceptionCaught} and the channel closes.
 *
 * <pre>{@code
 * // in a ChannelInitializer of an engine's data channel (Asir master connects, no password):
 * OxPipeline.Options opts = OxPipeline.options(HandshakeRole.SERVER).build();
 * ByteOrderHandshakeHandler hs = OxPipeline.install(ch, opts);
 * ch.pipeline().addLast("session", new MySessionHandler());
 * }</pre>
 */
public final class OxPipeline {
    /** Pipeline names of the handlers this class adds. */
    public static final String PASSWORD = "ox-password";
    public static final String HANDSHAKE = "ox-handshake";
    public static final String DECODER = "ox-decoder";
    public static final String ENCODER = "ox-encoder";

    private OxPipeline() {
    }

    /** Options for a side with this handshake role, starting from the defaults. */
    public static Builder options(HandshakeRole role) {
        return new Builder(role);
    }

    /**
     * Adds the protocol handlers to {@code ch}'s pipeline (call from a {@code ChannelInitializer}, before the channel
     * is active) and returns the handshake handler, whose {@link ByteOrderHandshakeHandler#result()} completes with
     * the agreed order.
     */
    public static ByteOrderHandshakeHandler install(Channel ch, Options options) {
        if (options.tuneSocket()) {
            SocketTuning.tune(ch);
        }
        ChannelPipeline p = ch.pipeline();
        options.sendPassword().ifPresent(pw -> p.addLast(PASSWORD, new PasswordSender(pw)));
        options.expectPassword().ifPresent(pw -> p.addLast(PASSWORD, new PasswordVerifier(pw, options.setupTimeout())));
        ByteOrderHandshakeHandler hs = new ByteOrderHandshakeHandler(options.role(), options.preferredByte(),
                options.setupTimeout());
        p.addLast(HANDSHAKE, hs);
        p.addLast(DECODER, new OxMessageDecoder(options.limits()));
        p.addLast(ENCODER, new OxMessageEncoder());
        return hs;
    }

    /**
     * Everything {@link #install} needs.
     *
     * @param role           who writes the byte-order byte first
     * @param preferredByte  the byte-order byte this side offers
     * @param limits         decoding limits (including the largest message)
     * @param setupTimeout   how long password and handshake may take; zero = no limit
     * @param sendPassword   password to send right after connecting (the connecting side)
     * @param expectPassword password the peer must send first (the accepting side)
     * @param tuneSocket     apply {@link SocketTuning} (TCP_NODELAY, TCP_QUICKACK)
     */
    public record Options(HandshakeRole role, byte preferredByte, CmoLimits limits, Duration setupTimeout,
            Optional<OneTimePassword> sendPassword, Optional<OneTimePassword> expectPassword, boolean tuneSocket) {
        public Options {
            Objects.requireNonNull(role, "role");
            Objects.requireNonNull(limits, "limits");
            Objects.requireNonNull(setupTimeout, "setupTimeout");
            Objects.requireNonNull(sendPassword, "sendPassword");
            Objects.requireNonNull(expectPassword, "expectPassword");
            if (sendPassword.isPresent() && expectPassword.isPresent()) {
                throw new IllegalArgumentException("a side either sends or expects the password, not both");
            }
            if (!ByteOrderBytes.isValid(preferredByte)) {
                throw new IllegalArgumentException("preferred byte: " + ByteOrderBytes.describe(preferredByte)
                        + " (expected: 0x00, 0x01 or 0xff)");
            }
        }
    }

    /** Builder for {@link Options}; defaults: byte 0x01, {@link CmoLimits#DEFAULT}, 30 s setup, no password, tuning on. */
    public static final class Builder {
        private final HandshakeRole role;
        private byte preferredByte = ByteOrderHandshakeHandler.DEFAULT_PREFERRED;
        private CmoLimits limits = CmoLimits.DEFAULT;
        private Duration setupTimeout = Duration.ofSeconds(30);
        private OneTimePassword sendPassword;
        private OneTimePassword expectPassword;
        private boolean tuneSocket = true;

        private Builder(HandshakeRole role) {
            this.role = Objects.requireNonNull(role, "role");
        }

        public Builder preferredByte(byte b) {
            preferredByte = b;
            return this;
        }

        public Builder limits(CmoLimits l) {
            limits = l;
            return this;
        }

        public Builder setupTimeout(Duration d) {
            setupTimeout = d;
            return this;
        }

        /** This side connected and must send {@code pw} first. */
        public Builder sendPassword(OneTimePassword pw) {
            sendPassword = pw;
            return this;
        }

        /** This side accepted and requires {@code pw} from the peer. */
        public Builder expectPassword(OneTimePassword pw) {
            expectPassword = pw;
            return this;
        }

        public Builder tuneSocket(boolean on) {
            tuneSocket = on;
            return this;
        }

        public Options build() {
            return new Options(role, preferredByte, limits, setupTimeout, Optional.ofNullable(sendPassword),
                    Optional.ofNullable(expectPassword), tuneSocket);
        }
    }
}
