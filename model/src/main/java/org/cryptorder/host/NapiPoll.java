package org.cryptorder.host;

/**
 * A NAPI context as softirq work: each piece of work handles one frame, the poll goes on with the
 * next frame at once while it is within its budget, and yields to other softirq work after
 * {@code budget} frames ({@code napi_poll} returning with work left re-queues it at the tail);
 * with nothing left it completes and waits to be scheduled again ({@code napi_complete}).
 * Subclasses take one frame in {@link #start} (calling {@link #polledOne}) and hand it on in
 * {@link #finish} before calling {@link #afterFrame}.
 */
public abstract class NapiPoll implements Work {
    private final int budget;
    private boolean scheduled;
    private int polled;
    private long polls;
    private long frames;

    protected NapiPoll(int budget) {
        if (budget < 1) {
            throw new IllegalArgumentException("a NAPI budget is at least one frame, got " + budget);
        }
        this.budget = budget;
    }

    /** {@code napi_schedule}: raises the poll on {@code cpu} unless it is already scheduled. */
    public final void schedule(Cpu cpu) {
        if (!scheduled) {
            scheduled = true;
            cpu.raiseSoftirq(this);
        }
    }

    /** Whether the poll is scheduled (its interrupt is masked: new frames wait for it). */
    public final boolean scheduled() {
        return scheduled;
    }

    /** Counts a frame taken by this poll against its budget. */
    protected final void polledOne() {
        polled++;
        frames++;
    }

    /** After a frame: go on with the next at once, yield after the budget, or complete when {@code empty}. */
    protected final void afterFrame(Cpu cpu, boolean empty) {
        if (empty) {
            scheduled = false;
            polled = 0;
            polls++;
            completed(cpu);
        } else if (polled < budget) {
            cpu.raiseSoftirqNext(this);
        } else {
            polled = 0;
            polls++;
            budgetUsed(cpu);
            cpu.raiseSoftirq(this);
        }
    }

    /** {@code napi_complete_done}: the poll found nothing more and is no longer scheduled. */
    protected void completed(Cpu cpu) {
    }

    /** The poll used its whole budget and goes back to the tail of the poll list ({@code napi_poll}). */
    protected void budgetUsed(Cpu cpu) {
    }

    /** Frames this run of the poll has taken so far, the current one included. */
    protected final int polledInRun() {
        return polled;
    }

    /** The most frames one run takes ({@code napi->weight}). */
    protected final int budget() {
        return budget;
    }

    /** Runs of the poll ({@code napi->poll} calls) that ended, by completing or by using the budget. */
    public final long polls() {
        return polls;
    }

    /** Frames the poll took. */
    public final long frames() {
        return frames;
    }
}
