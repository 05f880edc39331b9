package org.cryptorder;

import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Finds files kept in the project tree (such as {@code data/vectors/ieee8021ae.json}) from a test,
 * whose working directory is the module directory under Maven and may be the project root in an
 * IDE.
 */
public final class ProjectFiles {

  private ProjectFiles() {}

  /**
   * Resolves a path relative to the project root, searching from the working directory upwards.
   *
   * @param relative a path relative to the project root, e.g. {@code data/vectors/ieee8021ae.json}
   * @return the existing file or directory
   * @throws IllegalStateException if no ancestor of the working directory contains it
   */
  public static Path resolve(String relative) {
    Path start = Path.of("").toAbsolutePath();
    for (Path dir = start; dir != null; dir = dir.getParent()) {
      Path candidate = dir.resolve(relative);
      if (Files.exists(candidate)) {
        return candidate;
      }
    }
    throw new IllegalStateException(relative + " not found in " + start + " or any directory above it");
  }
}
