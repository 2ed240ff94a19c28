# PCG32 streams must be identical under CPython and MicroPython: a game saves
# only its seed, so a resumed game re-draws every card from this stream.
from menagerie.core.rng import Rng, seed_from_bytes

for seed in (0, 1, 42, 2 ** 31 - 1, 123456789, 2 ** 64 + 5):
    r = Rng(seed)
    print("seed", seed)
    print(" next32", [r.next32() for _ in range(5)])
    for n in (1, 2, 3, 6, 7, 36, 54, 1000, 2 ** 31, 2 ** 32):
        print(" below", n, [r.below(n) for _ in range(6)])
    print(" d6", [r.between(1, 6) for _ in range(12)])
    print(" d20", [r.between(1, 20) for _ in range(8)])
    print(" choice", [r.choice("ABCDEFG") for _ in range(8)])
    print(" shuffle", r.shuffle(list(range(12))))
    print(" shuffle1", r.shuffle([7]), r.shuffle([]))

# The reference demo's generator (seed 42, stream 54) and a second stream.
r = Rng(42, 54)
print("ref42/54", ["%08x" % r.next32() for _ in range(6)])
r = Rng(42, 7)
print("42/7", [r.next32() for _ in range(4)])
print("seed_from_bytes", seed_from_bytes(b"\x00\x00\x00\x01"), seed_from_bytes(b"\xff\xff\xff\xff"),
      seed_from_bytes(bytes([1, 2, 3, 4])))

# below() rejects the top sliver of the 32-bit range; with n = 3 * 2**30 a
# quarter of the raw outputs are rejected, so this exercises the retry loop.
r = Rng(2024)
print("reject-heavy", [r.below(3 * 2 ** 30) for _ in range(8)], r.state)
