package org.cryptorder.experiment.output;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Writers of one file at once (the tasks of a Slurm array writing one folder's {@code
 * experiment.json}) each finish, the file is one writer's text whole, and no temporary file is left.
 * With one temporary name per file, a writer's rename took the other's file away ("no such file").
 */
class AtomicFileTest {
    @TempDir
    Path tmp;

    @Test
    void writersOfOneFileAtOnceAllFinishAndLeaveOneWholeText() throws Exception {
        Path file = tmp.resolve("experiment.json");
        int writers = 8;
        int rounds = 200;
        ExecutorService pool = Executors.newFixedThreadPool(writers);
        CountDownLatch start = new CountDownLatch(1);
        List<Future<?>> done = new ArrayList<>();
        try {
            for (int w = 0; w < writers; w++) {
                String text = ("writer " + w + "\n").repeat(1000);
                done.add(pool.submit(() -> {
                    start.await();
                    for (int r = 0; r < rounds; r++) {
                        AtomicFile.write(file, text);
                    }
                    return null;
                }));
            }
            start.countDown();
            for (Future<?> f : done) {
                f.get();  // throws if any write failed
            }
        } finally {
            pool.shutdownNow();
        }
        String written = Files.readString(file, StandardCharsets.UTF_8);
        assertThat(written).matches("(writer \\d\n){1000}");
        assertThat(written.lines().distinct()).hasSize(1);
        try (Stream<Path> left = Files.list(tmp)) {
            assertThat(left).containsExactly(file);
        }
    }

    @Test
    void bytesReplaceTheFileWhole() throws Exception {
        Path file = tmp.resolve("chart.png");
        AtomicFile.write(file, new byte[] {1, 2, 3});
        AtomicFile.write(file, new byte[] {4});
        assertThat(Files.readAllBytes(file)).containsExactly(4);
    }

    @Test
    void leftoversOfKilledWritesGoAndWritesInProgressStay() throws Exception {
        Path old = tmp.resolve("runs.csv.4242-1-7.tmp");
        Path fresh = tmp.resolve("summary.csv.4243-1-8.tmp");
        Path other = tmp.resolve("notes.tmp");
        for (Path p : List.of(old, fresh, other)) {
            Files.writeString(p, "x");
        }
        Files.setLastModifiedTime(old, java.nio.file.attribute.FileTime.fromMillis(System.currentTimeMillis() - 120_000));
        Files.setLastModifiedTime(other, java.nio.file.attribute.FileTime.fromMillis(0));
        assertThat(AtomicFile.removeLeftovers(tmp)).isEqualTo(1);
        assertThat(old).doesNotExist();
        assertThat(fresh).exists();
        assertThat(other).as("not a name AtomicFile gives").exists();
    }
}
