package org.cryptorder.experiment;

import java.io.IOException;
import java.net.InetAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Instant;
import java.util.Locale;

/**
 * A results folder held by one command at a time: a file in the folder says who holds it (pid,
 * host, start time, command), made atomically, removed when the command ends. Two commands writing
 * one folder would otherwise overwrite each other's tables and leave a mix. A lock whose holder is
 * gone (a pid no longer alive on this host, say a run killed with SIGKILL) is taken over, and the
 * caller is told so. The shards of one sharded sweep write one folder together (an array job's
 * tasks), so each shard holds a lock of its own name.
 */
public final class ResultsLock implements AutoCloseable {
    /** The lock of a whole run, a merge or a chart. */
    static final String FILE = ".cryptorder.lock";

    private final Path file;
    private final String content;
    private final String takenOver;

    private ResultsLock(Path file, String content, String takenOver) {
        this.file = file;
        this.content = content;
        this.takenOver = takenOver;
    }

    /** The folder is held by another command that is still alive: who, in words. */
    public static final class InUse extends IOException {
        private static final long serialVersionUID = 1L;

        InUse(String holder) {
            super("it is in use by " + holder + "; wait for that to finish, or choose another folder");
        }
    }

    /** Takes the folder's whole-run lock for {@code command} ({@code run}, {@code merge}, {@code chart}). */
    public static ResultsLock acquire(Path folder, String command) throws IOException {
        return acquire(folder, FILE, command);
    }

    /** Takes the lock file {@code name} in {@code folder} (made if missing). */
    static ResultsLock acquire(Path folder, String name, String command) throws IOException {
        Files.createDirectories(folder);
        Path file = folder.resolve(name);
        String host = host();
        long pid = ProcessHandle.current().pid();
        String content = "pid " + pid + "\nhost " + host + "\nsince " + Instant.now() + "\ncommand cryptorder " + command
                + "\n";
        String takenOver = null;
        for (int attempt = 0; attempt < 3; attempt++) {
            try {
                Files.writeString(file, content, StandardCharsets.UTF_8, StandardOpenOption.CREATE_NEW,
                        StandardOpenOption.WRITE);
                return new ResultsLock(file, content, takenOver);
            } catch (FileAlreadyExistsException e) {
                String held;
                try {
                    held = Files.readString(file, StandardCharsets.UTF_8);
                } catch (NoSuchFileException gone) {
                    continue;  // released meanwhile
                }
                long holderPid = field(held, "pid").isEmpty() ? -1 : Long.parseLong(field(held, "pid"));
                String holderHost = field(held, "host");
                String who = field(held, "command") + " (pid " + holderPid + " on " + holderHost + ", since "
                        + field(held, "since") + ")";
                boolean alive = !holderHost.equals(host) || ProcessHandle.of(holderPid).map(ProcessHandle::isAlive)
                        .orElse(false);
                if (alive) {
                    throw new InUse(who);
                }
                takenOver = "took over the results folder's lock of " + who + ", which is no longer running";
                Files.deleteIfExists(file);
            }
        }
        throw new InUse("another command (its lock keeps coming back)");
    }

    /** The notice to print when a stale lock was taken over, or null. */
    public String takenOver() {
        return takenOver;
    }

    /** Releases the lock, if it is still this command's. */
    @Override
    public void close() throws IOException {
        try {
            if (Files.readString(file, StandardCharsets.UTF_8).equals(content)) {
                Files.deleteIfExists(file);
            }
        } catch (NoSuchFileException e) {
            // already gone
        }
    }

    private static String field(String lock, String key) {
        for (String line : lock.split("\n")) {
            if (line.startsWith(key + " ")) {
                return line.substring(key.length() + 1).strip();
            }
        }
        return "";
    }

    private static String host() {
        String env = System.getenv("HOSTNAME");
        if (env != null && !env.isBlank()) {
            return env.strip();
        }
        try {
            return InetAddress.getLocalHost().getHostName();
        } catch (IOException e) {
            return "this host".toLowerCase(Locale.ROOT);
        }
    }
}
