package org.cryptorder.macsec;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.cryptorder.frame.PayloadSource;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * A frame whose bytes are written when first read ({@link MacsecFrame#deferred}): protected by a
 * SecY, it reads byte for byte as the same frame written and protected at once, for every cipher
 * suite, with and without encryption, SCI and a short ICV; it is encrypted only once it is read
 * (or dropped: {@link MacsecFrame#write}); a recycled frame's buffer goes back to its source.
 */
class DeferredFrameTest {
    private static final int HEAD = 40;

    /** The payload of {@link SecYTest#plainFrame} as a source: octet i of the frame is (i * 31 + seed). */
    private static final class Source implements PayloadSource {
        final List<byte[]> recycled = new ArrayList<>();
        int written;

        @Override
        public byte[] withRoom(long from, int len, int before, int after) {
            written++;
            byte[] b = new byte[before + len + after];
            for (int i = 0; i < len; i++) {
                b[before + i] = (byte) ((from + i) * 31);
            }
            return b;
        }

        @Override
        public void recycle(byte[] buf) {
            recycled.add(buf);
        }
    }

    private static MacsecFrame deferred(Source s, int payload) {
        byte[] whole = SecYTest.plainFrame(payload, 0);
        return MacsecFrame.deferred(Arrays.copyOf(whole, HEAD), s, HEAD, whole.length - HEAD);
    }

    private static final class Count implements GcmEngine.Observer {
        int sealed;

        @Override
        public void sealed(int keyBytes, int aadLen, int textLen, int icvLen) {
            sealed++;
        }

        @Override
        public void opened(int keyBytes, int aadLen, int textLen, int icvLen) {
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"GCM_AES_128 encrypt", "GCM_AES_256 integrity", "GCM_AES_XPN_128 encrypt",
        "GCM_AES_XPN_256 encrypt nosci", "GCM_AES_128 encrypt icv8"})
    void aDeferredFrameReadsAsTheSameFrameProtectedAtOnce(String setup) {
        String[] w = setup.split(" ");
        SecYConfig cfg = SecYConfig.linuxDefaults(SecYTest.TX_SCI).withSuite(CipherSuite.valueOf(w[0]))
                .withEncrypt(w[1].equals("encrypt"));
        if (setup.contains("nosci")) {
            cfg = cfg.withSciMode(false, true, false);
        }
        if (setup.contains("icv8")) {
            cfg = cfg.withIcvLen(8);
        }
        GcmEngine engine = new GcmEngine();
        MacsecFrame atOnce = MacsecFrame.copyOf(SecYTest.plainFrame(1000, 0));
        assertThat(SecYTest.sender(cfg, 7).protect(atOnce, engine)).isEqualTo(TxVerdict.SENT);

        Source source = new Source();
        MacsecFrame later = deferred(source, 1000);
        SecY tx = SecYTest.sender(cfg, 7);
        assertThat(tx.protect(later, engine)).isEqualTo(TxVerdict.SENT);
        assertThat(later.written()).isFalse();
        assertThat(later.length()).isEqualTo(atOnce.length());
        assertThat(source.written).isZero();

        assertThat(later.toByteArray()).isEqualTo(atOnce.toByteArray());
        assertThat(source.written).isEqualTo(1);
        SecY rx = SecYTest.receiver(cfg, SecYTest.rxConfig().withSuite(cfg.suite()).withIcvLen(cfg.icvLen()), 1);
        assertThat(rx.validate(later, engine)).isEqualTo(RxVerdict.OK);
        assertThat(later.toByteArray()).isEqualTo(SecYTest.plainFrame(1000, 0));
    }

    @Test
    void itIsEncryptedWhenReadOrDroppedAndNotBefore() {
        GcmEngine engine = new GcmEngine();
        Count count = new Count();
        engine.observe(count);
        SecY tx = SecYTest.sender(SecYTest.txConfig(), 1);
        MacsecFrame read = deferred(new Source(), 200);
        MacsecFrame dropped = deferred(new Source(), 200);
        tx.protect(read, engine);
        tx.protect(dropped, engine);
        assertThat(count.sealed).isZero();
        read.bytes();
        assertThat(count.sealed).isEqualTo(1);
        dropped.write();
        dropped.write();
        assertThat(count.sealed).isEqualTo(2);
        assertThat(dropped.pn()).isEqualTo(2);
    }

    @Test
    void aRecycledFrameGivesItsBufferBackAndCannotBeReadAgain() {
        Source source = new Source();
        MacsecFrame f = deferred(source, 100);
        byte[] b = f.bytes();
        f.recycle();
        f.recycle();
        assertThat(source.recycled).containsExactly(b);
        assertThatThrownBy(f::bytes).isInstanceOf(IllegalStateException.class);

        MacsecFrame eager = MacsecFrame.copyOf(SecYTest.plainFrame(100, 0));
        eager.recycle();
        assertThat(eager.bytes()).isNotNull();
    }
}
