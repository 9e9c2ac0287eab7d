package org.ccopt.msgsim;

import java.util.Arrays;

/**
 * A binary min-heap of (double key, int value) pairs on primitive arrays. With {@code stable}, equal keys pop in
 * insertion order (the event queue); without, ties pop in an unspecified but deterministic order (the share
 * computation, whose result does not depend on it), which saves the order array.
 */
final class MinHeap {

    private final boolean stable;

    MinHeap(boolean stable) {
        this.stable = stable;
    }

    private double[] keys = new double[64];
    private int[] values = new int[64];
    private long[] order = new long[64];
    private int size;
    private long counter;

    void clear() {
        size = 0;
    }

    boolean isEmpty() {
        return size == 0;
    }

    int size() {
        return size;
    }

    double peekKey() {
        return keys[0];
    }

    int peekValue() {
        return values[0];
    }

    void push(double key, int value) {
        growIfFull();
        int i = size++;
        long o = counter++;
        while (i > 0) {
            int parent = (i - 1) >>> 1;
            if (!less(key, o, keys[parent], order[parent])) {
                break;
            }
            keys[i] = keys[parent];
            values[i] = values[parent];
            order[i] = order[parent];
            i = parent;
        }
        keys[i] = key;
        values[i] = value;
        order[i] = o;
    }

    private void growIfFull() {
        if (size == keys.length) {
            keys = Arrays.copyOf(keys, 2 * size);
            values = Arrays.copyOf(values, 2 * size);
            order = Arrays.copyOf(order, 2 * size);
        }
    }

    /** Appends without ordering; call {@link #heapify()} before the next pop. */
    void append(double key, int value) {
        growIfFull();
        keys[size] = key;
        values[size] = value;
        order[size++] = counter++;
    }

    /** Restores the heap order after {@link #append} calls, in linear time. */
    void heapify() {
        for (int i = (size >>> 1) - 1; i >= 0; i--) {
            siftDown(i, keys[i], values[i], order[i]);
        }
    }

    /** Removes the minimum and returns its value. */
    int pop() {
        int top = values[0];
        size--;
        if (size > 0) {
            siftDown(0, keys[size], values[size], order[size]);
        }
        return top;
    }

    private void siftDown(int i, double key, int value, long o) {
        while (true) {
            int child = 2 * i + 1;
            if (child >= size) {
                break;
            }
            if (child + 1 < size && less(keys[child + 1], order[child + 1], keys[child], order[child])) {
                child++;
            }
            if (!less(keys[child], order[child], key, o)) {
                break;
            }
            keys[i] = keys[child];
            values[i] = values[child];
            order[i] = order[child];
            i = child;
        }
        keys[i] = key;
        values[i] = value;
        order[i] = o;
    }

    private boolean less(double k1, long o1, double k2, long o2) {
        return k1 < k2 || (stable && k1 == k2 && o1 < o2);
    }
}
