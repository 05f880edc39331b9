package org.cryptorder.host;

/**
 * A user-space task that keeps the CPU and the FPU busy for ever (prime95, mprime): always
 * runnable, sharing the CPU with the other tasks through the scheduler, and leaving live FPU
 * registers that the next kernel FPU section must save. It does not by itself make the FPU
 * unusable for softirqs.
 */
public final class UserFpuLoad {
    /** Length of one piece of its work: only the event count depends on it. */
    static final double CHUNK_NS = 1_000_000;

    private final Task task;

    public UserFpuLoad(Cpu cpu, String name) {
        this.task = cpu.newTask(name, Context.USER_TASK, true);
    }

    public void start() {
        task.submit(new Chunk());
    }

    public Task task() {
        return task;
    }

    private final class Chunk implements Work {
        @Override
        public double start(Cpu cpu) {
            return CHUNK_NS;
        }

        @Override
        public void finish(Cpu cpu) {
            task.submit(this);
        }
    }
}
