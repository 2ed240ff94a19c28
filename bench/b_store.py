# Store figures: the power-cut proof counts, write sizes per game type, and
# the MicroPython heap used by one save of a 16-round Animal Inc record.
import os
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
for p in (os.path.join(ROOT, "tests"), os.path.join(ROOT, "firmware"), ROOT):
    if p not in sys.path:
        sys.path.insert(0, p)

import store_cases as sc  # noqa: E402
from menagerie.store import Store  # noqa: E402
from menagerie.store.entry import dumps  # noqa: E402

MPY_SCRIPT = r"""
# gc.mem_alloc() with the collector off: everything a save allocates, i.e. an
# upper bound of its peak (nothing is freed meanwhile); with gc.collect():
# what stays live.
import gc
from menagerie.store import Store
regions = [bytearray(b"\xff" * 4096), bytearray(b"\xff" * 8192)]
st = Store(regions)
st.load()
acts = []
rec = {"v": 1, "settings": {"players": 4, "names": ["Ann", "Bob", "Cy", "Dee"]},
       "game": {"game": "animal_inc", "options": {"rounds": 16, "players": 4},
                "seed": 123456789, "actions": acts}, "bowls": [], "screen": "play"}
for r in range(16):
    for s in range(4):
        acts.append(["score", s, (r * 7 + s * 3) % 23, (s + r) % 5])
    acts.append(["end_round"])
print("record_json_bytes", len(__import__("json").dumps(rec)), "actions", len(acts))
gc.collect()
live0 = gc.mem_alloc()
gc.disable()
st.save(rec)
print("first_save_allocated", gc.mem_alloc() - live0)
gc.enable()
gc.collect()
live1 = gc.mem_alloc()
print("store_live_after", live1 - live0)
acts.append(["score", 0, 1, 1])
gc.disable()
st.save(rec)
print("delta_save_allocated", gc.mem_alloc() - live1)
gc.enable()
gc.collect()
gc.collect()
a = gc.mem_alloc()
gc.disable()
r2, m = Store(regions).load()
print("load_allocated", gc.mem_alloc() - a)
gc.enable()
"""


MPY_LOAD = r"""
# The longest game's resume: load() of a 500-action game (its base in a 48 KB
# file window, the journal in nvm) on the board layout, timed on MicroPython.
import time
from menagerie.store import Store


class Window:
    # A file window: never appended to (the store writes whole bases there).
    appendable = False

    def __init__(self, n):
        self.b = bytearray(b"\xff" * n)

    def __len__(self):
        return len(self.b)

    def __getitem__(self, k):
        return self.b[k]

    def __setitem__(self, k, v):
        self.b[k] = v


regions = [bytearray(b"\xff" * 4096), Window(49152), Window(49152)]
st = Store(regions)
st.load()
acts = []
g = {"game": "when_animals_attack", "options": {"players": 3}, "seed": 99, "actions": acts}
rec = {"v": 1, "settings": {"players": 4}, "game": g, "bowls": [], "screen": "play"}
for i in range(500):
    acts.append(["m", i % 3, (i * 13) % 29])
    st.save(rec)
best = None
for k in range(5):
    t = time.ticks_us()
    r, m = Store(regions).load()
    dt = time.ticks_diff(time.ticks_us(), t)
    best = dt if best is None else min(best, dt)
assert r == rec and m is None
print("load_us", best, "actions", len(r["game"]["actions"]))
"""


def mpy_load_time():
    exe = os.path.join(ROOT, ".venv", "bin", "micropython")
    env = dict(os.environ, MICROPYPATH=os.path.join(ROOT, "firmware"))
    out = subprocess.run([exe, "-X", "heapsize=1M", "-c", MPY_LOAD], env=env,
                         capture_output=True, text=True, timeout=300)
    got = out.stdout.split()
    if len(got) < 4 or got[0] != "load_us":
        return out.stdout.strip() or out.stderr.strip()
    return "load() of a %s-action game (base in a file window + nvm journal): %.1f ms" % (
        got[3], int(got[1]) / 1000.0)


def mpy_heap():
    exe = os.path.join(ROOT, ".venv", "bin", "micropython")
    env = dict(os.environ, MICROPYPATH=os.path.join(ROOT, "firmware"))
    out = subprocess.run([exe, "-X", "heapsize=256K", "-c", MPY_SCRIPT], env=env,
                         capture_output=True, text=True, timeout=60)
    return out.stdout.strip() or out.stderr.strip()


def sizes():
    for name in sorted(sc.CASES):
        ops = sc.CASES[name]()
        regions = sc.board_regions()
        st = Store(regions)
        st.load()
        t = time.process_time()
        for kind, obj in ops:
            sc._do(st, kind, obj)
        dt = (time.process_time() - t) * 1000 / len(ops)
        last = [o for k, o in ops if k == "save"][-1]
        biggest = max(len(dumps(o)) for k, o in ops if k == "save")
        s = st.stats()
        print("%-12s saves %3d  biggest record %5d B  entries %3d  bases %3d  bytes written %6d  "
              "CPython %.2f ms/save  last game actions %s"
              % (name, len(ops), biggest, s["entries_written"], s["bases_written"],
                 s["bytes_written"], dt, len(last["game"]["actions"]) if last["game"] else 0))


def long_game_costs(at=(10, 100, 500)):
    # A synthetic 500-action game shaped like a board game's moves
    # (["m", 3, 4, 5, 6]) on the board layout: bytes written and CPython time
    # of the save of action N (one save, as the app does after each action).
    regions = sc.board_regions()
    st = Store(regions)
    st.load()
    acts = []
    g = {"game": "when_animals_attack", "options": {"players": 3}, "seed": 99, "actions": acts}
    for i in range(1, max(at) + 1):
        acts.append(["m", i % 4, (i * 7) % 16, (i * 3) % 8, i % 6])
        rec = sc._rec(g)
        b = st.stats()["bytes_written"]
        n = st.stats()["bases_written"]
        t = time.perf_counter()
        st.save(rec)
        dt = (time.perf_counter() - t) * 1000
        if i in at:
            s = st.stats()
            print("long game action %3d: record %5d B, save wrote %4d B (%s), %.2f ms CPython, "
                  "%d bases so far, %d B written in all"
                  % (i, len(dumps(rec)), s["bytes_written"] - b,
                     "a new base" if s["bases_written"] > n else "journal append",
                     dt, s["bases_written"], s["bytes_written"]))


def main():
    print("-- writes per session (board layout: nvm 4 KB + 2 file windows of 48 KB)")
    sizes()
    print("-- a long game's saves (issue 11)")
    long_game_costs()
    print("-- MicroPython heap, one save of a 16-round Animal Inc record (bytes, 64-bit unix)")
    print(mpy_heap())
    print("-- the longest game's resume, MicroPython unix (best of 5)")
    print(mpy_load_time())
    print("-- power-cut proof (every erase and page program of every write, cut before it, and "
          "torn: half done as random bit subsets; then 3 saves after the reboot; long game: "
          "1 write in 100)")
    t = time.process_time()
    for torn in (False, True):
        how = ", torn" if torn else ""
        for name in ("animal_inc", "panicozoo", "bowl"):
            print(sc.summary(name + how, sc.prove(sc.CASES[name](), torn=torn)))
        print(sc.summary("long_attack" + how, sc.prove(
            sc.long_attack(), torn=torn, sample=lambda i: i % 100 == 0 or i == 499)))
        print(sc.summary("long_attack, every base write and journal start" + how, _every_base(sc, torn)))
        print(sc.summary("season" + how, sc.prove(sc.season(), files=True, torn=torn)))
        print(sc.summary("filed_season" + how, sc.prove(sc.filed_season(), torn=torn)))
    print("proof CPU time %.1f s" % (time.process_time() - t))
    print("-- one flipped bit (every header bit of every entry on flash, 400 random payload bits)")
    import random
    total = [0, 0, 0, 0]
    for name in sorted(sc.CASES):
        ops = sc.CASES[name]()
        if ops[-1][0] == "hist":
            ops = ops + [("save", sc._rec(None, screen="home"))]
        c = sc.flip_sweep(ops, random.Random(3), payload=400)
        for k, v in enumerate((c["flips"], c["exact"], c["since_base"], len(c["failures"]))):
            total[k] += v
        print("%-12s flips %5d: resumed exactly %5d, lost the saves since the last base %4d, "
              "worse %d" % (name, c["flips"], c["exact"], c["since_base"], len(c["failures"])))
    print("%-12s flips %5d: resumed exactly %5d, lost the saves since the last base %4d, worse %d"
          % ("all", total[0], total[1], total[2], total[3]))


if __name__ == "__main__":
    main()


def _every_base(sc, torn=False):
    # The writes that matter in a long game: each base and the save after it.
    ops = sc.long_attack()
    at = set()
    for i in sc.base_writes(ops):
        at.add(i)
        at.add(i + 1)
    return sc.prove(ops, sample=lambda i: i in at, torn=torn)
