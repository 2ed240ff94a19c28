# One rule for players' names on every screen: a name is at most NAME_LEN
# letters (settings.toml allows the same), and is shown whole wherever a
# name stands on its own or beside one value. Only where several names
# share one line of 21 characters (the 3-button board's slap buttons) does
# a screen use short(): its first SHORT letters, the same everywhere.

NAME_LEN = 10
SHORT = 4


def seat_name(names, p):
    n = names[p] if p < len(names) else ""
    return n or "P" + str(p + 1)


def names_of(app, n):
    # The first n seat names from the settings.
    names = app.settings["names"]
    return [seat_name(names, i) for i in range(n)]


def short(name):
    return name[:SHORT]
