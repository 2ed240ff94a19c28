# PCG32 (O'Neill, XSH-RR variant): a small integer-only generator that gives the
# same stream on CPython, MicroPython and CircuitPython. The platform `random`
# cannot: its streams differ per port, it has no shuffle and its state cannot
# be saved. A game only stores its seed; replay regenerates every draw.

_MASK64 = 0xFFFFFFFFFFFFFFFF
_MASK32 = 0xFFFFFFFF
_MULT = 6364136223846793005
_DEFAULT_INC = 1442695040888963407


class Rng:
    def __init__(self, seed, stream=54):
        # Seeding procedure of the reference pcg32_srandom_r.
        self.state = 0
        self.inc = ((stream << 1) | 1) & _MASK64
        self.next32()
        self.state = (self.state + (seed & _MASK64)) & _MASK64
        self.next32()

    def next32(self):
        old = self.state
        self.state = (old * _MULT + self.inc) & _MASK64
        xorshifted = (((old >> 18) ^ old) >> 27) & _MASK32
        rot = old >> 59
        return ((xorshifted >> rot) | (xorshifted << ((-rot) & 31))) & _MASK32

    def below(self, n):
        # Unbiased integer in [0, n): reject the top sliver of the 2**32 range
        # that would make low values more likely than high ones.
        if n <= 0:
            raise ValueError("below(n) needs n > 0")
        if n > 0x100000000:
            raise ValueError("below(n) needs n <= 2**32")
        threshold = (0x100000000 - n) % n
        while True:
            r = self.next32()
            if r >= threshold:
                return r % n

    def between(self, lo, hi):
        # Inclusive range, like a die: between(1, 6).
        return lo + self.below(hi - lo + 1)

    def choice(self, seq):
        if not seq:
            raise ValueError("choice from an empty sequence")
        return seq[self.below(len(seq))]

    def shuffle(self, items):
        # Fisher-Yates in place: every permutation equally likely.
        i = len(items) - 1
        while i > 0:
            j = self.below(i + 1)
            items[i], items[j] = items[j], items[i]
            i -= 1
        return items


def seed_from_bytes(b):
    # Board seeding: os.urandom(4) -> int (kept to 31 bits so a save file's
    # JSON stays a small int everywhere).
    v = 0
    for x in b:
        v = (v << 8) | x
    return v & 0x7FFFFFFF
