package org.cryptorder.frame;

/**
 * Where the payload of a frame written on first read comes from: octets that are a function of
 * their position in a stream (an application's data), so that a frame in flight needs to hold only
 * its headers and where its payload starts.
 */
@FunctionalInterface
public interface PayloadSource {
    /**
     * A new array of {@code before + len + after} octets holding the source's {@code len} octets
     * from stream position {@code from} at {@code [before, before+len)}, and zeros around them.
     */
    byte[] withRoom(long from, int len, int before, int after);

    /**
     * The frame that {@link #withRoom} gave {@code buf} to is done with (its receiver has read it):
     * the source may give the buffer to a later frame. Nothing keeps a reference to it. By default it
     * is left to the garbage collector.
     */
    default void recycle(byte[] buf) {
    }
}
