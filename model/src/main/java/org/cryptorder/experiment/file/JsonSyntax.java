package org.cryptorder.experiment.file;

import com.fasterxml.jackson.core.JsonProcessingException;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Why a text is not JSON, in plain words and in the project's "expected ..., found ..." manner,
 * from the message of Jackson's parser: no exception names, no "[Source: ...]" locations, no
 * character codes or parser feature names. The line and column are the caller's to give (from
 * the exception's location).
 */
public final class JsonSyntax {
    private JsonSyntax() {
    }

    private static final Pattern START_MARKER =
            Pattern.compile("close marker for (Object|Array) \\(start marker at .*?line: (\\d+), column: (\\d+)]\\)");
    private static final Pattern WRONG_CLOSE = Pattern.compile(
            "Unexpected close marker '(.)': expected '(.)' \\(for (Object|Array) starting at .*?line: (\\d+), column: (\\d+)]\\)");
    private static final Pattern CHARACTER = Pattern.compile("Unexpected character \\('(.+?)' \\(code (\\d+)[^)]*\\)\\):?\\s*(.*)");
    private static final Pattern TOKEN = Pattern.compile("Unrecognized token '(.*?)'");
    private static final Pattern NON_STANDARD = Pattern.compile("Non-standard token '(.*?)'");
    private static final Pattern DUPLICATE = Pattern.compile("Duplicate field '(.*?)'");
    private static final Pattern CONTROL = Pattern.compile("Illegal unquoted character \\(\\(CTRL-CHAR, code (\\d+)\\)\\)");
    private static final Pattern SOURCE = Pattern.compile("\\s*\\(?\\s*(at )?\\[Source: .*?(line: \\d+, column: \\d+)?]\\)?");

    /** The reason {@code e} gives, in plain words (one line). */
    public static String reason(JsonProcessingException e) {
        return reason(e.getOriginalMessage());
    }

    /** The reason a Jackson parser message gives, in plain words (one line). */
    static String reason(String jacksonMessage) {
        String m = jacksonMessage == null ? "" : jacksonMessage.replaceAll("\\s+", " ").strip();
        if (m.startsWith("Unexpected end-of-input") || m.startsWith("No content to map due to end-of-input")) {
            return endOfInput(m);
        }
        Matcher x = WRONG_CLOSE.matcher(m);
        if (x.find()) {
            return "expected '" + x.group(2) + "' to close the " + thing(x.group(3)) + " that opens at line "
                    + x.group(4) + ", column " + x.group(5) + ", found '" + x.group(1) + "'";
        }
        x = CHARACTER.matcher(m);
        if (x.matches()) {
            return unexpectedCharacter(x.group(1), Integer.parseInt(x.group(2)), x.group(3));
        }
        x = TOKEN.matcher(m);
        if (x.find()) {
            return "expected a value (a string, number, list, object, true, false or null), found '" + x.group(1) + "'";
        }
        x = NON_STANDARD.matcher(m);
        if (x.find()) {
            return "expected a number, found '" + x.group(1) + "' (JSON has no such number)";
        }
        x = DUPLICATE.matcher(m);
        if (x.find()) {
            return "expected each key once in an object, found \"" + x.group(1) + "\" again";
        }
        x = CONTROL.matcher(m);
        if (x.find()) {
            return switch (Integer.parseInt(x.group(1))) {
                case 10 -> "found a line break inside a string (write it as \\n)";
                case 13 -> "found a carriage return inside a string (write it as \\r)";
                case 9 -> "found a tab inside a string (write it as \\t)";
                default -> "found control character " + x.group(1) + " inside a string (write it as \\u"
                        + String.format(Locale.ROOT, "%04x", Integer.parseInt(x.group(1))) + ")";
            };
        }
        if (m.startsWith("Invalid numeric value: Leading zeroes not allowed")) {
            return "expected a number, found one with leading zeroes (JSON writes 7, not 07)";
        }
        return plain(m);
    }

    private static String endOfInput(String m) {
        Matcher x = START_MARKER.matcher(m);
        if (x.find()) {
            boolean object = x.group(1).equals("Object");
            return "the file ends before the " + thing(x.group(1)) + " that opens at line " + x.group(2) + ", column "
                    + x.group(3) + " is closed (a '" + (object ? "}" : "]") + "' is missing)";
        }
        if (m.contains("closing quote") || m.contains("VALUE_STRING")) {
            return "the file ends inside a string (its closing '\"' is missing)";
        }
        if (m.contains("field name") || m.contains("for name")) {
            return "the file ends inside a key (its closing '\"' is missing)";
        }
        if (m.contains("Object entries")) {
            return "the file ends inside an object (a '}' is missing)";
        }
        if (m.contains("Array entries")) {
            return "the file ends inside a list (a ']' is missing)";
        }
        if (m.startsWith("No content")) {
            return "the file ends before anything (it is empty)";
        }
        return "the file ends too early (is it cut short?)";
    }

    private static String unexpectedCharacter(String shown, int code, String expecting) {
        if (expecting.startsWith("maybe a (non-standard) comment")) {
            return "found a comment (JSON has no comments)";
        }
        String found = code < 32 ? "control character " + code : "'" + shown + "'";
        String expected;
        if (expecting.contains("double-quote to start field name")) {
            expected = "a key in double quotes";
        } else if (expecting.contains("comma to separate Object entries")) {
            expected = "',' or '}'";
        } else if (expecting.contains("comma to separate Array entries")) {
            expected = "',' or ']'";
        } else if (expecting.contains("colon to separate field name and value")) {
            expected = "':' after the key";
        } else if (expecting.startsWith("expected a valid value") || expecting.startsWith("expected a value")) {
            expected = "a value";
        } else {
            String rest = plain(expecting.replaceFirst("^(was )?expecting\\s*", ""));
            return rest.isEmpty() ? "found unexpected " + found : "expected " + rest + ", found " + found;
        }
        return "expected " + expected + ", found " + found;
    }

    private static String thing(String jacksonName) {
        return jacksonName.equals("Object") ? "object" : "list";
    }

    /** Any other message: without source excerpts, character codes or feature names; lower-case start. */
    private static String plain(String m) {
        String s = SOURCE.matcher(m).replaceAll("");
        s = s.replaceAll("\\('(.+?)' \\(code \\d+[^)]*\\)\\)", "'$1'");
        s = s.replaceAll("\\s*\\([^()]*(Feature|feature|enable|disabled)[^()]*\\)", "");
        s = s.replaceAll("\\s+", " ").strip();
        if (s.isEmpty()) {
            return "not JSON";
        }
        return s.substring(0, 1).toLowerCase(Locale.ROOT) + s.substring(1);
    }
}
