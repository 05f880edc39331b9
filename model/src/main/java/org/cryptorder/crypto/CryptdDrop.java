package org.cryptorder.crypto;

/** Why a {@link Cryptd} queue refused a request: the reasons of its {@code drops} signal. */
public enum CryptdDrop {
    /** The per-CPU queue held {@code cryptd_max_cpu_qlen} requests and the request had no backlog flag. */
    QUEUE_FULL
}
