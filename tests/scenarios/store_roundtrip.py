# Store round trip on plain in-memory regions (bytearrays behave like nvm
# minus the erase rules), identical under CPython and MicroPython.
from menagerie.store import Store, StoreFull
from menagerie.store.store import _fingerprint


def region(n):
    return bytearray(b"\xff" * n)


def rec_with(actions, screen="play"):
    return {"v": 1, "settings": {"players": 3, "names": ["A", "B", "C"]},
            "game": {"game": "animal_inc", "options": {"rounds": 16}, "seed": 2024,
                     "actions": actions}, "bowls": [], "screen": screen}


regions = [region(4096), region(8192)]
st = Store(regions)
print("empty", st.load())
acts = []
for i in range(120):
    acts.append(["score", i % 3, (i * 7) % 11])
    st.save(rec_with(acts))
acts.pop()
st.save(rec_with(acts, "undo"))
st.add_history({"game": "animal_inc", "scores": [30, 41, 12], "winners": [1]})
s = st.stats()
for k in sorted(s):
    print("stat", k, s[k])
st2 = Store(regions)
rec, msg = st2.load()
print("reload equal", rec == rec_with(acts, "undo"), "message", msg)
print("actions", len(rec["game"]["actions"]), "last", rec["game"]["actions"][-1])
print("history", [sorted(h.items()) for h in st2.history()])
# A torn append: flip a byte of the last entry, the save before comes back.
regions[s["active_region"]][s["active_used"] - 3] ^= 0x10
rec, msg = Store(regions).load()
print("after damage", len(rec["game"]["actions"]), repr(msg))
meta, fps = _fingerprint(rec)
print("fingerprint", len(meta), [len(f) for f in fps])
try:
    Store([region(256), region(256)]).save(rec_with(acts))
except StoreFull as e:
    print("full", repr(str(e)))


# A record bigger than nvm: its bases go to file-like windows (never
# appended to) and each save after that is a journal append in nvm.
class Window:
    appendable = False

    def __init__(self, n):
        self.b = bytearray(b"\xff" * n)

    def __len__(self):
        return len(self.b)

    def __getitem__(self, k):
        return self.b[k]

    def __setitem__(self, k, v):
        self.b[k] = v


regions = [region(2048), Window(8192), Window(8192)]
st = Store(regions)
st.load()
acts = []
for i in range(200):
    acts.append(["m", i % 4, (i * 5) % 13, i % 7, 6])
    st.save(rec_with(acts))
s = st.stats()
print("journal bases", s["bases_written"], "entries", s["entries_written"], "bytes", s["bytes_written"])
rec, msg = Store(regions).load()
print("journal reload equal", rec == rec_with(acts), msg)
