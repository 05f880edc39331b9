package org.cryptorder.cli.daemon;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.net.UnixDomainSocketAddress;
import java.nio.channels.SocketChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.cryptorder.experiment.Tables;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The warm background process: a command it runs writes the files and prints the words a fresh
 * process does, byte for byte, the second time as the first; it refuses a rebuilt jar (and stops)
 * and a client in another directory, whose commands then run in the client.
 */
@Tag("extensive")
class DaemonTest {
    /** Two policies, two replications, 10 ms of UDP at 2 Gbit/s, with contention: cryptd and reordering at work. */
    private static final String SMALL = """
            {"name": "small", "hosts": {"cpus": 2}, "contention": {"kernelFpuBusy": 0.3},
             "traffic": [{"kind": "udp", "rateMbps": 2000}],
             "run": {"durationS": 0.01, "warmupS": 0.001, "replications": 2, "seed": 3},
             "sweep": {"crypto.policy": ["async", "async-unordered"]}}
            """;

    @TempDir
    Path tmp;

    private Path socket;
    private Path jar;
    private final List<Integer> exits = new CopyOnWriteArrayList<>();
    private Thread serving;

    @BeforeEach
    void start() throws Exception {
        Path dir = Files.createDirectory(tmp.resolve("sockets"), PosixFilePermissions.asFileAttribute(
                PosixFilePermissions.fromString("rwx------")));
        socket = dir.resolve("t.sock");
        jar = Files.writeString(tmp.resolve("build.jar"), "the build");
        DaemonServer server = new DaemonServer(socket, 600, jar, exits::add);
        serving = new Thread(() -> {
            try {
                server.serve();
            } catch (Exception e) {
                throw new IllegalStateException(e);
            }
        });
        serving.setDaemon(true);
        serving.start();
        for (int i = 0; i < 500 && !listening(); i++) {
            Thread.sleep(10);  // the socket's file appears at bind, a moment before it listens
        }
        assertThat(listening()).as("the server listens on %s", socket).isTrue();
    }

    /** Whether a connection is taken (the server reads a request that never comes, and drops it). */
    private boolean listening() {
        if (!Files.exists(socket)) {
            return false;
        }
        try (SocketChannel ch = SocketChannel.open(UnixDomainSocketAddress.of(socket))) {
            return true;
        } catch (java.io.IOException e) {
            return false;
        }
    }

    @AfterEach
    void stop() {
        serving.interrupt();
    }

    private record Answer(Integer status, String out, String err) {
    }

    private Answer send(Path cwd, String... args) throws Exception {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        try (SocketChannel ch = SocketChannel.open(UnixDomainSocketAddress.of(socket))) {
            Integer status = DaemonClient.converse(ch, args, cwd, new PrintStream(out, true, StandardCharsets.UTF_8),
                    new PrintStream(err, true, StandardCharsets.UTF_8));
            return new Answer(status, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
        }
    }

    @Test
    void aCommandItRunsWritesWhatAFreshProcessWritesTheSecondTimeAsTheFirst() throws Exception {
        Path file = Files.writeString(tmp.resolve("small.json"), SMALL);
        Path here = Path.of("").toAbsolutePath();
        Path freshOut = tmp.resolve("fresh");
        Process fresh = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-cp", System.getProperty("java.class.path"), "-Djava.awt.headless=true",
                org.cryptorder.cli.Main.class.getName(), "run", "--quiet", "--out", freshOut.toString(),
                file.toString()).redirectError(ProcessBuilder.Redirect.DISCARD).start();
        String freshPrinted = new String(fresh.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(fresh.waitFor()).isZero();
        for (String name : List.of("first", "second")) {
            Path out = tmp.resolve(name);
            Answer a = send(here, "run", "--quiet", "--out", out.toString(), file.toString());
            assertThat(a.status()).as(a.err()).isZero();
            assertThat(a.out().replace(out.toString(), freshOut.toString())).as(name).isEqualTo(freshPrinted);
            for (String table : List.of("runs.csv", "summary.csv")) {
                assertThat(Tables.withoutWallClock(out.resolve(table))).as(name + " " + table)
                        .isEqualTo(Tables.withoutWallClock(freshOut.resolve(table)));
            }
            for (String table : List.of("latency.csv", "paired.csv")) {
                assertThat(Files.readAllBytes(out.resolve(table))).as(name + " " + table)
                        .isEqualTo(Files.readAllBytes(freshOut.resolve(table)));
            }
        }
        assertThat(exits).isEmpty();
    }

    @Test
    void badInputGetsTheWordsAndStatusOfAFreshProcess() throws Exception {
        Answer a = send(Path.of("").toAbsolutePath(), "--bogus");
        assertThat(a.status()).isEqualTo(2);
        assertThat(a.err()).startsWith("cryptorder: Unknown option: '--bogus'");
        assertThat(a.out()).isEmpty();
    }

    @Test
    void aRebuiltJarIsRefusedAndTheProcessStops() throws Exception {
        Files.writeString(jar, "another build");
        Files.setLastModifiedTime(jar, FileTime.fromMillis(Files.getLastModifiedTime(jar).toMillis() + 5000));
        try {
            Answer a = send(Path.of("").toAbsolutePath(), "list");
            assertThat(a.status()).as("refused: the client runs it itself").isNull();
        } catch (java.net.ConnectException e) {
            // the process noticed the new jar first and stopped listening: the client starts another
        }
        for (int i = 0; i < 500 && Files.exists(socket); i++) {
            Thread.sleep(10);
        }
        assertThat(socket).as("the socket of a process that stopped").doesNotExist();
        assertThat(exits).as("stopped by the refusal (0) or by noticing the jar (no exit call: the loop ends)")
                .isSubsetOf(0);
    }

    @Test
    void aClientInAnotherDirectoryIsRefused() throws Exception {
        Answer a = send(tmp, "list");
        assertThat(a.status()).isNull();
        assertThat(exits).isEmpty();
    }
}
