package org.ccopt.mpi;

import java.math.BigDecimal;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Locale;
import org.ccopt.InvalidInputException;
import org.ccopt.topology.Topology;
import org.ccopt.util.InputFiles;

/**
 * An application's communication matrix: how much rank i sends to rank j, for P ranks, the input of the
 * graph-mapping tools (Scotch, Pellegrini and Roman 1996; LibTopoMap, Hoefler and Snir 2011), read from a dense CSV
 * or from a Matrix Market file (Boisvert, Pozo and Remington 1996), as such users export it. Entries are kept as the
 * sparse list of positive off-diagonal volumes in row-major order (sender, then receiver); a rank's traffic to
 * itself crosses no link and is dropped, and repeated Matrix Market entries are summed.
 *
 * <p>Volumes are whole numbers (bytes, messages, or any integer unit) from 1 to {@link Integer#MAX_VALUE}: a
 * fraction is refused rather than rounded, so that every hop total ccopt prints is exact.
 *
 * @param procs  P, the matrix's order
 * @param source sending rank of each entry
 * @param target receiving rank of each entry
 * @param volume volume of each entry (positive)
 */
public record CommMatrix(int procs, int[] source, int[] target, int[] volume) {

    /** What a good file is, for messages. */
    public static final String EXPECTED = "a square matrix of non-negative integer volumes: CSV with one row per "
            + "sending rank, or Matrix Market (%%MatrixMarket matrix coordinate|array integer|real|pattern "
            + "general|symmetric)";

    public CommMatrix {
        if (procs < 1) {
            throw new InvalidInputException("communication matrix of order " + procs + "; expected 1 or more ranks");
        }
        if (source.length != target.length || source.length != volume.length) {
            throw new IllegalArgumentException("entry arrays of different lengths");
        }
        source = source.clone();
        target = target.clone();
        volume = volume.clone();
    }

    /** Number of non-zero off-diagonal entries. */
    public int entries() {
        return source.length;
    }

    /** Sum of all volumes. */
    public long totalVolume() {
        long s = 0;
        for (int v : volume) {
            s += v;
        }
        return s;
    }

    /**
     * The matrix of a collective: entry (i, j) counts the transfers from rank i to rank j over all steps (a pair
     * that exchanges in two steps weighs 2), the step-free view a graph-mapping tool would be given.
     */
    public static CommMatrix of(TransferList list) {
        Builder b = new Builder(list.procs());
        for (Transfer x : list.transfers()) {
            b.add(x.source(), x.destination(), 1, -1, -1);
        }
        return b.build();
    }

    /**
     * Reads a CSV or Matrix Market file ({@link #EXPECTED}) for ranks on the terminals of {@code t}; every refusal
     * names the file, line and column, and a matrix of more ranks than {@code t} has terminals is refused.
     */
    public static CommMatrix read(Path file, Topology t) {
        String text = InputFiles.read(file, "communication matrix", EXPECTED);
        CommMatrix m = parse(text, "communication matrix '" + file + "'");
        if (m.procs() > t.terminalCount()) {
            throw new InvalidInputException("communication matrix '" + file + "' has " + m.procs() + " ranks but "
                    + t.spec() + " has " + t.terminalCount() + " terminals; expected at most " + t.terminalCount() + " ranks");
        }
        return m;
    }

    /**
     * Parses the text of a file: Matrix Market when it starts with its banner, dense CSV otherwise.
     *
     * @param what the file, for messages ("communication matrix 'F'")
     */
    public static CommMatrix parse(String text, String what) {
        return text.startsWith("%%MatrixMarket") ? matrixMarket(text, what) : csv(text, what);
    }

    /** Dense CSV: row i holds what rank i sends to ranks 0..P-1; blank lines are skipped. */
    static CommMatrix csv(String text, String what) {
        String[] lines = text.split("\r?\n", -1);
        int rows = 0;
        for (String line : lines) {
            if (!line.isBlank()) {
                rows++;
            }
        }
        if (rows == 0) {
            throw new InvalidInputException(what + " is empty; expected " + EXPECTED);
        }
        Builder b = new Builder(rows);
        int i = 0;
        for (int ln = 0; ln < lines.length; ln++) {
            if (lines[ln].isBlank()) {
                continue;
            }
            String[] cells = lines[ln].split(",", -1);
            if (cells.length != rows) {
                throw new InvalidInputException(what + " line " + (ln + 1) + " has " + cells.length + " cells; a matrix of "
                        + rows + " rows needs " + rows + " in every row (" + EXPECTED + ")");
            }
            for (int j = 0; j < rows; j++) {
                b.add(i, j, volume(cells[j].trim(), false, what, ln + 1, j + 1), ln + 1, j + 1);
            }
            i++;
        }
        return b.build();
    }

    /** Matrix Market (NIST's exchange format): coordinate or array storage, 1-based indices, column-major arrays. */
    static CommMatrix matrixMarket(String text, String what) {
        String[] lines = text.split("\r?\n", -1);
        String[] banner = lines[0].trim().toLowerCase(Locale.ROOT).split("\\s+");
        if (banner.length != 5 || !banner[0].equals("%%matrixmarket") || !banner[1].equals("matrix")
                || !(banner[2].equals("coordinate") || banner[2].equals("array"))
                || !(banner[3].equals("integer") || banner[3].equals("real") || banner[3].equals("pattern"))
                || !(banner[4].equals("general") || banner[4].equals("symmetric"))) {
            throw new InvalidInputException(what + " line 1 is not a header ccopt reads; expected " + EXPECTED);
        }
        boolean coordinate = banner[2].equals("coordinate");
        boolean pattern = banner[3].equals("pattern");
        boolean symmetric = banner[4].equals("symmetric");
        if (pattern && !coordinate) {
            throw new InvalidInputException(what + " line 1: array storage has no pattern form; expected " + EXPECTED);
        }
        int ln = 1;
        while (ln < lines.length && (lines[ln].isBlank() || lines[ln].startsWith("%"))) {
            ln++;
        }
        if (ln == lines.length) {
            throw new InvalidInputException(what + " has no size line; expected " + EXPECTED);
        }
        String[] size = lines[ln].trim().split("\\s+");
        int sizeLine = ln + 1;
        if (size.length != (coordinate ? 3 : 2)) {
            throw new InvalidInputException(what + " line " + sizeLine + " has " + size.length + " fields; expected "
                    + (coordinate ? "rows, columns and entries" : "rows and columns"));
        }
        int m = count(size[0], what, sizeLine, 1);
        int n = count(size[1], what, sizeLine, 2);
        if (m != n || m < 1) {
            throw new InvalidInputException(what + " line " + sizeLine + " gives " + m + " rows and " + n
                    + " columns; expected a square matrix of 1 or more ranks");
        }
        long expected = coordinate ? count(size[2], what, sizeLine, 3)
                : symmetric ? (long) n * (n + 1) / 2 : (long) n * n;
        Builder b = new Builder(n);
        long read = 0;
        int row = 0;
        int col = 0;
        for (ln++; ln < lines.length; ln++) {
            String line = lines[ln].trim();
            if (line.isEmpty() || line.startsWith("%")) {
                continue;
            }
            if (read == expected) {
                throw new InvalidInputException(what + " line " + (ln + 1) + " is past the " + expected
                        + " entries its size line announces");
            }
            String[] f = line.split("\\s+");
            int fields = coordinate ? (pattern ? 2 : 3) : 1;
            if (f.length != fields) {
                throw new InvalidInputException(what + " line " + (ln + 1) + " has " + f.length + " fields; expected "
                        + fields + (coordinate ? " (row, column" + (pattern ? ")" : ", value)") : " (one value)"));
            }
            if (coordinate) {
                row = count(f[0], what, ln + 1, 1) - 1;
                col = count(f[1], what, ln + 1, 2) - 1;
                if (row < 0 || row >= n || col < 0 || col >= n) {
                    throw new InvalidInputException(what + " line " + (ln + 1) + " names an entry outside the " + n
                            + " x " + n + " matrix; indices run 1.." + n);
                }
            }
            if (symmetric && row < col) {
                throw new InvalidInputException(what + " line " + (ln + 1) + " is above the diagonal; a symmetric "
                        + "Matrix Market file stores only the lower triangle");
            }
            int v = pattern ? 1 : volume(f[f.length - 1], true, what, ln + 1, f.length);
            b.add(row, col, v, ln + 1, f.length);
            if (symmetric && row != col) {
                b.add(col, row, v, ln + 1, f.length);
            }
            read++;
            if (!coordinate) { // column-major: down a column, then the next; a symmetric array starts at the diagonal
                if (++row == n) {
                    col++;
                    row = symmetric ? col : 0;
                }
            }
        }
        if (read != expected) {
            throw new InvalidInputException(what + " has " + read + " entries; its size line announces " + expected);
        }
        return b.build();
    }

    private static int count(String field, String what, int line, int column) {
        if (!field.matches("[0-9]{1,10}") || Long.parseLong(field) > Integer.MAX_VALUE) {
            throw new InvalidInputException(what + " line " + line + ", field " + column
                    + " is not a whole number up to " + Integer.MAX_VALUE);
        }
        return Integer.parseInt(field);
    }

    /** A volume: a non-negative whole number, written as an integer or a decimal ("3.0", "2e3"); {@code field}: a Matrix Market field, else a CSV column. */
    private static int volume(String cell, boolean field, String what, int line, int column) {
        String place = what + " line " + line + ", " + (field ? "field " : "column ") + column;
        BigDecimal v;
        try {
            if (cell.isEmpty() || !cell.matches("[-+0-9.eE]+")) {
                throw new NumberFormatException();
            }
            v = new BigDecimal(cell);
        } catch (NumberFormatException e) {
            throw new InvalidInputException(place + " is not a number; expected " + EXPECTED);
        }
        if (v.signum() < 0) {
            throw new InvalidInputException(place + " is negative; volumes are 0 or more");
        }
        if (v.stripTrailingZeros().scale() > 0) {
            throw new InvalidInputException(place + " is not a whole number; scale the matrix to integer volumes "
                    + "(bytes, messages), since ccopt does not round them");
        }
        if (v.compareTo(BigDecimal.valueOf(Integer.MAX_VALUE)) > 0) {
            throw new InvalidInputException(place + " is above " + Integer.MAX_VALUE + "; scale the matrix down");
        }
        return v.intValueExact();
    }

    /** Collects entries, sums repeated ones, and lists the positive off-diagonal ones in row-major order. */
    private static final class Builder {
        private final int procs;
        private final java.util.Map<Long, Long> sums = new java.util.HashMap<>();

        Builder(int procs) {
            this.procs = procs;
        }

        void add(int i, int j, int v, int line, int column) {
            if (i == j || v == 0) {
                return;
            }
            long sum = sums.merge((long) i * procs + j, (long) v, Long::sum);
            if (sum > Integer.MAX_VALUE) {
                throw new InvalidInputException("communication matrix entry (" + (i + 1) + ", " + (j + 1) + ")"
                        + (line > 0 ? " at line " + line + ", field " + column : "") + " sums to more than "
                        + Integer.MAX_VALUE + "; scale the matrix down");
            }
        }

        CommMatrix build() {
            long[] keys = sums.keySet().stream().mapToLong(Long::longValue).toArray();
            Arrays.sort(keys);
            int[] s = new int[keys.length];
            int[] t = new int[keys.length];
            int[] v = new int[keys.length];
            for (int k = 0; k < keys.length; k++) {
                s[k] = (int) (keys[k] / procs);
                t[k] = (int) (keys[k] % procs);
                v[k] = (int) (long) sums.get(keys[k]);
            }
            return new CommMatrix(procs, s, t, v);
        }
    }
}
