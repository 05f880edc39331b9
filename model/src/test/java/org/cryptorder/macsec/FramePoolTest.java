package org.cryptorder.macsec;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Arrays;
import org.junit.jupiter.api.Test;

/** {@link FramePool} through {@link MacsecFrame#allocate(int, FramePool)} and {@link MacsecFrame#release}. */
class FramePoolTest {

    @Test
    void aReleasedBufferIsTheNextOfItsSizeWithItsRoomsZeroAsANewOne() {
        FramePool pool = new FramePool();
        MacsecFrame a = MacsecFrame.allocate(100, pool);
        byte[] buf = a.bytes();
        Arrays.fill(buf, (byte) 0x5a);  // the frame, and what protection would write into the rooms
        MacsecFrame.release(a);
        assertThat(pool.size()).isEqualTo(1);

        MacsecFrame b = MacsecFrame.allocate(100, pool);
        assertThat(b.bytes()).isSameAs(buf);
        assertThat(b.offset()).isEqualTo(MacsecFrame.HEADROOM);
        assertThat(b.length()).isEqualTo(100);
        byte[] fresh = MacsecFrame.allocate(100).bytes();
        for (int i = 0; i < buf.length; i++) {
            boolean room = i < MacsecFrame.HEADROOM || i >= MacsecFrame.HEADROOM + 100;
            if (room) {
                assertThat(buf[i]).as("octet %d", i).isEqualTo(fresh[i]);
            }
        }
        assertThat(pool.size()).isZero();
    }

    @Test
    void anotherSizeGetsANewBufferAndAFrameIsGivenBackOnce() {
        FramePool pool = new FramePool();
        MacsecFrame a = MacsecFrame.allocate(100, pool);
        MacsecFrame.release(a);
        MacsecFrame.release(a);
        assertThat(pool.size()).isEqualTo(1);
        assertThat(MacsecFrame.allocate(60, pool).bytes()).isNotSameAs(a.bytes());
        assertThat(pool.size()).isEqualTo(1);

        MacsecFrame.release(MacsecFrame.allocate(60));  // not from a pool: left alone
        assertThat(pool.size()).isEqualTo(1);
    }

    @Test
    void atMostMaxBuffersAreKept() {
        FramePool pool = new FramePool();
        MacsecFrame[] frames = new MacsecFrame[FramePool.MAX + 5];
        for (int i = 0; i < frames.length; i++) {
            frames[i] = MacsecFrame.allocate(100, pool);
        }
        for (MacsecFrame f : frames) {
            MacsecFrame.release(f);
        }
        assertThat(pool.size()).isEqualTo(FramePool.MAX);
    }
}
