package org.ox4j.mpi.coll;

/**
 * What a collective asks of the whole group's processors, summed over every rank: the messages sent, the bytes they
 * carry and the bytes combined by a reduction. Where ranks outnumber the cores they share, this work has to fit on
 * those cores and bounds the time from below however short the critical path is ({@link
 * org.ox4j.mpi.cost.CostModel#onSharedCores}). Stream chunks are counted by their stream, not one by one: a chunk
 * arriving on a stream a rank already reads costs no hand-off.
 *
 * @param messages     messages (or streams) sent by all ranks together
 * @param bytes        bytes those messages carry
 * @param reducedBytes bytes passed through the reduction operator by all ranks together
 * @param streams      streams opened (each also counted in {@code messages})
 */
public record Traffic(double messages, double bytes, double reducedBytes, double streams) {
    public Traffic {
        if (!(messages >= 0) || !(bytes >= 0) || !(reducedBytes >= 0) || !(streams >= 0)) {
            throw new IllegalArgumentException("messages, bytes, reducedBytes, streams: " + messages + ", " + bytes
                    + ", " + reducedBytes + ", " + streams + " (expected: >= 0)");
        }
    }

    /** Traffic on messages only, no streams. */
    public Traffic(double messages, double bytes, double reducedBytes) {
        this(messages, bytes, reducedBytes, 0);
    }

    /** {@code streams} streams carrying {@code bytes} in all, {@code reducedBytes} of them combined. */
    public static Traffic streams(double streams, double bytes, double reducedBytes) {
        return new Traffic(streams, bytes, reducedBytes, streams);
    }

    /** {@code messages} messages of {@code each} bytes, nothing reduced. */
    public static Traffic messages(double messages, double each) {
        return new Traffic(messages, messages * each, 0);
    }

    /** {@code messages} messages of {@code each} bytes, each reduced once on arrival. */
    public static Traffic reduced(double messages, double each) {
        return new Traffic(messages, messages * each, messages * each);
    }
}
