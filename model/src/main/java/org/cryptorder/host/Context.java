package org.cryptorder.host;

/**
 * The execution contexts of a Linux CPU that the model accounts time to, highest priority first.
 * Softirq work preempts tasks; tasks share the CPU through the scheduler. Hard-interrupt handlers
 * take no time in the model (an interrupt only raises a softirq), so they have no context here.
 */
public enum Context {
    /** Softirqs: NAPI polling (NET_RX), transmissions from softirq, inline crypto there. */
    SOFTIRQ,
    /** Kernel threads: the cryptd worker (a kworker), task-context kernel FPU users such as dm-crypt. */
    KERNEL_WORKER,
    /** User tasks: the sending or receiving application (iperf3), a user FPU load such as prime95. */
    USER_TASK
}
