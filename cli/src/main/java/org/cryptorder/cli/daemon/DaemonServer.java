package org.cryptorder.cli.daemon;

import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.OutputStreamWriter;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.net.StandardProtocolFamily;
import java.net.UnixDomainSocketAddress;
import java.nio.channels.ServerSocketChannel;
import java.nio.channels.SocketChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.locks.ReentrantLock;
import org.cryptorder.cli.Invocation;
import org.cryptorder.cli.Main;

/**
 * The warm background process: a JVM that has already loaded and compiled the model runs the
 * commands {@link DaemonClient}s hand it, one at a time, in the directory it was started in, and
 * stops after {@code idleSeconds} without one. It serves only the build it was started from: before
 * each command it checks that the jar on disk is still the one it loaded (size and modification
 * time, then its SHA-256), and refuses, and stops, when it is not. A second client while a command
 * runs is refused and runs the command itself. What a command prints reaches its client; nothing a
 * command computes depends on the process it runs in, so its files are byte for byte those of a
 * fresh process ({@code DaemonTest}).
 *
 * <p>It also stops, within a second, when the jar is rebuilt: its clients' socket names follow the jar.
 *
 * <p>Arguments: the socket's path, the idle time in seconds.
 */
public final class DaemonServer {
    private final Path socket;
    private final long idleNs;
    private final Path jar;
    private final JarState loaded;
    private final Path cwd = Path.of("").toAbsolutePath();
    private final ReentrantLock running = new ReentrantLock();
    private final java.util.function.IntConsumer exit;
    private volatile long lastActivityNs = System.nanoTime();

    /** The jar as loaded: its size, modification time and digest. */
    record JarState(long size, long modifiedMs, String sha256) {
        static JarState of(Path jar, JarState known) throws IOException {
            long size = Files.size(jar);
            long modified = Files.getLastModifiedTime(jar).toMillis();
            if (known != null && known.size == size && known.modifiedMs == modified) {
                return known;
            }
            return new JarState(size, modified, DaemonProtocol.sha256(Files.readAllBytes(jar)));
        }
    }

    /**
     * @param socket      where to listen
     * @param idleSeconds how long to wait for a command before stopping
     * @param jar         the build it serves, checked before each command
     * @param exit        how the process ends, with a status: when its build changed (0) and at Ctrl-C (130)
     */
    DaemonServer(Path socket, long idleSeconds, Path jar, java.util.function.IntConsumer exit) throws IOException {
        this.socket = socket;
        this.exit = exit;
        this.idleNs = idleSeconds * 1_000_000_000L;
        this.jar = jar;
        this.loaded = JarState.of(jar, null);
    }

    public static void main(String[] args) throws Exception {
        if (args.length != 2) {
            System.err.println("usage: DaemonServer SOCKET IDLE_SECONDS");
            System.exit(2);
        }
        Path jar = Path.of(DaemonServer.class.getProtectionDomain().getCodeSource().getLocation().toURI());
        new DaemonServer(Path.of(args[0]), Long.parseLong(args[1]), jar, System::exit).serve();
    }

    /** Listens until idle for longer than the idle time, then removes the socket and returns. */
    void serve() throws IOException {
        try (ServerSocketChannel server = ServerSocketChannel.open(StandardProtocolFamily.UNIX)) {
            Files.deleteIfExists(socket);  // a socket left by a process that died (the client found nobody there)
            server.bind(UnixDomainSocketAddress.of(socket));
            Files.setPosixFilePermissions(socket, PosixFilePermissions.fromString("rw-------"));
            Runtime.getRuntime().addShutdownHook(new Thread(this::removeSocket));
            Thread idle = new Thread(() -> watchIdle(server), "cryptorder-daemon-idle");
            idle.setDaemon(true);
            idle.start();
            while (server.isOpen()) {
                SocketChannel client;
                try {
                    client = server.accept();
                } catch (IOException e) {
                    break;  // closed when idle
                }
                Thread t = new Thread(() -> handle(client), "cryptorder-daemon-client");
                t.start();
            }
        } finally {
            removeSocket();
        }
    }

    private void removeSocket() {
        try {
            Files.deleteIfExists(socket);
            Files.deleteIfExists(Path.of(socket + ".log"));
        } catch (IOException e) {
            // nothing to do: the next client finds no one and starts another
        }
    }

    private void watchIdle(ServerSocketChannel server) {
        while (true) {
            try {
                Thread.sleep(1000);
            } catch (InterruptedException e) {
                return;
            }
            if (!running.isLocked() && (System.nanoTime() - lastActivityNs > idleNs || rebuilt())) {
                try {
                    removeSocket();
                    server.close();
                } catch (IOException e) {
                    // closing anyway
                }
                return;
            }
        }
    }

    /**
     * Whether the jar on disk is no longer the one loaded (its size or time moved): no client will
     * reach this process again (their socket's name follows the jar), so it stops at once rather than
     * idle out.
     */
    private boolean rebuilt() {
        try {
            return Files.size(jar) != loaded.size() || Files.getLastModifiedTime(jar).toMillis() != loaded.modifiedMs();
        } catch (IOException e) {
            return true;  // the jar is gone
        }
    }

    /** One client: its request, then the command's output and status, or a refusal. */
    void handle(SocketChannel client) {
        try (client) {
            DataInputStream in = new DataInputStream(new java.io.BufferedInputStream(DaemonProtocol.input(client)));
            DataOutputStream out = new DataOutputStream(new java.io.BufferedOutputStream(DaemonProtocol.output(client)));
            Request request = Request.read(in);
            String refusal = refusal(request);
            if (refusal != null) {
                byte[] reason = refusal.getBytes(StandardCharsets.UTF_8);
                DaemonProtocol.frame(out, DaemonProtocol.REFUSED, reason, 0, reason.length);
                if (refusal.startsWith("stale")) {
                    exit.accept(0);
                }
                return;
            }
            try {
                run(request, in, out);
            } finally {
                lastActivityNs = System.nanoTime();
                running.unlock();
            }
        } catch (IOException e) {
            // the client went away before or after its command: nothing to answer
        }
    }

    /** Why this process will not run the request (and the client runs it itself), or null; takes the lock when not. */
    private String refusal(Request r) throws IOException {
        if (!Path.of(r.cwd()).toAbsolutePath().equals(cwd)) {
            return "another directory";
        }
        if (!JarState.of(jar, loaded).sha256().equals(loaded.sha256())) {
            return "stale: the jar was rebuilt";
        }
        if (!running.tryLock()) {
            return "busy with another command";
        }
        return null;
    }

    private void run(Request r, DataInputStream in, DataOutputStream socketOut) throws IOException {
        lastActivityNs = System.nanoTime();
        OutputStream stdout = new FrameStream(socketOut, DaemonProtocol.OUT);
        OutputStream stderr = new FrameStream(socketOut, DaemonProtocol.ERR);
        PrintWriter out = new PrintWriter(new OutputStreamWriter(stdout, StandardCharsets.UTF_8), true);
        PrintWriter err = new PrintWriter(new OutputStreamWriter(stderr, StandardCharsets.UTF_8), true);
        PrintStream errStream = new PrintStream(stderr, true, StandardCharsets.UTF_8);
        java.util.concurrent.atomic.AtomicBoolean finished = new java.util.concurrent.atomic.AtomicBoolean();
        Thread interrupts = new Thread(() -> {
            try {
                int b = in.read();
                if (!finished.get() && (b == DaemonProtocol.INTERRUPT || b < 0)) {
                    // Ctrl-C at the client, or the client killed: end as a fresh process ends on SIGINT
                    exit.accept(130);
                }
            } catch (IOException e) {
                // the socket closed with the command's end
            }
        }, "cryptorder-daemon-interrupts");
        interrupts.setDaemon(true);
        int status;
        Invocation.set(new Invocation.Context(r.environment(), r.console(), r.columns(), errStream));
        try {
            interrupts.start();
            status = Main.run(out, err, r.args());
        } finally {
            finished.set(true);
            Invocation.set(null);
        }
        errStream.flush();
        synchronized (socketOut) {
            socketOut.writeByte(DaemonProtocol.EXIT);
            socketOut.writeInt(4);
            socketOut.writeInt(status);
            socketOut.flush();
        }
    }

    /** The client's request. */
    record Request(String cwd, String[] args, Map<String, String> environment, boolean console, int columns) {
        static Request read(DataInputStream in) throws IOException {
            if (in.readInt() != DaemonProtocol.MAGIC || in.readInt() != DaemonProtocol.VERSION) {
                throw new IOException("not a client of this version");
            }
            String cwd = DaemonProtocol.readString(in);
            String[] args = new String[count(in)];
            for (int i = 0; i < args.length; i++) {
                args[i] = DaemonProtocol.readString(in);
            }
            Map<String, String> env = new LinkedHashMap<>();
            for (int i = count(in); i > 0; i--) {
                env.put(DaemonProtocol.readString(in), DaemonProtocol.readString(in));
            }
            return new Request(cwd, args, env, in.readBoolean(), in.readInt());
        }

        private static int count(DataInputStream in) throws IOException {
            int n = in.readInt();
            if (n < 0 || n > 100_000) {
                throw new IOException("a count of " + n);
            }
            return n;
        }
    }

    /** Bytes written to it reach the client as frames of one type; writers on several threads take turns. */
    private static final class FrameStream extends OutputStream {
        private final DataOutputStream socket;
        private final byte type;

        FrameStream(DataOutputStream socket, byte type) {
            this.socket = socket;
            this.type = type;
        }

        @Override
        public void write(int b) throws IOException {
            write(new byte[] {(byte) b}, 0, 1);
        }

        @Override
        public void write(byte[] b, int off, int len) throws IOException {
            if (len == 0) {
                return;
            }
            synchronized (socket) {
                DaemonProtocol.frame(socket, type, b, off, len);
            }
        }
    }
}
