package org.ccopt.cupstack;

import java.nio.ByteBuffer;
import java.util.Arrays;
import java.util.zip.CRC32;

/**
 * One extended Cup-Stacking chromosome (Yokota et al. 2023, §5.3 and App. A.2): the inter-slice interval V, the
 * injection delay I_u of every node, the VC selection scheme of every output port ({@code scheme[node * ports +
 * port]}, a {@link org.ccopt.flitsim.VcSelection} ordinal) and the queue selection order of every output VC
 * ({@code queueOrder}, {@code ports} entries per (node, port, vc), input ports with -1 for N/A), laid out as
 * {@link org.ccopt.flitsim.RouterConfig} stores them. Optimizers copy before they change a chromosome.
 */
public record Chromosome(int interval, int[] delay, byte[] scheme, byte[] queueOrder) {

    public Chromosome copy() {
        return new Chromosome(interval, delay.clone(), scheme.clone(), queueOrder.clone());
    }

    public Chromosome withInterval(int v) {
        return new Chromosome(v, delay.clone(), scheme.clone(), queueOrder.clone());
    }

    /**
     * The 32-bit signature of App. A.3: CRC-32 over every gene, used to recognise clones of the best chromosome.
     */
    public long crc32() {
        ByteBuffer b = ByteBuffer.allocate(4 + 4 * delay.length + scheme.length + queueOrder.length);
        b.putInt(interval);
        for (int d : delay) {
            b.putInt(d);
        }
        b.put(scheme).put(queueOrder);
        CRC32 crc = new CRC32();
        crc.update(b.array());
        return crc.getValue();
    }

    /** Same genes (records compare arrays by identity). */
    public boolean sameGenes(Chromosome o) {
        return interval == o.interval && Arrays.equals(delay, o.delay) && Arrays.equals(scheme, o.scheme)
                && Arrays.equals(queueOrder, o.queueOrder);
    }
}
