package org.cryptorder.transport.tcp.send;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * The send buffer's accounting as Linux's: {@code sk_wmem_queued} is the truesize of the skbs not
 * yet fully acknowledged, it never goes negative and is 0 once everything is acknowledged; {@code
 * sk_sndbuf} grows with cwnd ({@code tcp_sndbuf_expand}) up to {@code tcp_wmem[2]}; the writer may
 * go on while {@code wmem < sndbuf} and is woken only with half of what is queued free.
 */
class SendBufferTest {
    private static final int MSS = 1416;

    @Test
    void sizeGoalAndPerMssTruesizeAreTheKernels() {
        SendBuffer b = new SendBuffer(MSS, MSS + 12, 65_536, false);
        assertThat(b.sizeGoal()).as("46 segments in the 64 KiB GSO limit").isEqualTo(46 * MSS);
        // roundup_pow_of_two(1428 + 320 + 320) + 256
        assertThat(b.perMssTruesize()).isEqualTo(4096 + 256);
        assertThat(new SendBuffer(8948, 8960, 65_536, true).perMssTruesize()).isEqualTo(16_384 + 256);
    }

    @Test
    void theBufferGrowsWithCwndToAtMost4MiBAndNeverShrinks() {
        SendBuffer b = new SendBuffer(MSS, MSS + 12, 65_536, true);
        assertThat(b.sndbuf()).as("tcp_wmem[1]").isEqualTo(16_384);
        b.expand(10, 3);
        assertThat(b.sndbuf()).as("tcp_init_buffer_space: 2 x 10 x 4352").isEqualTo(87_040);
        b.expand(100, 3);
        assertThat(b.sndbuf()).isEqualTo(2 * 100 * 4352L);
        b.expand(50, 300);
        assertThat(b.sndbuf()).as("reordering + 1 counts too").isEqualTo(2 * 301 * 4352L);
        b.expand(20, 3);
        assertThat(b.sndbuf()).as("never smaller").isEqualTo(2 * 301 * 4352L);
        b.expand(10_000, 3);
        assertThat(b.sndbuf()).as("tcp_wmem[2]").isEqualTo(4L << 20);
    }

    @Test
    void wmemCountsTruesizeNeverGoesNegativeAndReturnsToZeroWhenAllIsAcked() {
        Random r = new Random(7);
        for (boolean small : new boolean[] {false, true}) {
            SendBuffer b = new SendBuffer(MSS, MSS + 12, 65_536, small);
            int head = small ? SendBuffer.SMALL_HEAD_TRUESIZE : SendBuffer.HEAD_TRUESIZE;
            long una = 0;
            long skbs = 0;
            for (int step = 0; step < 20_000; step++) {
                if (r.nextInt(3) > 0) {
                    if (b.tailRoom() == 0) {
                        b.entail();
                        skbs++;
                    }
                    b.append(1 + r.nextInt(b.tailRoom()));
                } else {
                    long sendable = b.writeSeq() / MSS * MSS;
                    sendUpTo(b, sendable);
                    if (sendable > una) {
                        una += MSS * (1 + r.nextInt((int) ((sendable - una) / MSS)));
                        b.acked(una);
                    }
                }
                assertThat(b.wmemQueued()).isNotNegative();
                assertThat(b.wmemQueued()).as("at least the unacknowledged octets")
                        .isGreaterThanOrEqualTo(b.writeSeq() - una);
            }
            assertThat(skbs).isGreaterThan(100);
            sendUpTo(b, b.writeSeq());
            b.acked(b.writeSeq());
            assertThat(b.wmemQueued()).as("all acknowledged: nothing queued").isZero();
        }
    }

    @Test
    void anSkbCostsItsHeadAndItsOctetsUntilAcknowledged() {
        SendBuffer b = new SendBuffer(MSS, MSS + 12, 65_536, false);
        b.entail();
        b.append(b.sizeGoal());
        assertThat(b.tailFull()).isTrue();
        assertThat(b.wmemQueued()).isEqualTo(1280 + 46 * MSS);
        b.sent(46L * MSS);
        b.acked(10 * MSS);
        assertThat(b.wmemQueued()).as("tcp_trim_head gives back the octets, not the head").isEqualTo(1280 + 36 * MSS);
        b.acked(46 * MSS);
        assertThat(b.wmemQueued()).isZero();
        assertThat(b.tailRoom()).as("a new skb for the next octet").isZero();
        assertThatThrownBy(() -> b.append(1)).isInstanceOf(IllegalStateException.class);
    }

    @Test
    void theWriterMayAddWhileBelowTheBufferAndIsWokenWithHalfOfWhatIsQueuedFree() {
        SendBuffer b = new SendBuffer(MSS, MSS + 12, 65_536, false);
        b.expand(10, 3);  // 87040
        long goal = b.sizeGoal();
        b.entail();
        b.append((int) goal);
        b.sent(goal);
        assertThat(b.memoryFree()).isTrue();
        b.entail();
        b.append((int) goal);
        b.sent(2 * goal);
        // 2 x (1280 + 65136) = 132832 >= 87040: no room
        assertThat(b.memoryFree()).isFalse();
        assertThat(b.writeable()).isFalse();
        b.acked(46L * MSS);  // one skb freed: 66416 queued, 20624 free < 33208
        assertThat(b.memoryFree()).as("room for another skb").isTrue();
        assertThat(b.writeable()).as("but not half of what is queued free").isFalse();
        b.acked(46L * MSS + 30 * MSS);  // 1280 + 16 x 1416 = 23936 queued, 63104 free
        assertThat(b.writeable()).isTrue();
        assertThat(b.sndbuf() - b.wmemQueued()).isGreaterThanOrEqualTo(b.wmemQueued() / 2);
    }

    /** Everything written up to {@code seq} leaves, head skb by head skb ({@code tcp_write_xmit}). */
    private static void sendUpTo(SendBuffer b, long seq) {
        while (b.hasSendHead() && b.firstUnsent() < seq && b.headLen() > 0) {
            b.sent(Math.min(seq, b.firstUnsent() + b.headLen()));
        }
    }

    @Test
    void tsoFragmentLeavesTheRestAtTheHeadWithAHeadOfItsOwn() {
        SendBuffer b = new SendBuffer(MSS, MSS + 12, 65_536, false);
        b.entail();
        b.append(b.sizeGoal());
        b.entail();
        b.append(5 * MSS);
        assertThat(b.headLen()).isEqualTo(46L * MSS);
        assertThat(b.headIsTail()).isFalse();
        b.sent(10L * MSS);
        assertThat(b.wmemQueued()).as("three skb heads now: the sent part, the rest, the tail")
                .isEqualTo(3 * 1280 + 51L * MSS);
        assertThat(b.headLen()).as("the rest of the split skb").isEqualTo(36L * MSS);
        b.sent(46L * MSS);
        assertThat(b.headIsTail()).isTrue();
        assertThat(b.tailRoom()).as("the tail takes octets up to size_goal").isEqualTo(41 * MSS);
        b.sent(48L * MSS);
        assertThat(b.headLen()).as("the tail's rest").isEqualTo(3L * MSS);
        assertThat(b.tailRoom()).as("the rest of a split tail takes octets up to size_goal of its own")
                .isEqualTo(43 * MSS);
        b.sent(51L * MSS);
        assertThat(b.hasSendHead()).isFalse();
        assertThat(b.tailRoom()).as("a sent tail takes no more: the next octet starts a new skb").isZero();
        b.acked(51L * MSS);
        assertThat(b.wmemQueued()).isZero();
    }

    @Test
    void tcpGrowSkbMovesOctetsFromTheNextSkbAndFreesItOnceEmpty() {
        SendBuffer b = new SendBuffer(MSS, MSS + 12, 12 * MSS, true);
        int head = SendBuffer.SMALL_HEAD_TRUESIZE;
        for (int k = 0; k < 3; k++) {
            b.entail();
            b.append(12 * MSS);
        }
        b.sent(10L * MSS);
        assertThat(b.headLen()).isEqualTo(2L * MSS);
        long before = b.wmemQueued();
        b.grow(4L * MSS);
        assertThat(b.headLen()).as("two segments of its own and four of the next").isEqualTo(6L * MSS);
        assertThat(b.wmemQueued()).as("octets move with their truesize").isEqualTo(before);
        b.grow(100L * MSS);
        assertThat(b.headLen()).as("the next skb's 8 left, no further").isEqualTo(14L * MSS);
        assertThat(b.wmemQueued()).as("the emptied skb's head is freed").isEqualTo(before - head);
        assertThat(b.headIsTail()).isFalse();
        b.sent(24L * MSS);
        assertThat(b.headIsTail()).isTrue();
        b.grow(5L * MSS);
        assertThat(b.headLen()).as("the tail has no next to grow from").isEqualTo(12L * MSS);
        b.sent(36L * MSS);
        b.acked(36L * MSS);
        assertThat(b.wmemQueued()).isZero();
    }
}
