# Storage policy, run once at power-up (docs/persistence.md).
# Default: the code may write CIRCUITPY (games are saved to nvm + a save
# file) and the USB host sees the drive read-only. Holding the board's
# USB_WRITE_BUTTON (boards/<board_id>.py) at power-up leaves the drive
# writable for the host instead (to copy new firmware); saves then use nvm
# only. Any error keeps CircuitPython's default (USB writable): a board that
# cannot be updated looks bricked, which is worse than fewer saves.
# It prints the same line whatever the policy (SAID, below): CircuitPython
# rewrites boot_out.txt at every power-up whose text differs from the file's
# (its FAT and root directory with it, a cut there can ruin the drive), and
# `menagerie deploy` writes the text the next power-up will produce
# (host_tools/bootout.py predict()), so an ordinary power-up writes nothing.
# code.py reads the real mount state (menagerie.hw.regions.policy()); only an
# error prints something else.
# A USB_WRITE_BUTTON moved in settings.toml (MENAGERIE_PIN_<name>) is read on
# its new pin.
try:
    import board
    import digitalio
    import os
    import storage
    import time

    held = False
    try:
        prof = __import__("boards." + board.board_id, None, None, ["NAV"])
        want = getattr(prof, "USB_WRITE_BUTTON", None)
        for name, pin in prof.NAV:
            if name == want:
                # Wired elsewhere (settings.toml MENAGERIE_PIN_BACK, code.py
                # checks it fully)? Then that is the button being held.
                try:
                    own = os.getenv("MENAGERIE_PIN_" + name)
                    if isinstance(own, str):
                        own = own.strip().upper()
                        if own not in getattr(prof, "INTERNAL_PINS", "").split():
                            pin = getattr(board, own, pin)
                except Exception:
                    pass
                b = digitalio.DigitalInOut(pin)
                b.switch_to_input(pull=digitalio.Pull.UP)
                time.sleep(0.02)
                held = not b.value  # buttons pull to GND
                b.deinit()
    except Exception as e:
        held = True  # cannot tell: keep the drive writable over USB
        print("menagerie boot: error reading button", e)
    if not held:
        storage.remount("/", readonly=False)
    print("menagerie boot: ready")   # host_tools/bootout.py SAID
except Exception as e:
    try:
        print("menagerie boot: error", e)
    except Exception:
        pass
