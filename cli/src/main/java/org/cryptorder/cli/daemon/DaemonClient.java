package org.cryptorder.cli.daemon;

import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.File;
import java.io.IOException;
import java.net.StandardProtocolFamily;
import java.net.UnixDomainSocketAddress;
import java.nio.channels.SocketChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.cryptorder.cli.Main;

/**
 * What {@code ./cryptorder} starts for a command that a warm background process can run: it hands
 * the command to the {@link DaemonServer} of this jar, working directory and JVM options, starting
 * one (in a session of its own, so that Ctrl-C at this terminal does not reach it) when there is
 * none, and prints what it prints. When no background process can be had (no private directory, a
 * refusal, one that does not start), it runs the command itself, as a fresh process does. Ctrl-C
 * is passed on: the command stops as it would in a fresh process, and its last words are printed.
 *
 * <p>Environment: {@code CRYPTORDER_DAEMON_JVM}, the background process's JVM options (set by
 * {@code ./cryptorder}); {@code CRYPTORDER_DAEMON_IDLE_S}, its idle time before it stops (1200 s).
 */
public final class DaemonClient {
    private static final long START_WAIT_NS = 60_000_000_000L;

    private DaemonClient() {
    }

    public static void main(String[] args) throws Exception {
        Integer status = viaDaemon(args);
        System.exit(status != null ? status : Main.run(args));
    }

    /** The command's status from a background process, or null when the command is to run here. */
    static Integer viaDaemon(String[] args) {
        try {
            Path dir = DaemonProtocol.directory();
            if (dir == null) {
                return null;
            }
            Path jar = Path.of(DaemonClient.class.getProtectionDomain().getCodeSource().getLocation().toURI());
            if (!Files.isRegularFile(jar)) {
                return null;  // classes from a build directory: nothing to key a background process on
            }
            Path cwd = Path.of("").toAbsolutePath();
            String jvm = System.getenv().getOrDefault("CRYPTORDER_DAEMON_JVM", "");
            Path socket = dir.resolve(DaemonProtocol.socketName(jar, cwd, jvm));
            SocketChannel channel = connect(socket);
            if (channel == null) {
                Process server = start(socket, jar, cwd, jvm);
                long deadline = System.nanoTime() + START_WAIT_NS;
                while (channel == null && server.isAlive() && System.nanoTime() < deadline) {
                    Thread.sleep(20);
                    channel = connect(socket);
                }
                if (channel == null) {
                    return null;
                }
            }
            return converse(channel, args, cwd, System.out, System.err);
        } catch (IOException | InterruptedException | java.net.URISyntaxException e) {
            return null;
        }
    }

    private static SocketChannel connect(Path socket) {
        if (!Files.exists(socket)) {
            return null;
        }
        try {
            return SocketChannel.open(UnixDomainSocketAddress.of(socket));
        } catch (IOException e) {
            return null;
        }
    }

    private static Process start(Path socket, Path jar, Path cwd, String jvm) throws IOException {
        List<String> command = new ArrayList<>();
        for (String setsid : List.of("/usr/bin/setsid", "/bin/setsid")) {
            if (Files.isExecutable(Path.of(setsid))) {
                command.add(setsid);
                break;
            }
        }
        command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        for (String option : jvm.trim().split("\\s+")) {
            if (!option.isEmpty()) {
                command.add(option);
            }
        }
        String idle = System.getenv().getOrDefault("CRYPTORDER_DAEMON_IDLE_S", "1200");
        command.addAll(List.of("-Djava.awt.headless=true", "-cp", jar.toString(), DaemonServer.class.getName(),
                socket.toString(), idle.matches("\\d{1,7}") ? idle : "1200"));
        Path log = Path.of(socket + ".log");
        return new ProcessBuilder(command).directory(cwd.toFile()).redirectErrorStream(true)
                .redirectOutput(ProcessBuilder.Redirect.to(log.toFile()))
                .redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null"))).start();
    }

    /** Sends the request and prints the answer to {@code stdout} and {@code stderr}; null when refused. */
    static Integer converse(SocketChannel channel, String[] args, Path cwd, java.io.PrintStream stdout,
                            java.io.PrintStream stderr) throws IOException {
        DataOutputStream out = new DataOutputStream(new java.io.BufferedOutputStream(DaemonProtocol.output(channel)));
        DataInputStream in = new DataInputStream(new java.io.BufferedInputStream(DaemonProtocol.input(channel)));
        boolean console = System.console() != null;
        out.writeInt(DaemonProtocol.MAGIC);
        out.writeInt(DaemonProtocol.VERSION);
        DaemonProtocol.writeString(out, cwd.toString());
        out.writeInt(args.length);
        for (String a : args) {
            DaemonProtocol.writeString(out, a);
        }
        Map<String, String> env = System.getenv();
        out.writeInt(env.size());
        for (Map.Entry<String, String> e : env.entrySet()) {
            DaemonProtocol.writeString(out, e.getKey());
            DaemonProtocol.writeString(out, e.getValue());
        }
        out.writeBoolean(console);
        out.writeInt(console ? columns() : 0);
        out.flush();

        CountDownLatch done = new CountDownLatch(1);
        java.util.concurrent.atomic.AtomicBoolean interrupted = new java.util.concurrent.atomic.AtomicBoolean();
        Thread onInterrupt = new Thread(() -> {
            interrupted.set(true);
            try {
                synchronized (out) {
                    out.writeByte(DaemonProtocol.INTERRUPT);
                    out.flush();
                }
                done.await(10, TimeUnit.SECONDS);  // the command's last words
            } catch (IOException | InterruptedException e) {
                // the server is gone already
            }
        });
        Runtime.getRuntime().addShutdownHook(onInterrupt);
        try {
            while (true) {
                int type = in.read();
                if (type < 0) {
                    stdout.flush();
                    if (interrupted.get()) {
                        return 130;
                    }
                    stderr.println("cryptorder: the background process stopped before the command ended");
                    return 1;
                }
                int n = in.readInt();
                if (n < 0 || n > DaemonProtocol.MAX_STRING) {
                    throw new IOException("a frame of " + n + " octets");
                }
                byte[] body = in.readNBytes(n);
                switch (type) {
                    case DaemonProtocol.OUT -> {
                        stdout.write(body);
                        stdout.flush();
                    }
                    case DaemonProtocol.ERR -> {
                        stderr.write(body);
                        stderr.flush();
                    }
                    case DaemonProtocol.EXIT -> {
                        return java.nio.ByteBuffer.wrap(body).getInt();
                    }
                    case DaemonProtocol.REFUSED -> {
                        if (System.getenv("CRYPTORDER_DEBUG") != null) {
                            stderr.println("cryptorder: the background process refused ("
                                    + new String(body, StandardCharsets.UTF_8) + "); running here");
                        }
                        return null;
                    }
                    default -> throw new IOException("a frame of type " + type);
                }
            }
        } finally {
            done.countDown();
            try {
                Runtime.getRuntime().removeShutdownHook(onInterrupt);
            } catch (IllegalStateException e) {
                // shutting down: the hook is running
            }
            channel.close();
        }
    }

    /** The terminal's width, from {@code stty size} on {@code /dev/tty}; 0 when it cannot be had. */
    private static int columns() {
        try {
            Process p = new ProcessBuilder("stty", "size").redirectInput(ProcessBuilder.Redirect.from(new File("/dev/tty")))
                    .redirectError(ProcessBuilder.Redirect.DISCARD).start();
            String[] rowsCols = new String(p.getInputStream().readAllBytes(), StandardCharsets.US_ASCII).trim().split(" ");
            return p.waitFor() == 0 && rowsCols.length == 2 ? Integer.parseInt(rowsCols[1]) : 0;
        } catch (IOException | InterruptedException | NumberFormatException e) {
            return 0;
        }
    }
}
