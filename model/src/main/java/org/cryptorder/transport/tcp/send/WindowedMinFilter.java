package org.cryptorder.transport.tcp.send;

/**
 * Kathleen Nichols' windowed minimum, as Linux's {@code lib/win_minmax.c} keeps it for
 * {@code tp->rtt_min} ({@code minmax_running_min}): the best, second-best and third-best samples
 * in the window, so the minimum over the last {@code window} time units is known in O(1) memory.
 */
final class WindowedMinFilter {
    private final long window;
    private final long[] t = new long[3];
    private final long[] v = new long[3];

    /** Starts with {@code initial} (Linux starts {@code rtt_min} at ~0U, "no sample"). */
    WindowedMinFilter(long window, long now, long initial) {
        this.window = window;
        reset(now, initial);
    }

    long get() {
        return v[0];
    }

    private long reset(long now, long meas) {
        for (int i = 0; i < 3; i++) {
            t[i] = now;
            v[i] = meas;
        }
        return meas;
    }

    /** Adds a measurement taken at {@code now}; returns the windowed minimum. */
    long update(long now, long meas) {
        if (meas <= v[0] || now - t[2] > window) {
            return reset(now, meas);
        }
        if (meas <= v[1]) {
            t[2] = t[1] = now;
            v[2] = v[1] = meas;
        } else if (meas <= v[2]) {
            t[2] = now;
            v[2] = meas;
        }
        long dt = now - t[0];
        if (dt > window) {
            shift(now, meas);
            if (now - t[0] > window) {
                shift(now, meas);
            }
        } else if (t[1] == t[0] && dt > window / 4) {
            t[2] = t[1] = now;
            v[2] = v[1] = meas;
        } else if (t[2] == t[1] && dt > window / 2) {
            t[2] = now;
            v[2] = meas;
        }
        return v[0];
    }

    private void shift(long now, long meas) {
        t[0] = t[1];
        v[0] = v[1];
        t[1] = t[2];
        v[1] = v[2];
        t[2] = now;
        v[2] = meas;
    }
}
