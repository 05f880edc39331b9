package org.cryptorder.cli.daemon;

import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.ByteBuffer;
import java.nio.channels.SocketChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.Set;

/**
 * How {@link DaemonClient} and {@link DaemonServer} talk over a Unix socket, and where the socket is.
 *
 * <p>The client sends one request: {@link #MAGIC}, {@link #VERSION}, its working directory, its
 * arguments, its environment, whether it runs on a terminal and the terminal's width. The server
 * answers with frames, each a type byte and a length-prefixed body: {@link #OUT} and {@link #ERR}
 * (bytes of standard output and error), then {@link #EXIT} (the status), or {@link #REFUSED} (a
 * reason: another command is running, the build changed, another directory), after which the client
 * runs the command itself. While the command runs, the client may send {@link #INTERRUPT} (its
 * user pressed Ctrl-C): the server then exits as a fresh process would on SIGINT, running the
 * command's own interrupt handling, whose words still reach the client.
 *
 * <p>The socket sits in a directory only its user can enter ({@code $XDG_RUNTIME_DIR/cryptorder},
 * else {@code <java.io.tmpdir>/cryptorder-<user>}, mode 0700, owned by the user: checked, never
 * trusted), and is named by a digest of the jar (path, size, modification time), the working
 * directory and the JVM options, so that a rebuilt jar, another checkout or other options never reach
 * a process started for different ones.
 */
public final class DaemonProtocol {
    static final int MAGIC = 0x43524431;  // "CRD1"
    static final int VERSION = 1;
    static final byte OUT = 1;
    static final byte ERR = 2;
    static final byte EXIT = 3;
    static final byte REFUSED = 4;
    static final byte INTERRUPT = 9;
    /** The largest string either side accepts, octets (an argument, a variable, a reason). */
    static final int MAX_STRING = 1 << 20;

    private DaemonProtocol() {
    }

    /**
     * The directory of the sockets, made if missing; null when it cannot be made private to this user
     * (then no background process is used).
     */
    static Path directory() {
        String runtime = System.getenv("XDG_RUNTIME_DIR");
        Path dir = runtime != null && !runtime.isBlank() && Files.isDirectory(Path.of(runtime))
                ? Path.of(runtime, "cryptorder")
                : Path.of(System.getProperty("java.io.tmpdir"), "cryptorder-" + System.getProperty("user.name"));
        Set<PosixFilePermission> owner = PosixFilePermissions.fromString("rwx------");
        try {
            if (!Files.isDirectory(dir)) {
                Files.createDirectories(dir, PosixFilePermissions.asFileAttribute(owner));
            }
            boolean mine = Files.getOwner(dir).getName().equals(System.getProperty("user.name"));
            return mine && Files.getPosixFilePermissions(dir).equals(owner) && !Files.isSymbolicLink(dir) ? dir : null;
        } catch (IOException | UnsupportedOperationException e) {
            return null;
        }
    }

    /** The socket's name for this jar, working directory and JVM options. */
    static String socketName(Path jar, Path cwd, String jvmOptions) throws IOException {
        String id = jar.toAbsolutePath() + "\n" + Files.size(jar) + "\n" + Files.getLastModifiedTime(jar).toMillis()
                + "\n" + cwd.toAbsolutePath() + "\n" + jvmOptions + "\n" + System.getProperty("java.home");
        return sha256(id.getBytes(StandardCharsets.UTF_8)).substring(0, 24) + ".sock";
    }

    static String sha256(byte[] bytes) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(bytes));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    static void writeString(DataOutputStream out, String s) throws IOException {
        byte[] b = s.getBytes(StandardCharsets.UTF_8);
        out.writeInt(b.length);
        out.write(b);
    }

    static String readString(DataInputStream in) throws IOException {
        int n = in.readInt();
        if (n < 0 || n > MAX_STRING) {
            throw new IOException("a string of " + n + " octets");
        }
        return new String(in.readNBytes(n), StandardCharsets.UTF_8);
    }

    /**
     * The channel's input as a stream. Not {@code Channels.newInputStream}: its reads hold the channel's
     * blocking lock, which a write on another thread then waits for (a command's output behind the
     * wait for Ctrl-C); a socket channel reads and writes at once.
     */
    static InputStream input(SocketChannel ch) {
        return new InputStream() {
            @Override
            public int read() throws IOException {
                byte[] one = new byte[1];
                return read(one, 0, 1) < 0 ? -1 : one[0] & 0xff;
            }

            @Override
            public int read(byte[] b, int off, int len) throws IOException {
                if (len == 0) {
                    return 0;
                }
                int n = ch.read(ByteBuffer.wrap(b, off, len));
                return n;
            }
        };
    }

    /** The channel's output as a stream (see {@link #input}). */
    static OutputStream output(SocketChannel ch) {
        return new OutputStream() {
            @Override
            public void write(int b) throws IOException {
                write(new byte[] {(byte) b}, 0, 1);
            }

            @Override
            public void write(byte[] b, int off, int len) throws IOException {
                ByteBuffer buf = ByteBuffer.wrap(b, off, len);
                while (buf.hasRemaining()) {
                    ch.write(buf);
                }
            }
        };
    }

    /** Writes one frame. */
    static void frame(DataOutputStream out, byte type, byte[] body, int off, int len) throws IOException {
        out.writeByte(type);
        out.writeInt(len);
        out.write(body, off, len);
        out.flush();
    }
}
