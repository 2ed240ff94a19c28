# Docs generator: per board, docs/boards/<board_id>.md (parts, pin table,
# how to let the computer write the drive) and docs/boards/<board_id>.png
# (the wiring diagram). Both come from boards/<board_id>.py.
from host_tools import profiles, wiring
from host_tools.boardinfo import info, physical_pin
from host_tools.bootout import SUPPORTED_MAJOR



def short_of_ram(p):
    # The profile's SHORT_OF_RAM (issue 25): what the board runs with less
    # than 40 KB free at the lowest point.
    ids = getattr(p, "SHORT_OF_RAM", "").split()
    if not ids:
        return []
    from menagerie import games

    names = ", ".join(games.title(g) for g in ids)
    return [
        "",
        "**Short of RAM:** %s %s with less than 40 KB free at the lowest point on this "
        "board (the every-game sessions of `make bench ARGS=memory`, the harness's heap / 1.5). "
        "They run, one game at a time (the app restarts between games, so one game's RAM "
        "never stays under the next), with only a few KB to spare: no room for the table view "
        "beside a game, and a game that grows may not fit. A Pico (no wireless stack) holds them "
        "with 40 KB or more to spare." % (names, "run" if len(ids) > 1 else "runs"),
    ]

def _pin_rows(board_id, profile):
    rows = []
    for pin, part, text, at in wiring.wires(board_id, profile):
        n = physical_pin(board_id, pin) if at is None or pin != "GND" else _gnd_number(board_id, at)
        rows.append((text, pin, str(n) if n else "-"))
    if not any(r[1] == "GND" for r in rows):
        rows.append(("other leg of each button, piezo - leg", "GND", "-"))
    return rows


def saves_text(i):
    # What the store gets on this board's drive (docs/persistence.md,
    # "Capacity"): `menagerie deploy` sizes the save files to the room.
    common = ("Games save to the 4 KB nvm and two save files on CIRCUITPY that `menagerie deploy` "
              "makes (`save_a/game.sav`, `save_b/game.sav`, docs/persistence.md). ")
    if i["drive"] >= 1024 * 1024:
        return [common + "This drive has room for their full 48 KB windows: a game in progress "
                "up to ~48 KB and the last 200 finished games (32 KB)."]
    return [common + "This drive is small, so deploy makes them as big as the room the tree "
            "leaves allows (48, 32, 24, 16 or 12 KB windows, 8 KiB kept free): the compiled "
            "(.mpy) build should leave room for 48 KB (a .mpy tree of the same code is ~250 KiB "
            "on the drive); the .py tree (an offline build, no mpy-cross) "
            "for 32 KB today (its modules ship without comments, indented one space a level: "
            "host_tools/strip_comments.py), 12 KB at the floor. At 12 KB: a game in "
            "progress up to ~12 KB (a When Animals Attack game of 50-300 actions is 0.5-2 KB; "
            "the store proof's 500-action long game 5.5 KB) beside about 20 finished 16-round "
            "Animal Inc games, more of them dropped (counted) as the game grows. `menagerie build`, `deploy` and `doctor` say "
            "which size the drive has; a redeploy keeps it (a saved game is in the files)."]


def pin_rows(board_id, profile):
    return _pin_rows(board_id, profile)


def _gnd_number(board_id, at):
    side, idx = at
    if info(board_id)["numbering"] != "pico":
        return None
    return idx + 1 if side == "left" else 40 - idx


# Panels the adafruit_ssd1306 driver runs, by resolution: (panel, active
# area width x height in mm (about: the modules' datasheets), note). The
# digit heights follow from the firmware's own score digits (ui/scoregrid.py).
PANELS = {
    (128, 64): (
        ("0.96\" SSD1306 module (the stock build)", 21.7, 10.9, ""),
        ("1.3\" Adafruit 128x64 OLED (product 938, SSD1306, I2C/STEMMA QT or SPI)", 29.4, 14.7,
         "**the table build**: same driver, same address 0x3C, a third larger"),
        ("2.42\" 128x64 module", 55.0, 27.5,
         "usually an SSD1309, not an SSD1306: sold as compatible, not checked with this driver"),
    ),
    (128, 32): (
        ("0.91\" 128x32 (the FeatherWing OLED)", 22.4, 5.6, ""),
    ),
}


def panel_section(p):
    # Which panel sizes suit a table, and how tall the totals come out.
    from host_tools.paths import ensure_firmware_importable
    ensure_firmware_importable()
    from menagerie.ui import scoregrid as digits

    px = digits.BIG[1] * 8 if p.HEIGHT >= 64 else digits.SMALL[1] * 8
    rows = PANELS.get((p.WIDTH, p.HEIGHT), ())
    out = ["", "## Reading it across the table", "",
           "Totals on the score sheets and standings are %d px tall on this panel (small text: 7 px)."
           % px, "",
           "| panel | pixel pitch | totals | small text | note |", "| --- | --- | --- | --- | --- |"]
    for name, w, h, note in rows:
        pitch = w / p.WIDTH
        out.append("| %s | %.2f mm | %.1f mm | %.1f mm | %s |" % (name, pitch, px * pitch, 7 * pitch, note))
    if (p.WIDTH, p.HEIGHT) == (128, 64):
        out += ["",
                "Generic 1.3\" 128x64 modules are mostly SH1106 controllers (132 columns of RAM, no "
                "horizontal addressing mode): adafruit_ssd1306 does not drive them. For a table, "
                "build with Adafruit's 1.3\" SSD1306 board, set to I2C as its guide shows and wired "
                "like the 0.96\" one (address 0x3C). By the signage rule of thumb (text reads from "
                "up to about 250 times its height), 4.1 mm totals carry about 1 m, 5.5 mm about "
                "1.4 m: across a table rather than only from the next seat."]
    return out


def _pattern_words(notes):
    # (Hz, ms) notes -> "3 short high beeps (2600 Hz, 0.12 s each)"
    on = [(hz, ms) for hz, ms in notes if hz]
    hz, ms = on[0]
    return "%d %s %s beeps (%d Hz, %s s each)" % (
        len(on), "short" if ms < 300 else "long", "high" if hz >= 1000 else "low", hz,
        ("%.2f" % (ms / 1000)).rstrip("0"))


def silent_section(p):
    # What a board whose display stays dark says on its piezo: from
    # hw/display_wait.py itself, so the guide cannot drift from the firmware.
    from host_tools.paths import ensure_firmware_importable
    ensure_firmware_importable()
    from menagerie.hw import display_wait as D
    boot_s = D.BOOT_TRIES * D.BOOT_GAP_MS / 1000
    every = D.WAIT_GAP_MS // 1000
    return [
        "",
        "## A dark display: what the piezo says",
        "",
        "At power-up the firmware gives the display about %g s to answer (a panel can be slow to "
        "wake). If it still does not, the board says why on the piezo, on the serial console and "
        "to `menagerie doctor`, and tries again every %d s: push the wire back in and the game "
        "starts, no need to unplug." % (boot_s, every),
        "",
        "| the piezo plays (at once, then about every %d s) | it means | check |"
        % (D.WAIT_GAP_MS * D.BEEP_EVERY // 1000),
        "| --- | --- | --- |",
        "| %s | the display does not answer at address 0x%02X: SDA and SCL are pulled up but "
        "nothing acknowledges | the display's VCC and GND; its address (some modules are 0x3D: "
        "`MENAGERIE_OLED_ADDRESS` in settings.toml); SDA and SCL swapped |"
        % (_pattern_words(D.PATTERNS[D.NO_ANSWER]), p.I2C_ADDR),
        "| %s | nothing pulls SDA or SCL up: the display is unplugged or unpowered (the pull-up "
        "resistors sit on its module) or a wire is off | the display's SDA to board pin %s, SCL "
        "to %s, its VCC and GND |" % (_pattern_words(D.PATTERNS[D.NO_PULLUPS]), p.SDA, p.SCL),
        "| nothing | the firmware is not running (no CircuitPython, a missing file) or the piezo "
        "is not wired | run `menagerie doctor` |",
        "",
        "The console line reads `%s no answer at 0x%02X on SDA %s, SCL %s (...)` (or `no pull-ups`); "
        "`menagerie doctor` listens for it on the board's USB serial port." % (
            D.LINE, p.I2C_ADDR, p.SDA, p.SCL),
    ]


def markdown(board_id):
    p = profiles.load(board_id)
    i = info(board_id)
    kib = 1024
    hold = getattr(p, "USB_WRITE_BUTTON", None)
    hold_pin = profiles.button_pin(p, hold) if hold else None
    versions = " or ".join("%d.x" % v for v in SUPPORTED_MAJOR)
    out = [
        "<!-- Generated by `make docs` from boards/%s.py: edit the profile or host_tools/, not this file. -->" % board_id,
        "# %s" % p.NAME,
        "",
        "CircuitPython board id `%s`; CircuitPython %s. Flash %d MiB, CIRCUITPY drive about %d KiB."
        % (board_id, versions, i["flash"] // (1024 * 1024), i["drive"] // 1024),
        "",
        "## Parts",
        "",
    ]
    out += ["- %s" % part for part in i["parts"]] or ["- the board, an SSD1306 OLED, buttons and a passive piezo"]
    out += ["", "## Pins", "", "| connect | to board pin | header pin |", "| --- | --- | --- |"]
    out += ["| %s | %s | %s |" % row for row in _pin_rows(board_id, p)]
    out += [
        "",
        "Display: SSD1306 %dx%d at I2C address 0x%02X, bus at %d Hz (change it with "
        "`MENAGERIE_I2C_FREQ` in settings.toml)." % (p.WIDTH, p.HEIGHT, p.I2C_ADDR, p.I2C_FREQ),
    ]
    if getattr(p, "LONG_PRESS_BACK", None):
        out.append("This board has no BACK button: hold %s for BACK." % p.LONG_PRESS_BACK)
    if not getattr(p, "PLAYERS", ()):
        out.append("No player buttons: players are picked from a list on screen.")
    out += [""] + i.get("notes", []) if i.get("notes") else []
    out += [
        "",
        "## Your own wiring",
        "",
        "Wired a button, the piezo or the display to other pins? Name them in `settings.toml` "
        "instead of editing Python, e.g. `MENAGERIE_PIN_%s = \"%s\"`, `MENAGERIE_PIN_PIEZO`, "
        "`MENAGERIE_PIN_SDA`/`MENAGERIE_PIN_SCL`, `MENAGERIE_OLED_ADDRESS = 0x3D`, "
        "`MENAGERIE_OLED_SIZE = \"128x32\"` (the full list: [docs/host-tools.md](../host-tools.md)). "
        "The board checks them at boot against its own pin names; on any problem it uses the pins "
        "above and the boot screen says why. `menagerie doctor` checks them too, and "
        "`menagerie docs --board %s --settings settings.toml --out wiring.png` draws them."
        % (p.NAV[0][0], "GP2" if i["numbering"] == "pico" else str(p.NAV[0][1]), board_id),
        "",
        "## Memory",
        "",
        "%d KB of RAM. Free heap: %s." % (i["ram"] // kib, i["heap"]),
        "The firmware is built for the smallest of the supported boards (it must peak under "
        "~100 KB, docs/architecture.md), so it runs the same on every one of them.",
    ] + short_of_ram(p) + [
        "",
        "## Saves",
        "",
    ] + saves_text(i)
    if i.get("micropython"):
        out += [
            "",
            "## MicroPython",
            "",
            "Flash micropython.org's `%s` firmware, then `menagerie build --board %s --mpy OUT` "
            "and copy with `mpremote` ([docs/micropython.md](../micropython.md))."
            % (i["micropython"], board_id),
        ]
    out += panel_section(p)
    out += [
        "",
        "## Wiring diagram",
        "",
        "![Wiring diagram for %s](%s.png)" % (p.NAME, board_id),
        "",
        "## Putting the firmware on the board",
        "",
        "1. Install CircuitPython %s: hold the board's BOOTSEL (or BOOT) button while plugging in USB, then copy "
        "the `.uf2` file for `%s` from circuitpython.org onto the `%s` drive that appears."
        % (versions, board_id, "RP2350" if i["ram"] > 264 * kib else "RPI-RP2"),
        "2. The board comes back as a `CIRCUITPY` drive. Run `menagerie deploy --board %s`." % board_id,
        "3. Run `menagerie doctor` if anything looks wrong.",
    ]
    out += silent_section(p)
    out += [
        "",
        "## Letting the computer write the drive",
        "",
        "Once Menagerie is installed, its `boot.py` gives the flash to the firmware so it can save "
        "games: your computer then sees `CIRCUITPY` as read-only.",
    ]
    if hold:
        out += [
            "",
            "To update the firmware or edit `settings.toml`:",
            "",
            "1. Unplug the board.",
            "2. Hold the **%s** button (pin %s) and plug the USB cable back in; keep holding until "
            "the `CIRCUITPY` drive appears." % (hold, hold_pin),
            "3. Deploy or edit, eject the drive, then unplug and replug without holding anything to play again.",
        ]
    out.append("")
    return "\n".join(out)


def generate():
    # {repo-relative path: bytes}
    files = {}
    for board_id in profiles.board_ids():
        files["docs/boards/%s.md" % board_id] = markdown(board_id).encode("utf-8")
        files["docs/boards/%s.png" % board_id] = wiring.png_bytes(board_id)
    return files
