package org.ox4j.client;

import java.time.Duration;
import java.util.Objects;
import org.ox4j.cmo.io.CmoLimits;
import org.ox4j.protocol.handshake.ByteOrderHandshakeHandler;

/**
 * Settings of one {@link OxClient}.
 *
 * @param connectTimeout   per TCP/UNIX connection attempt
 * @param handshakeTimeout waiting for the server's byte-order byte
 * @param requestTimeout   default for every blocking call (pop, call, reset, ...)
 * @param retry            connection attempts (a server just launched may not listen yet)
 * @param exchangeMathcap  do the §2.8 exchange right after connecting, as an Asir master does
 * @param enforceMathcap   refuse locally to send what the server's mathcap excludes
 * @param byteOrderByte    byte offered in the byte-order handshake (0x00, 0x01, 0xFF)
 * @param limits           bounds on decoded replies
 */
public record OxClientOptions(Duration connectTimeout, Duration handshakeTimeout, Duration requestTimeout,
        RetryPolicy retry, boolean exchangeMathcap, boolean enforceMathcap, byte byteOrderByte, CmoLimits limits) {
    public OxClientOptions {
        Objects.requireNonNull(connectTimeout, "connectTimeout");
        Objects.requireNonNull(handshakeTimeout, "handshakeTimeout");
        Objects.requireNonNull(requestTimeout, "requestTimeout");
        Objects.requireNonNull(retry, "retry");
        Objects.requireNonNull(limits, "limits");
    }

    /** 5 s connect and handshake, 60 s requests, default retries, mathcap exchanged and enforced. */
    public static OxClientOptions defaults() {
        return new OxClientOptions(Duration.ofSeconds(5), Duration.ofSeconds(5), Duration.ofSeconds(60),
                RetryPolicy.defaults(), true, true, ByteOrderHandshakeHandler.DEFAULT_PREFERRED, CmoLimits.DEFAULT);
    }

    public OxClientOptions withRequestTimeout(Duration t) {
        return new OxClientOptions(connectTimeout, handshakeTimeout, t, retry, exchangeMathcap, enforceMathcap,
                byteOrderByte, limits);
    }

    /** How long to wait for the peer's byte-order byte (an engine behind a launcher may still be starting). */
    public OxClientOptions withHandshakeTimeout(Duration t) {
        return new OxClientOptions(connectTimeout, t, requestTimeout, retry, exchangeMathcap, enforceMathcap,
                byteOrderByte, limits);
    }

    public OxClientOptions withRetry(RetryPolicy r) {
        return new OxClientOptions(connectTimeout, handshakeTimeout, requestTimeout, r, exchangeMathcap,
                enforceMathcap, byteOrderByte, limits);
    }

    public OxClientOptions withMathcapExchange(boolean exchange, boolean enforce) {
        return new OxClientOptions(connectTimeout, handshakeTimeout, requestTimeout, retry, exchange, enforce,
                byteOrderByte, limits);
    }

    public OxClientOptions withByteOrderByte(byte b) {
        return new OxClientOptions(connectTimeout, handshakeTimeout, requestTimeout, retry, exchangeMathcap,
                enforceMathcap, b, limits);
    }
}
