package org.cryptorder.experiment.output;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Writes a results file whole or not at all: into a temporary file beside it, then renamed over it
 * ({@code rename(2)}, atomic within a file system), so that a reader (a chart, a {@code --resume}, a
 * merge) never sees half a table. The temporary file's name is the target's with the process, the
 * thread and a counter appended, so that writers of the same file at once (the tasks of a Slurm
 * array writing one folder's {@code experiment.json}, say) never take each other's temporary file:
 * the last rename wins, and every writer finishes. The temporary file is created as any file the
 * run writes, with the user's umask.
 */
public final class AtomicFile {
    private static final AtomicLong COUNTER = new AtomicLong();

    private AtomicFile() {
    }

    /** Writes {@code text} (UTF-8) to {@code file}. */
    public static void write(Path file, CharSequence text) throws IOException {
        write(file, text.toString().getBytes(StandardCharsets.UTF_8));
    }

    /**
     * Writes {@code bytes} to {@code file}.
     *
     * @throws FileSystemException naming {@code file}, the file the user knows, not the temporary one,
     *                             with the file system's reason ("Is a directory", "No space left")
     */
    public static void write(Path file, byte[] bytes) throws IOException {
        Path tmp = file.resolveSibling(file.getFileName() + "." + ProcessHandle.current().pid() + "-"
                + Thread.currentThread().getId() + "-" + COUNTER.incrementAndGet() + ".tmp");
        try {
            Files.write(tmp, bytes);
            Files.move(tmp, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        } catch (FileSystemException e) {
            FileSystemException named = new FileSystemException(file.toString(), null, e.getReason());
            named.initCause(e);
            throw named;
        } finally {
            Files.deleteIfExists(tmp);
        }
    }
}
