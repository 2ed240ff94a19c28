# Turns raw button edges into the keys screens see (docs/architecture.md):
# arrows act on press and repeat while held (fast scrolling through numbers);
# OK/BACK act on release so that a long press can mean something else
# (HOLD_OK / HOLD_BACK; on the 3-button board a long OK is BACK); player
# buttons act on press and keep their timestamp (the slap buzzer needs it).

_HOLD_MS = 600
_REPEAT_DELAY = 450
_REPEAT_MS = 110
_REPEATS = ("UP", "DOWN", "LEFT", "RIGHT")


class KeyMapper:
    def __init__(self, long_back=None):
        self.long_back = long_back
        # A screen that shows something only while a player's button is held
        # (player_releases = True) also gets "REL_Pn" when it is let go.
        self.releases = False
        self._held = {}  # name -> [t_down, hold_fired, next_repeat]

    def feed(self, name, down, t, out):
        if name[0] == "P":
            if down:
                out.append((name, t))
            elif self.releases:
                out.append(("REL_" + name, t))
            return
        if down:
            self._held[name] = [t, False, t + _REPEAT_DELAY]
            if name in _REPEATS:
                out.append((name, t))
            return
        st = self._held.pop(name, None)
        if st is not None and name not in _REPEATS and not st[1]:
            out.append((name, t))

    def tick(self, now, out):
        for name in self._held:
            st = self._held[name]
            if name in _REPEATS:
                while now >= st[2]:
                    out.append((name, st[2]))
                    st[2] += _REPEAT_MS
            elif not st[1] and now - st[0] >= _HOLD_MS:
                st[1] = True
                out.append(("BACK" if name == self.long_back else "HOLD_" + name, now))

    def any_held(self):
        return len(self._held) > 0

    def reset(self):
        self._held = {}
