package org.cryptorder.testing;

import java.io.IOException;
import java.util.concurrent.TimeUnit;

/** Whether Debian's tshark can be run here, for the tests that cross-check captures with it. */
public final class Tshark {
    private Tshark() {
    }

    /** True when {@code tshark --version} runs and exits 0 within a minute. */
    public static boolean runs() throws InterruptedException {
        try {
            Process p = new ProcessBuilder("tshark", "--version").redirectErrorStream(true)
                    .redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
            return p.waitFor(60, TimeUnit.SECONDS) && p.exitValue() == 0;
        } catch (IOException e) {
            return false;
        }
    }
}
