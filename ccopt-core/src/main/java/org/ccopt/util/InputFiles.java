package org.ccopt.util;

import java.io.IOException;
import java.nio.charset.CharacterCodingException;
import java.nio.file.AccessDeniedException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.ccopt.InvalidInputException;

/**
 * Reads a text file a user names (a parameter, mapping, placement, experiment or topology file) with the checks every
 * such read needs: it exists, is a regular file (not a directory, a device such as {@code /dev/zero} or a pipe), is at
 * most {@link #MAX_BYTES} long and is UTF-8 text; each failure is one line naming the file and what was expected.
 */
public final class InputFiles {

    /** The largest input file read (bytes). */
    public static final long MAX_BYTES = 256L << 20;

    private InputFiles() {
    }

    /**
     * @param what     what the file is, for messages ("mapping file")
     * @param expected what a good file is, for messages ("a JSON file written by 'ccopt sim --save-params'")
     */
    public static String read(Path file, String what, String expected) {
        try {
            if (!Files.exists(file)) {
                throw new InvalidInputException(what + " '" + file + "' does not exist; expected " + expected);
            }
            if (!Files.isRegularFile(file)) {
                throw new InvalidInputException(what + " '" + file + "' is not a regular file; expected " + expected);
            }
            long size = Files.size(file);
            if (size > MAX_BYTES) {
                throw new InvalidInputException(what + " '" + file + "' has " + size + " bytes; at most " + MAX_BYTES
                        + " are read");
            }
            return Files.readString(file);
        } catch (CharacterCodingException e) {
            throw new InvalidInputException(what + " '" + file + "' is not UTF-8 text; expected " + expected);
        } catch (NoSuchFileException e) {
            throw new InvalidInputException(what + " '" + file + "' does not exist; expected " + expected);
        } catch (AccessDeniedException e) {
            throw new InvalidInputException(what + " '" + file + "' cannot be read: permission denied");
        } catch (IOException e) {
            throw new InvalidInputException(what + " '" + file + "' cannot be read: " + e);
        }
    }

    /**
     * Where a parser stopped in a file, never what it read there (a file may be one the user did not mean to show, and
     * parsers quote the offending text): " at line L, column C", with the field path of a value of the wrong type
     * (" at destination[3], line L, column C"); "" when the parser says nothing of the place.
     */
    public static String where(Exception e) {
        StringBuilder at = new StringBuilder();
        if (e instanceof com.fasterxml.jackson.databind.JsonMappingException m && !m.getPath().isEmpty()) {
            for (com.fasterxml.jackson.databind.JsonMappingException.Reference r : m.getPath()) {
                if (r.getFieldName() != null) {
                    at.append(at.length() == 0 ? "" : ".").append(r.getFieldName());
                } else if (r.getIndex() >= 0) {
                    at.append('[').append(r.getIndex()).append(']');
                }
            }
        }
        String line = "";
        if (e instanceof com.fasterxml.jackson.core.JsonProcessingException j && j.getLocation() != null
                && j.getLocation().getLineNr() > 0) {
            line = "line " + j.getLocation().getLineNr() + ", column " + j.getLocation().getColumnNr();
        } else if (e instanceof javax.xml.stream.XMLStreamException x && x.getLocation() != null) {
            line = "line " + x.getLocation().getLineNumber() + ", column " + x.getLocation().getColumnNumber();
        } else {
            java.util.regex.Matcher m = java.util.regex.Pattern.compile("line (\\d+):(\\d+)").matcher(String.valueOf(e.getMessage()));
            if (m.find()) { // ANTLR's "line L:C" (JGraphT's DOT importer), C counted from 0
                line = "line " + m.group(1) + ", column " + (Integer.parseInt(m.group(2)) + 1);
            }
        }
        String both = at + (at.length() > 0 && !line.isEmpty() ? ", " : "") + line;
        return both.isEmpty() ? "" : " at " + both;
    }

    /**
     * {@code message} with every value of {@code values} a file gave (and its lower case, and its parts between
     * colons or commas) replaced by its key in angle brackets: a command's refusal names the value it refused, and a
     * file's text is never printed back. Values under three characters stay (a count, a flag), as they hold no secret
     * and their replacement would garble the message.
     */
    public static String redacted(String message, Map<String, String> values) {
        Map<String, String> forms = new java.util.TreeMap<>(java.util.Comparator.comparingInt(String::length).reversed()
                .thenComparing(java.util.Comparator.naturalOrder()));
        values.forEach((key, value) -> {
            if (value == null) {
                return;
            }
            List<String> parts = new ArrayList<>(List.of(value));
            parts.addAll(List.of(value.split("[:,]")));
            for (String p : parts) {
                if (p.length() >= 3) {
                    forms.putIfAbsent(p, key);
                    forms.putIfAbsent(p.toLowerCase(java.util.Locale.ROOT), key);
                }
            }
        });
        String out = message;
        for (Map.Entry<String, String> f : forms.entrySet()) {
            out = out.replace(f.getKey(), "<" + f.getValue() + ">");
        }
        return out;
    }
}
