#!/usr/bin/env python3
"""Writes the example communication matrices of experiments/files (deterministic; run from the repository root).

comm-groups-64.mtx: 64 ranks, four groups of four that exchange 1,000 bytes with each other (all pairs, both ways),
the 16 ranks drawn by a seeded shuffle, 48 silent. On torus:8x8 the optimum is known: four distinct nodes are at
least 8 hops apart in total (a 2x2 square), so each group needs 2 x 8 x 1,000 = 16,000 hop-bytes, and four disjoint
squares give 64,000.

comm-stencil-8x8.csv: the 8x8 torus's own four-neighbour exchange (one unit each way), ranks relabelled by a seeded
shuffle. Every message needs a hop, so 256 is a lower bound, and placing every rank back on its node meets it.
"""
import random

rng = random.Random(1)
ranks = list(range(64))
rng.shuffle(ranks)
entries = []
for g in range(4):
    group = ranks[4 * g:4 * g + 4]
    for a in group:
        for b in group:
            if a > b:
                entries.append((a + 1, b + 1, 1000))
entries.sort()
with open("experiments/files/comm-groups-64.mtx", "w") as f:
    f.write("%%MatrixMarket matrix coordinate integer symmetric\n")
    f.write("% four groups of four ranks, 1000 bytes between every pair; written by experiments/comm_matrices.py\n")
    f.write("64 64 %d\n" % len(entries))
    for e in entries:
        f.write("%d %d %d\n" % e)

rng = random.Random(2)
hidden = list(range(64))  # rank r belongs on node hidden[r]
rng.shuffle(hidden)
rank_of = {node: r for r, node in enumerate(hidden)}
with open("experiments/files/comm-stencil-8x8.csv", "w") as f:
    for r in range(64):
        x, y = hidden[r] % 8, hidden[r] // 8
        row = [0] * 64
        for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1)):
            row[rank_of[(x + dx) % 8 + 8 * ((y + dy) % 8)]] = 1
        f.write(",".join(map(str, row)) + "\n")
