package org.cryptorder.experiment.file;

import java.util.Collection;
import java.util.Locale;
import java.util.Optional;

/**
 * "Did you mean ...": the candidate nearest to a misspelt word, by optimal-string-alignment
 * distance (insertions, deletions, substitutions and swaps of neighbours) ignoring case and the
 * separators {@code - _ .}, if it is near enough to be a plausible slip.
 */
public final class Suggestion {
    private Suggestion() {
    }

    /**
     * The candidate the word most likely meant: one equal to it but for case and separators; else
     * the shortest that starts with it or contains it (for words of three letters or more); else the
     * nearest within about a third of the word's length (at least 2 edits).
     */
    public static Optional<String> closest(String word, Collection<String> candidates) {
        String w = fold(word);
        String best = null;
        int bestDistance = Integer.MAX_VALUE;
        String containing = null;
        for (String c : candidates) {
            String f = fold(c);
            if (c.equals(word)) {
                return Optional.empty();
            }
            if (f.equals(w)) {
                return Optional.of(c);
            }
            if (w.length() >= 3 && f.contains(w) && (containing == null || c.length() < containing.length())) {
                containing = c;
            }
            int d = distance(w, f);
            if (d < bestDistance) {
                best = c;
                bestDistance = d;
            }
        }
        if (containing != null) {
            return Optional.of(containing);
        }
        if (best != null && bestDistance <= Math.max(2, Math.max(w.length(), fold(best).length()) / 3)) {
            return Optional.of(best);
        }
        return Optional.empty();
    }

    /** {@code "; did you mean \"x\"?"}, or "" when nothing is close. */
    public static String didYouMean(String word, Collection<String> candidates) {
        return closest(word, candidates).map(c -> "; did you mean \"" + c + "\"?").orElse("");
    }

    private static String fold(String s) {
        return s.toLowerCase(Locale.ROOT).replaceAll("[-_.]", "");
    }

    static int distance(String a, String b) {
        int[][] d = new int[a.length() + 1][b.length() + 1];
        for (int i = 0; i <= a.length(); i++) {
            d[i][0] = i;
        }
        for (int j = 0; j <= b.length(); j++) {
            d[0][j] = j;
        }
        for (int i = 1; i <= a.length(); i++) {
            for (int j = 1; j <= b.length(); j++) {
                int cost = a.charAt(i - 1) == b.charAt(j - 1) ? 0 : 1;
                d[i][j] = Math.min(Math.min(d[i - 1][j] + 1, d[i][j - 1] + 1), d[i - 1][j - 1] + cost);
                if (i > 1 && j > 1 && a.charAt(i - 1) == b.charAt(j - 2) && a.charAt(i - 2) == b.charAt(j - 1)) {
                    d[i][j] = Math.min(d[i][j], d[i - 2][j - 2] + 1);
                }
            }
        }
        return d[a.length()][b.length()];
    }
}
