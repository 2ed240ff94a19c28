# What a running board says on its serial console, for `menagerie doctor`:
# a display that does not answer (hw/display_wait.py prints its line every
# few seconds while it keeps trying) or a firmware that stopped on an error.
# Only listened to, never typed into: the game on the board goes on. This
# is how doctor learns what the board cannot write down: the board writes
# nothing to its drive for it (a write there is a power-cut hazard, and
# boot_out.txt must stay what deploy predicted, host_tools/bootout.py).
import time

from host_tools.paths import ensure_firmware_importable

ADAFRUIT_VID = 0x239A   # CircuitPython's USB vendor id on the RP2040 boards
STARTED = "Menagerie running on"   # code.py, once the app runs


def _wait():
    ensure_firmware_importable()
    from menagerie.hw import display_wait
    return display_wait


def listen_seconds():
    # Long enough to hear one of the lines display_wait repeats.
    return _wait().WAIT_GAP_MS / 1000 + 1.5


def boot_seconds():
    # From a restart: the quick tries, then the first line.
    D = _wait()
    return D.BOOT_TRIES * D.BOOT_GAP_MS / 1000 + listen_seconds()


def find_port(uid=None):
    # The board's serial port: the one whose USB serial number is the
    # chip's UID (boot_out.txt's "UID:" line; CircuitPython builds its USB
    # serial number from the same id), else the only CircuitPython port.
    try:
        from serial.tools import list_ports
    except ImportError:
        return None
    ports = list(list_ports.comports())
    if uid:
        for p in ports:
            if (p.serial_number or "").upper() == uid.upper():
                return p.device
    ours = [p.device for p in ports if p.vid == ADAFRUIT_VID]
    return ours[0] if len(ours) == 1 else None


def listen(port, seconds=None):
    # What the console prints in `seconds` (str); stops early once a display
    # line or a start has been heard. OSError when the port cannot be opened.
    import serial
    seconds = listen_seconds() if seconds is None else seconds
    try:
        s = serial.serial_for_url(port, baudrate=115200, timeout=0.1)
    except (serial.SerialException, ValueError) as e:
        raise OSError(str(e))
    data = b""
    try:
        end = time.monotonic() + seconds
        while time.monotonic() < end:
            data += s.read(4096)
            if settled(data.decode("utf-8", "replace")):
                break
    finally:
        s.close()
    return data.decode("utf-8", "replace").replace("\r\n", "\n")


def settled(text):
    # Enough heard: a whole display line, the app started, or a crash.
    LINE = _wait().LINE
    for line in text.split("\n")[:-1]:
        if line.startswith(LINE) or line.startswith(STARTED) or line.startswith("Traceback"):
            return True
    return False


def findings(text):
    # -> problems, each naming its cause and what to check.
    D = _wait()
    problems = []
    lines = [l.strip() for l in text.replace("\r\n", "\n").split("\n")]
    said = [l for l in lines if l.startswith(D.LINE)]
    if said and not said[-1].endswith("answered, starting"):
        words = said[-1][len(D.LINE):].strip()
        sound = {D.NO_ANSWER: "3 short high beeps", D.NO_PULLUPS: "2 long low beeps"}
        kind = D.NO_PULLUPS if words.startswith(D.NO_PULLUPS) else D.NO_ANSWER
        problems.append("the display does not answer, so the board stays dark: %s (its piezo "
                        "plays %s; docs/boards/ says what to check). It keeps trying: fix the "
                        "wire and the game starts" % (words.split("; trying")[0], sound[kind]))
    if "Traceback (most recent call last):" in text:
        tail = [l for l in lines[lines.index("Traceback (most recent call last):"):] if l]
        last = [l for l in tail if not l.startswith(("File ", "Traceback"))]
        if last:
            problems.append("the firmware stopped on an error: %s (the board's serial console "
                            "shows the whole traceback)" % last[0])
    return problems
