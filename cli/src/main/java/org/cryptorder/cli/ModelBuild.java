package org.cryptorder.cli;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.List;
import java.util.stream.Stream;
import org.cryptorder.experiment.replication.DatapathRunModel;

/**
 * What a run's tables depend on besides its experiment file: the model's code and the cost
 * profiles and NIC profiles in {@code data/}. Its {@link #id()} is a SHA-256 over the model's
 * classes (its jar, or every class file of its classes folder in a development build) and over
 * {@code data/profiles} and {@code data/nics}, so that {@code compare}, which keeps the runs of an
 * earlier compare, runs again after any change that could move a figure, not only after a change
 * of the experiment file.
 */
final class ModelBuild {
    private ModelBuild() {
    }

    /** The identity of the model build and its data, as 64 hex digits. */
    static String id() {
        try {
            Path code = Path.of(DatapathRunModel.class.getProtectionDomain().getCodeSource().getLocation().toURI());
            return id(List.of(code, ProjectPaths.data("profiles"), ProjectPaths.data("nics")));
        } catch (URISyntaxException | SecurityException e) {
            throw new IllegalStateException("cannot locate the model's classes", e);
        }
    }

    /** A SHA-256 over the files below each root (or the root itself when it is a file), by relative path. */
    static String id(List<Path> roots) {
        MessageDigest sha;
        try {
            sha = MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
        for (Path root : roots) {
            if (!Files.exists(root)) {
                continue;
            }
            try (Stream<Path> files = Files.walk(root)) {
                for (Path f : files.filter(Files::isRegularFile).sorted().toList()) {
                    sha.update(root.relativize(f).toString().getBytes(java.nio.charset.StandardCharsets.UTF_8));
                    sha.update((byte) 0);
                    sha.update(Files.readAllBytes(f));
                }
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
        return HexFormat.of().formatHex(sha.digest());
    }
}
