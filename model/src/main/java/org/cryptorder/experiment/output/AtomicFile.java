package org.cryptorder.experiment.output;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.FileTime;
import java.time.Duration;
import java.time.Instant;
import java.util.concurrent.atomic.AtomicLong;
import java.util.regex.Pattern;

/**
 * Writes a results file whole or not at all: into a temporary file beside it, then renamed over it
 * ({@code rename(2)}, atomic within a file system), so that a reader (a chart, a {@code --resume}, a
 * merge) never sees half a table. The temporary file's name is the target's with the process, the
 * thread and a counter appended, so that writers of the same file at once (the tasks of a Slurm
 * array writing one folder's {@code experiment.json}, say) never take each other's temporary file:
 * the last rename wins, and every writer finishes. The temporary file is created as any file the
 * run writes, with the user's umask. A process killed in the middle of a write leaves its temporary
 * file behind; the next run into the folder removes it ({@link #removeLeftovers}).
 */
public final class AtomicFile {
    private static final AtomicLong COUNTER = new AtomicLong();
    private static final Pattern TEMPORARY = Pattern.compile(".+\\.\\d+-\\d+-\\d+\\.tmp");
    /** Older than this, a temporary file is no write in progress: a write takes milliseconds. */
    private static final Duration LEFTOVER = Duration.ofMinutes(1);

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

    /**
     * Removes from {@code folder} the temporary files of writes that never finished (their process
     * was killed): files named as {@link #write} names them and last modified more than a minute ago,
     * so that a write in progress, in this process or another one writing the folder, is left alone.
     *
     * @return how many were removed
     */
    public static int removeLeftovers(Path folder) throws IOException {
        if (!Files.isDirectory(folder)) {
            return 0;
        }
        FileTime before = FileTime.from(Instant.now().minus(LEFTOVER));
        int removed = 0;
        try (DirectoryStream<Path> files = Files.newDirectoryStream(folder)) {
            for (Path p : files) {
                if (TEMPORARY.matcher(p.getFileName().toString()).matches() && Files.isRegularFile(p)
                        && Files.getLastModifiedTime(p).compareTo(before) < 0 && Files.deleteIfExists(p)) {
                    removed++;
                }
            }
        }
        return removed;
    }
}
