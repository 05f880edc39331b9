package org.cryptorder.experiment.output;

import java.io.IOException;
import java.nio.file.AccessDeniedException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.Locale;

/**
 * The tables could not be written to a results folder (it cannot be made, a file stands where it
 * should be, no permission, a full disk). The message is one line naming the folder, the file and
 * the reason in words, without exception class names:
 * {@code cannot write the results to /tmp/a/out: /tmp/a is a file, not a folder}.
 */
public final class ResultsNotWrittenException extends IOException {
    private static final long serialVersionUID = 1L;

    private final transient Path folder;

    public ResultsNotWrittenException(Path folder, IOException cause) {
        super("cannot write the results to " + folder + ": " + reason(cause), cause);
        this.folder = folder;
    }

    /** The results folder that could not be written. */
    public Path folder() {
        return folder;
    }

    /** What went wrong, in words: the file concerned and why (never an exception's class name). */
    public static String reason(IOException e) {
        if (e instanceof FileSystemException f && f.getFile() != null) {
            Path file = Path.of(f.getFile());
            Path blocking = fileInTheWay(file);
            if (blocking != null && (e instanceof FileAlreadyExistsException || notADirectory(f))) {
                return blocking + " is a file, not a folder";
            }
            if (e instanceof NoSuchFileException) {
                return file + ": no such file or directory";
            }
            if (e instanceof AccessDeniedException) {
                return file + ": permission denied";
            }
            if (e instanceof FileAlreadyExistsException) {
                return file + ": exists already";
            }
            return file + ": " + words(f.getReason() == null ? "cannot be used" : f.getReason());
        }
        return words(e.getMessage() == null ? "an input or output error" : e.getMessage());
    }

    private static boolean notADirectory(FileSystemException f) {
        return f.getReason() != null && f.getReason().toLowerCase(Locale.ROOT).contains("not a directory");
    }

    /** The path itself or the nearest existing ancestor, when that is a regular file. */
    private static Path fileInTheWay(Path file) {
        for (Path p = file; p != null; p = p.getParent()) {
            if (Files.exists(p)) {
                return Files.isRegularFile(p) ? p : null;
            }
        }
        return null;
    }

    /** A system message as part of a sentence: one line, the first letter in lower case. */
    private static String words(String message) {
        String s = message.replaceAll("\\s*[\\r\\n]+\\s*", " ").strip();
        return s.isEmpty() ? s : s.substring(0, 1).toLowerCase(Locale.ROOT) + s.substring(1);
    }
}
