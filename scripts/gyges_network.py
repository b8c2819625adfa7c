#!/usr/bin/env python3
"""Trains the Gygès evaluation's network (crates/ai/src/gyges/network.rs) on CPU.

Input: files written by `gyges_texel label` (a quiet position per line, whose side to
move is not threatened with an exit, with its game's result, a deeper search's score,
the linear evaluation and the network's active inputs). Each position is also used
mirrored left to right (the rules are symmetric).

The network learns a correction to the linear evaluation: the prediction is
sigmoid((linear + network) / K), fitted by least squares to a blend of the game's
result and sigmoid(search score / K). Output: the network's text on standard output,
the fit's progress on standard error.

    scripts/gyges_network.py [--epochs N] [--blend L] [--scale S] [--seed S] FILE... > network.txt

Needs numpy (`pip install numpy`).
"""

import argparse
import sys

import numpy as np

BLOCKS = 7
INPUTS = BLOCKS * 36
HIDDEN = 32
HEADER = "gyges-network 1"
# Evaluation units of the sigmoid's slope (docs/gyges-engine.md, Texel run 1: K = 48.4).
K = 48.4
# Scores at least this large are forced wins or losses (score.rs: WIN - MAX_PLY).
DECISIVE = 30_000 - 128
# The output layer works in units of OUT_SCALE evaluation units, so that every weight is
# of the same order for the optimiser.
OUT_SCALE = 32.0


def read(files):
    rows, base, result, search = [], [], [], []
    for name in files:
        with open(name) as f:
            for line in f:
                if line.startswith("#") or not line.strip():
                    continue
                t = line.split()
                # board, side, result, score, linear, inputs...
                result.append(float(t[2]))
                search.append(int(t[3]))
                base.append(int(t[4]))
                rows.append([int(i) for i in t[5:]])
    return rows, np.array(base, np.float32), np.array(result, np.float32), np.array(search)


def mirrored(row):
    """The inputs of the position mirrored left to right: file f becomes 5 - f."""
    return [i - 2 * (i % 6) + 5 for i in row]


def dense(rows):
    x = np.zeros((len(rows), INPUTS), np.float32)
    for n, row in enumerate(rows):
        x[n, row] = 1.0
    return x


def sigmoid(z):
    return 1.0 / (1.0 + np.exp(-z))


def targets(result, search, blend):
    by_search = np.where(
        search >= DECISIVE, 1.0, np.where(search <= -DECISIVE, 0.0, sigmoid(search / K))
    )
    return (blend * result + (1.0 - blend) * by_search).astype(np.float32)


class Net:
    def __init__(self, rng):
        self.w1 = (rng.standard_normal((INPUTS, HIDDEN)) * 0.1).astype(np.float32)
        self.b1 = np.full(HIDDEN, 0.5, np.float32)
        self.w2 = np.zeros(HIDDEN, np.float32)
        self.b2 = np.zeros(1, np.float32)
        self.params = [self.w1, self.b1, self.w2, self.b2]
        self.m = [np.zeros_like(p) for p in self.params]
        self.v = [np.zeros_like(p) for p in self.params]
        self.t = 0

    def forward(self, x):
        pre = x @ self.w1 + self.b1
        h = np.clip(pre, 0.0, 1.0)
        return pre, h, OUT_SCALE * (h @ self.w2 + self.b2[0])

    def loss(self, x, base, target):
        _, _, out = self.forward(x)
        return float(np.mean((sigmoid((base + out) / K) - target) ** 2))

    def step(self, x, base, target, lr):
        pre, h, out = self.forward(x)
        p = sigmoid((base + out) / K)
        # d loss / d out, for the mean over the batch.
        g_out = 2.0 * (p - target) * p * (1.0 - p) / K / len(x) * OUT_SCALE
        g_w2 = h.T @ g_out
        g_b2 = np.array([g_out.sum()], np.float32)
        g_h = np.outer(g_out, self.w2) * ((pre > 0.0) & (pre < 1.0))
        g_w1 = x.T @ g_h
        g_b1 = g_h.sum(axis=0)
        self.t += 1
        for p_, g, m, v in zip(self.params, [g_w1, g_b1, g_w2, g_b2], self.m, self.v):
            m *= 0.9
            m += 0.1 * g
            v *= 0.999
            v += 0.001 * g * g
            m_hat = m / (1 - 0.9**self.t)
            v_hat = v / (1 - 0.999**self.t)
            p_ -= lr * m_hat / (np.sqrt(v_hat) + 1e-8)

    def text(self, scale):
        out = [HEADER, " ".join(f"{x:.6g}" for x in self.b1)]
        out += [" ".join(f"{x:.6g}" for x in row) for row in self.w1]
        out.append(" ".join(f"{x * OUT_SCALE * scale:.6g}" for x in self.w2))
        out.append(f"{self.b2[0] * OUT_SCALE * scale:.6g}")
        return "\n".join(out) + "\n"


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("files", nargs="+")
    ap.add_argument("--epochs", type=int, default=30)
    ap.add_argument("--blend", type=float, default=0.3, help="weight of the game result in the target (0-1)")
    ap.add_argument("--lr", type=float, default=1e-3)
    ap.add_argument("--batch", type=int, default=1024)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument(
        "--scale",
        type=float,
        default=1.0,
        help="multiplies the output written (the committed network: 0.5, docs/gyges-engine.md)",
    )
    args = ap.parse_args()

    rows, base, result, search = read(args.files)
    if not rows:
        sys.exit("no quiet positions in the files")
    rng = np.random.default_rng(args.seed)
    # Hold out a tenth of the positions (with their mirror images) to watch overfitting.
    order = rng.permutation(len(rows))
    held = order[: len(rows) // 10]
    fit = order[len(rows) // 10 :]

    def split(idx):
        r = [rows[i] for i in idx] + [mirrored(rows[i]) for i in idx]
        twice = np.concatenate([idx, idx])
        return dense(r), base[twice], targets(result[twice], search[twice], args.blend)

    x, b, t = split(fit)
    xv, bv, tv = split(held)
    net = Net(rng)
    print(
        f"{len(rows)} quiet positions; held out {len(held)}; linear alone: "
        f"fit {net.loss(x, b, t):.5f}, held out {net.loss(xv, bv, tv):.5f}",
        file=sys.stderr,
    )
    best = (net.loss(xv, bv, tv), net.text(args.scale))
    for epoch in range(args.epochs):
        perm = rng.permutation(len(x))
        for start in range(0, len(x), args.batch):
            batch = perm[start : start + args.batch]
            net.step(x[batch], b[batch], t[batch], args.lr)
        held_loss = net.loss(xv, bv, tv)
        print(f"epoch {epoch + 1}: fit {net.loss(x, b, t):.5f}, held out {held_loss:.5f}", file=sys.stderr)
        if held_loss < best[0]:
            best = (held_loss, net.text(args.scale))
    print(f"kept the network with held-out error {best[0]:.5f}", file=sys.stderr)
    sys.stdout.write(best[1])


if __name__ == "__main__":
    main()
