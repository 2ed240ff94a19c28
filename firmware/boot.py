# Storage policy, run once at power-up (docs/persistence.md).
# Default: the code may write CIRCUITPY (games are saved to nvm + a save
# file) and the USB host sees the drive read-only. Holding the board's
# USB_WRITE_BUTTON (boards/<board_id>.py) at power-up leaves the drive
# writable for the host instead (to copy new firmware); saves then use nvm
# only. Any error keeps CircuitPython's default (USB writable): a board that
# cannot be updated looks bricked, which is worse than fewer saves.
# The outcome is printed into boot_out.txt ("menagerie boot: ..."), and
# code.py also reads the real mount state (menagerie.hw.regions.policy()).
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
    if held:
        print("menagerie boot: usb-write (button held)")
    else:
        storage.remount("/", readonly=False)
        print("menagerie boot: saves (drive read-only over USB)")
except Exception as e:
    try:
        print("menagerie boot: error", e)
    except Exception:
        pass
