/**
 * The CPUs of a simulated machine: contexts, scheduling, and when the FPU is usable.
 *
 * <h2>What is modelled</h2>
 * <ul>
 *   <li>{@link org.cryptorder.host.Cpu}: runs {@link org.cryptorder.host.Work} in Linux's contexts.
 *       Softirq work runs before any task and preempts a running task at once, which keeps its
 *       remaining time; work with softirqs disabled holds them off until it ends. Tasks share the
 *       CPU through a fair scheduler ({@link org.cryptorder.host.SchedulerParams}: virtual
 *       runtime, sleeper credit, wakeup preemption, all tasks at nice 0; ksoftirqd is one of them).
 *       Busy time is accounted per {@link org.cryptorder.host.Context}.</li>
 *   <li>The tick's check of the running task's turn, per kernel version
 *       ({@link org.cryptorder.host.SliceRule}, from {@code crypto.kernel}; at {@code hosts.hz}): at
 *       every jiffy while other tasks wait ({@code entity_tick}), before 6.6 CFS's
 *       {@code check_preempt_tick} (CPU time since the pick over {@code sched_slice()} of the tasks
 *       runnable now, or past {@code min_granularity} a lead over the leftmost of more than that
 *       slice; tunables scaled by {@code 1 + ilog2(min(ncpus, 8))}), from 6.6 EEVDF's
 *       {@code update_deadline} (a virtual deadline one base slice on, renewed when reached at every
 *       tick, the task alone too, and rescheduled then if others wait). With no kernel named the
 *       experiment layer resolves the version to 6.12.117 for this and every other versioned rule.</li>
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
 * <p><b>ksoftirqd</b> ({@link org.cryptorder.host.SoftirqDeferral}, on unless an experiment
 * switches it off with {@code hosts.ksoftirqd: false}): a softirq run that lasts 2 ms, 10 passes or
 * until a woken task waits hands the rest to a per-CPU ksoftirqd task; the next interrupt then runs
 * pending softirqs at once (3.10, 4.6-4.8, 6.5+, the timer tick at HZ among those interrupts) or
 * leaves them to ksoftirqd (4.9-6.4); with no kernel named, 6.12.117's rule (at once). Off, softirq
 * work runs before any task however long it lasts.
 *
 * <p><b>The tick</b> ({@code SchedulerTick}): one timer interrupt per CPU at HZ, scheduled only
 * for a jiffy that needs it (the running task's turn checked while others wait, and under EEVDF
 * while a task runs at all; or every jiffy
 * while ksoftirqd is runnable on a 6.5+-style kernel). In one interrupt, as Linux's: the slice
 * check ({@code scheduler_tick}) sets {@code need_resched}, then {@code irq_exit} runs softirqs,
 * then the task is switched. Each CPU's
 * {@code Ksoftirqd} (after {@code kernel/softirq.c}: {@code __do_softirq()}'s
 * {@code MAX_SOFTIRQ_TIME} and {@code MAX_SOFTIRQ_RESTART}, {@code wakeup_softirqd()}) keeps the
 * softirq runs and the ksoftirqd task; the CPU schedules that task like any other.
 *
 * <h2>Observation</h2>
 * Busy time is accounted per context ({@link org.cryptorder.host.Cpu#busyNs}); a
 * {@link org.cryptorder.host.CpuActivity} attached to a CPU is told each piece of it as it is
 * accounted (the task or softirq, the work, start and end), which is what {@code explain --perfetto}
 * draws as the CPU's track. The pieces never overlap and sum to the busy time ({@code CpuTest}).
 *
 * <h2>States</h2>
 * Each stateful part has a state enum, and every change of state goes through one method that
 * checks the state it leaves and throws {@link java.lang.IllegalStateException} on an illegal
 * transition (as ns-3's devices check their {@code TxMachineState}):
 * <ul>
 *   <li>{@link org.cryptorder.host.Cpu} ({@code CpuState}): {@code IDLE}; {@code SOFTIRQ_STARTING -> SOFTIRQ ->
 *       SOFTIRQ_FINISHING -> IDLE} for a piece of softirq work; {@code TASK_STARTING -> TASK ->
 *       TASK_FINISHING -> IDLE} for a piece of a task's work; {@code TASK -> IDLE} when the task is
 *       preempted mid-work (it keeps its remaining time) and {@code IDLE -> TASK} when it resumes.
 *       What work raises or wakes on its own CPU at its starting or finishing instant takes effect
 *       once the CPU moves on.</li>
 *   <li>{@code Ksoftirqd}: {@code SLEEPING} (softirqs raised now start a run), {@code SOFTIRQ_RUN}
 *       (a run under way), {@code RUNNABLE} (ksoftirqd has the pending work), and, on kernels whose
 *       interrupts still run softirqs while ksoftirqd is runnable, {@code RUNNABLE_RUN_DUE} and
 *       {@code RUNNABLE_SOFTIRQ_RUN}. A run ends in {@code SLEEPING} when nothing is left and in
 *       {@code RUNNABLE} when it reaches a limit; ksoftirqd sleeps again once nothing is pending.</li>
 *   <li>{@link org.cryptorder.net.Nic}'s transmitter: {@code IDLE <-> TRANSMITTING}.</li>
 * </ul>
 *
 * <h2>Not modelled</h2>
 * Hard-interrupt handler time; of EEVDF (6.6+) its lag (placement keeps CFS's sleeper credit), the eligibility test of
 * {@code pick_eevdf} (the next task is the one with the smallest virtual runtime, always eligible), RUN_TO_PARITY
 * (6.6+) and PREEMPT_SHORT (6.12+) at wakeup (wakeup preemption keeps CFS's granularity rule); nice levels and weights, CPU
 * frequency, SMT siblings, migration by the load balancer. A tick that comes while softirq work interrupts a task
 * checks that task's turn (its softirq time not counted, as with {@code IRQ_TIME_ACCOUNTING}); a {@code need_resched}
 * it sets ends the softirq run at its next pass and switches the task when the run is over.
 *
 * <h2>Validation</h2>
 * {@code CpuTest}: exact fixtures (three softirq items arriving together wait 0, 1 and 2 us; a
 * softirq preempting a task; the FPU rule before and from 6.15; softirqs held off by bottom-half
 * disabled work; wakeup preemption not breaking a kernel FPU section; one state save), fairness of
 * two CPU-bound tasks within one scheduling latency over a second, and busy time adding up to the
 * elapsed time; the state each piece of work sees at its start and finish, and that illegal
 * transitions throw. {@code KsoftirqdTest}: the hand-over after 2 ms (2 100 frames of 1 us) and
 * after a pass when a woken task waits or a tick ended the interrupted task's turn, CFS sharing between ksoftirqd and a task, the tick's runs
 * on 6.5+ kernels, the FPU usable in ksoftirqd, and the states a flood passes through.
 * {@code RunQueueTest}: sleeper placement, min_vruntime never decreasing, the next pick.
 * {@code SliceRuleTest}: the scaling factor at 1, 2, 4, 8 and 16 CPUs, period and slice of 1, 2, 8
 * and 9 tasks, CFS's two rescheduling rules at their edges, EEVDF's deadline (renewed by the
 * ticks while a task runs alone), the turns of two equal tasks under each rule, and a task picked
 * alone cut at the first tick past the slice of two once another joins. The
 * bundled experiments' fingerprints ({@code FingerprintTest}) guard the whole against silent
 * change.
 */
package org.cryptorder.host;
