# When Animals Attack's islands as one line each: players, deal, map, seed
# and a CRC-32 of the island (size, terrain, settlements, starts). Run with
# firmware/ on the path (CPython or MicroPython) it prints the lines that
# tests/data/waa_islands.txt holds, which were made by 96bb448's firmware
# (before the island was made in slices): the same seed must keep making
# the same island, or saved games would replay on another one.
from menagerie.core.rng import Rng
from menagerie.core import when_animals_attack_map as M
from menagerie.core import when_animals_attack_roster as R
from menagerie.core.when_animals_attack_start import Start


def crc32(data, crc=0):
    crc ^= 0xFFFFFFFF
    for b in data:
        crc ^= b
        for _ in range(8):
            crc = (crc >> 1) ^ (0xEDB88320 if crc & 1 else 0)
    return crc ^ 0xFFFFFFFF


def lines():
    first = R.ROSTER[0]
    out = []
    for n in (2, 3, 4):
        for deal in (0, 1):
            for mp in ("random", "Atoll"):
                for seed in range(1, 31 if mp == "random" else 4):
                    o = {}
                    for k in Start.DEFAULTS:
                        o[k] = Start.DEFAULTS[k]
                    o["deal"] = deal
                    o["map"] = mp
                    w, h, ter, towns, starts = M.island(Rng(seed), o, n, first)
                    blob = bytes([w, h]) + bytes(ter) + bytes(towns) + bytes(starts)
                    out.append("%d %d %s %d %08x" % (n, deal, mp, seed, crc32(blob)))
    return out


if __name__ == "__main__":
    for ln in lines():
        print(ln)
