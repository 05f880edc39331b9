package org.cryptorder.cli;

import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Where the project's data files are: {@code $CRYPTORDER_HOME/data} when that is set, else the
 * {@code data/} folder of the checkout the running jar was built in, else {@code ./data}.
 */
public final class ProjectPaths {
    private ProjectPaths() {
    }

    public static Path home() {
        String env = Invocation.env("CRYPTORDER_HOME");
        if (env != null && !env.isBlank()) {
            return Path.of(env);
        }
        try {
            Path jar = Path.of(ProjectPaths.class.getProtectionDomain().getCodeSource().getLocation().toURI());
            for (Path p = jar.getParent(); p != null; p = p.getParent()) {
                if (Files.isDirectory(p.resolve("data")) && Files.isRegularFile(p.resolve("pom.xml"))) {
                    return p;
                }
            }
        } catch (URISyntaxException | SecurityException e) {
            // fall through to the working directory
        }
        return Path.of("").toAbsolutePath();
    }

    /** A file under {@code data/}. */
    public static Path data(String relative) {
        return home().resolve("data").resolve(relative);
    }
}
