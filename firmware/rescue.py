# Shown when the firmware cannot start because a module is missing (a
# library deleted or a copy cut short): code.py imports this instead of
# rebooting every few seconds. Only CircuitPython built-ins here (displayio
# drives the SSD1306 with its init sequence, the console text appears on
# it), so it works with /lib empty. It waits; RESET or a redeploy fixes it.
import time


def _display(profile):
    # A built-in displayio display on the board's OLED, or None.
    i2c = None
    try:
        import busio
        import displayio
        try:
            from i2cdisplaybus import I2CDisplayBus
            from busdisplay import BusDisplay
        except ImportError:  # CircuitPython 8
            I2CDisplayBus = displayio.I2CDisplay
            BusDisplay = displayio.Display
        displayio.release_displays()
        h = getattr(profile, "HEIGHT", 64)
        i2c = busio.I2C(profile.SCL, profile.SDA)
        bus = I2CDisplayBus(i2c, device_address=getattr(profile, "I2C_ADDR", 0x3C))
        init = bytes((0xAE, 0, 0x20, 1, 0, 0x81, 1, 0xCF, 0xA1, 0, 0xA6, 0, 0xC8, 0,
                      0xA8, 1, h - 1, 0xD5, 1, 0x80, 0xD9, 1, 0xF1, 0xDA, 1,
                      0x12 if h == 64 else 0x02, 0xDB, 1, 0x40, 0x8D, 1, 0x14, 0xAF, 0))
        return BusDisplay(bus, init, width=getattr(profile, "WIDTH", 128), height=h,
                          color_depth=1, grayscale=True, pixels_in_byte_share_row=False,
                          set_column_command=0x21, set_row_command=0x22,
                          data_as_commands=True, single_byte_bounds=True,
                          brightness_command=0x81)
    except Exception as e:
        print("rescue: no display:", e)
        # Give the bus back: a display half made would hold it through the
        # reload a redeploy starts, and busio would refuse it then.
        try:
            import displayio
            displayio.release_displays()
        except Exception:
            pass
        if i2c is not None:
            try:
                i2c.deinit()
            except Exception:
                pass
        return None


def show(profile, error):
    # The console (print) is what CircuitPython draws on a display that
    # shows no group of its own.
    keep = _display(profile)
    text = str(error)
    print()
    print("MENAGERIE cannot start")
    print(text[:60])
    print("Copy the firmware")
    print("again (menagerie")
    print("deploy), then RESET.")
    while True:
        time.sleep(60)
    return keep
