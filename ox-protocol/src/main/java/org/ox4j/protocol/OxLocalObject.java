package org.ox4j.protocol;

import java.util.Arrays;
import java.util.Objects;

/**
 * A system-private message (e.g. {@code OX_LOCAL_OBJECT_ASIR}) carried as opaque bytes. Its body is not
 * self-delimiting for anyone but its own system, so ox4j only ever sends it; a decoder that receives one
 * cannot know where it ends and reports a protocol error for that connection.
 */
public record OxLocalObject(int tagCode, int serial, byte[] body) implements OxMessage {
    public OxLocalObject {
        body = body.clone();
    }

    @Override
    public byte[] body() {
        return body.clone();
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof OxLocalObject l && l.tagCode == tagCode && l.serial == serial
                && Arrays.equals(l.body, body);
    }

    @Override
    public int hashCode() {
        return Objects.hash(tagCode, serial, Arrays.hashCode(body));
    }
}
