/**
 * The CPUs of a simulated machine: contexts, scheduling, and when the FPU is usable.
 *
 * <h2>What is modelled</h2>
 * <ul>
 *   <li>{@link org.cryptorder.host.Cpu}: runs {@link org.cryptorder.host.Work} in Linux's contexts.
 *       Softirq work runs before any task and preempts a running task at once, which keeps its
 *       remaining time; work with softirqs disabled holds them off until it ends. Tasks share the
 *       CPU through a CFS-like fair scheduler ({@link org.cryptorder.host.SchedulerParams}: virtual
 *       runtime, slices of latency / runnable tasks, sleeper credit, wakeup preemption). Busy time
 *       is accounted per {@link org.cryptorder.host.Context}.</li>
 *   <li>The FPU rule of each kernel era: work may be a kernel FPU section; tasks cannot preempt it
 *       (preemption disabled); before 6.15 a softirq that interrupts it finds the FPU unusable
 *       ({@code in_kernel_fpu} set, {@link org.cryptorder.host.Cpu#simdUsable}); from 6.15 softirqs
 *       wait until the section ends. A user task with live FPU registers makes the next kernel FPU
 *       section pay for saving them once (5.2+ semantics).</li>
 *   <li>Contention sources: {@link org.cryptorder.host.KernelFpuLoad} (dm-crypt, AF_ALG, RAID:
 *       task-context FPU sections filling a given fraction of time, lengths exponential,
 *       deterministic or Pareto) and {@link org.cryptorder.host.UserFpuLoad} (prime95: always
 *       runnable, competes for the CPU, does not by itself make the FPU unusable).</li>
 * </ul>
 *
 * <p><b>ksoftirqd</b> ({@link org.cryptorder.host.SoftirqDeferral}, off unless an experiment asks
 * for it with {@code hosts.ksoftirqd}): a softirq run that lasts 2 ms, 10 passes or until a woken
 * task waits hands the rest to a per-CPU ksoftirqd task; the next interrupt then runs pending
 * softirqs at once (3.10, 4.6-4.8, 6.5+, with a 1 ms timer tick) or leaves them to ksoftirqd
 * (4.9-6.4). Off, softirq work runs before any task however long it lasts.
 *
 * <h2>Not modelled</h2>
 * Hard-interrupt handler time, EEVDF (Linux 6.6+ replaced CFS; the fair-share outcome is similar, the wakeup details
 * differ), nice levels, CPU frequency, SMT siblings, migration by the load balancer.
 *
 * <h2>Validation</h2>
 * {@code CpuTest}: exact fixtures (three softirq items arriving together wait 0, 1 and 2 us; a
 * softirq preempting a task; the FPU rule before and from 6.15; softirqs held off by bottom-half
 * disabled work; wakeup preemption not breaking a kernel FPU section; one state save), fairness of
 * two CPU-bound tasks within one scheduling latency over a second, and busy time adding up to the
 * elapsed time.
 */
package org.cryptorder.host;
