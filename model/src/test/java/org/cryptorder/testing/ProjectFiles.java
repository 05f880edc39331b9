package org.cryptorder.testing;

import java.nio.file.Files;
import java.nio.file.Path;

/** Finds files of the project from a test, whatever module directory the test runs in. */
public final class ProjectFiles {
    private ProjectFiles() {
    }

    /** The project's top directory: the nearest ancestor of the working directory holding {@code data/}. */
    public static Path root() {
        Path p = Path.of("").toAbsolutePath();
        while (p != null) {
            if (Files.isDirectory(p.resolve("data")) && Files.isRegularFile(p.resolve("pom.xml"))
                    && Files.isDirectory(p.resolve("model"))) {
                return p;
            }
            p = p.getParent();
        }
        throw new IllegalStateException("cannot find the project root above " + Path.of("").toAbsolutePath());
    }

    public static Path resolve(String relative) {
        return root().resolve(relative);
    }
}
