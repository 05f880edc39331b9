package org.cryptorder.engine;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HashMap;
import java.util.Locale;
import java.util.Map;
import java.util.SortedSet;
import java.util.TreeSet;
import java.util.function.ToLongFunction;
import umontreal.ssj.rng.MRG32k3a;
import umontreal.ssj.rng.RandomStream;

/**
 * The random numbers of one experiment: one SSJ {@code MRG32k3a} stream per named source of
 * randomness (e.g. {@code "rx.cpu1.fpu.sections"}, {@code "link.a-b.loss"}), substream r for
 * replication r.
 *
 * <h2>Scheme</h2>
 * MRG32k3a's period (about 2^191) is cut, as in SSJ, into streams of Z = 2^127 numbers, each cut
 * into 2^51 substreams of W = 2^76 numbers; stream 0 starts at SSJ's default seed (12345 x 6).
 * A source named {@code name} in an experiment with seed {@code seed} uses the stream whose index
 * is the first 63 bits of SHA-256(seed as 8 big-endian bytes, name in UTF-8), and replication r
 * uses substream r of it. The state is reached by jumping ahead by matrix powers, not by
 * constructing streams in order.
 *
 * <p>Why: a source's numbers then depend only on (seed, name, replication). They do not depend
 * on which other sources exist, on the order in which sources ask, or on the thread that asks.
 * Switching on one model component therefore leaves every other component's random numbers as
 * they were (common random numbers across compared configurations). Numbering sources in order
 * of creation or by sorted name would not: adding a source would shift the streams of all the
 * sources after it. Distinct indices give disjoint streams (2^63 streams of 2^127 fit in the
 * period); two names of one registry that hash to the same index (probability about n^2 / 2^64
 * for n names) are refused rather than silently sharing numbers.
 *
 * <h2>Threads</h2>
 * SSJ's {@code MRG32k3a} constructor reads and advances a static seed without locking. This
 * registry calls it once, in its own constructor, and then only clones that instance and sets
 * each clone's state with {@code setSeed}, so the static package seed never influences a stream.
 * {@link #stream} is synchronized and may be called from any thread; each returned stream belongs
 * to one replication and must not be shared between threads.
 */
public final class StreamRegistry {

    private final long seed;
    private final ToLongFunction<String> indexOfName;
    private final MRG32k3a prototype;
    private final Map<Long, String> nameByIndex = new HashMap<>();

    /** A registry for the experiment seed {@code seed}; any value is valid. */
    public StreamRegistry(long seed) {
        this(seed, name -> streamIndex(seed, name));
    }

    /** A registry that maps names to stream indices with {@code indexOfName} (tests only). */
    StreamRegistry(long seed, ToLongFunction<String> indexOfName) {
        this.seed = seed;
        this.indexOfName = indexOfName;
        this.prototype = new MRG32k3a();
        prototype.setSeed(Mrg32k3aJump.origin());
    }

    /** The experiment seed. */
    public long seed() {
        return seed;
    }

    /**
     * A fresh stream for source {@code name} in replication {@code replication}, positioned at
     * the start of substream {@code replication} of the source's stream. Its
     * {@code resetStartStream()} returns to that same point, so a replication can never wander
     * into the numbers of replication 0.
     *
     * @throws IllegalArgumentException if the name is blank or the replication negative
     * @throws IllegalStateException if the name's stream index is already taken by another name
     */
    public synchronized RandomStream stream(String name, int replication) {
        if (name == null || name.isBlank()) {
            throw new IllegalArgumentException("a random stream needs a name");
        }
        if (replication < 0) {
            throw new IllegalArgumentException("negative replication " + replication);
        }
        long index = claim(name);
        MRG32k3a stream = prototype.clone();
        stream.setSeed(Mrg32k3aJump.position(Mrg32k3aJump.origin(), index, replication));
        return stream;
    }

    /** The streams of replication {@code replication}: substream {@code replication} of each named stream. */
    public Streams replication(int replication) {
        if (replication < 0) {
            throw new IllegalArgumentException("negative replication " + replication);
        }
        return name -> stream(name, replication);
    }

    /** The names handed out so far, sorted: the sources of randomness this experiment used. */
    public synchronized SortedSet<String> names() {
        return new TreeSet<>(nameByIndex.values());
    }

    /** The generator and scheme in one line, for result files. */
    public String description() {
        return String.format(Locale.ROOT, "MRG32k3a, seed %d, stream per named source"
                + " (stream index = first 63 bits of SHA-256(seed, name), streams counted from"
                + " SSJ's default seed 12345 x 6), substream = replication", seed);
    }

    /**
     * The stream index of source {@code name} under experiment seed {@code seed}: the first 63
     * bits of SHA-256 over the seed's 8 big-endian bytes followed by the name in UTF-8.
     */
    static long streamIndex(long seed, String name) {
        MessageDigest sha256 = sha256();
        sha256.update(ByteBuffer.allocate(Long.BYTES).putLong(seed).array());
        byte[] digest = sha256.digest(name.getBytes(StandardCharsets.UTF_8));
        return ByteBuffer.wrap(digest).getLong() >>> 1;
    }

    private long claim(String name) {
        long index = indexOfName.applyAsLong(name);
        String holder = nameByIndex.putIfAbsent(index, name);
        if (holder != null && !holder.equals(name)) {
            throw new IllegalStateException("random sources '" + holder + "' and '" + name
                    + "' map to the same stream " + index + " under seed " + seed
                    + "; rename one of them");
        }
        return index;
    }

    private static MessageDigest sha256() {
        try {
            return MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every Java platform must provide SHA-256", e);
        }
    }
}
