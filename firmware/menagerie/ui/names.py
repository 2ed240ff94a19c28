# One rule for players' names on every screen: a name is at most MAX_NAME
# letters (settings.toml allows the same), and is shown whole wherever a
# name stands on its own or beside one value. Only where several names
# share one line of 21 characters (the 3-button board's slap buttons) does
# a screen use short(): its first SHORT letters, the same everywhere.

MAX_NAME = 10
SHORT = 4


def names_of(app, n):
    # The first n seat names from the settings; a seat without one is "P1"..
    names = app.settings.get("names") or ()
    out = []
    for i in range(n):
        s = names[i] if i < len(names) else ""
        out.append(s or "P" + str(i + 1))
    return out


def short(name):
    return name[:SHORT]
