# One USB-serial conversation with a MicroPython board, through mpremote's
# own transport (the pinned PyPI `mpremote`, used as a library): one
# connection for a whole deploy or doctor run instead of one `mpremote`
# process per file. PORT is what `mpremote connect` takes: "auto", a device
# (/dev/ttyACM0, COM5), "id:SERIAL", or a pyserial URL such as
# socket://127.0.0.1:PORT (how the tests reach a unix MicroPython).
#
# Everything the board does runs as small scripts in its raw REPL
# (Ctrl-A): the board itself lists, hashes and renames its files, so what we
# compare with is what MicroPython reads back, not a copy.
import argparse
import base64
import time


class LinkError(Exception):
    pass


class _State:
    # The bit of mpremote's command-line state that do_connect uses.
    transport = None
    _auto_soft_reset = True

    def did_action(self):
        pass


def _connect(port):
    from mpremote import commands
    st = _State()
    try:
        commands.do_connect(st, argparse.Namespace(device=[port or "auto"]))
    except commands.CommandError as e:
        raise LinkError("cannot open %s: %s" % (port or "auto", e))
    return st.transport


def _quote(path):
    return repr(path)


class Link:
    def __init__(self, port, soft_reset=True):
        from mpremote.transport import TransportError
        self.port = port or "auto"
        self._b64 = None
        self._terr = TransportError
        self.t = _connect(self.port)
        try:
            # A soft reset first, as `mpremote` itself does by default: it
            # stops the running app and gives our scripts a clean heap (the
            # app leaves little free on an RP2040).
            self.t.enter_raw_repl(soft_reset=soft_reset)
        except (self._terr, OSError) as e:
            self.t.close()
            raise LinkError("%s does not answer like a MicroPython REPL (%s)" % (self.port, e))

    def run(self, script, timeout=20):
        # Run `script` on the board; -> what it printed (str). A traceback
        # on the board becomes a LinkError carrying the board's own words.
        try:
            out, err = self.t.exec_raw(script, timeout=timeout)
        except (self._terr, OSError) as e:
            raise LinkError("the board stopped answering on %s (%s)" % (self.port, e))
        if err:
            raise LinkError("the board said: %s" % err.decode("utf-8", "replace").strip())
        return out.decode("utf-8", "replace")

    def write_file(self, rel, data, chunk=3072, progress=None):
        # New bytes go to rel + ".tmp", then a rename: a cut cable leaves
        # either the old file or the new one (littlefs renames atomically),
        # never half of one under the real name. Chunks travel as base64
        # (4 characters per 3 bytes; a bytes repr of an .mpy is ~2.5x) and
        # are decoded by the board's binascii; a 3 KB chunk makes a 4 KB
        # script, small next to the heap a soft reset leaves free.
        tmp = rel + ".tmp"
        if self._b64 is None:
            self._b64 = "yes" in self.run("try:\n from binascii import a2b_base64 as d\n print('yes')\n"
                                          "except ImportError:\n print('no')")
        if not self._b64:
            chunk = 512
        # One script per chunk: the first opens the file, the last closes it
        # and renames it into place, so a small file is one round trip.
        opening = "f=open(%s,'wb')\nw=f.write\n" % _quote(tmp)
        # littlefs renames over an existing file in one step (lfs_rename);
        # FAT refuses, so there the old file goes first (a short window).
        closing = ("\nf.close()\nimport os\ntry:\n os.rename(%s,%s)\nexcept OSError:\n"
                   " os.remove(%s)\n os.rename(%s,%s)\ndel f,w"
                   % (_quote(tmp), _quote(rel), _quote(rel), _quote(tmp), _quote(rel)))
        done = 0
        while True:
            piece = data[done:done + chunk]
            if self._b64:
                body = "w(d(%r))" % base64.b64encode(piece).decode("ascii") if piece else ""
            else:
                body = "w(%r)" % (piece,) if piece else ""
            last = done + len(piece) >= len(data)
            self.run((opening if done == 0 else "") + body + (closing if last else ""))
            done += len(piece)
            if progress and piece:
                progress(len(piece))
            if last:
                break

    def restart(self, seconds=8.0, until=None):
        # Soft reboot from the friendly REPL (Ctrl-B, Ctrl-D): MicroPython
        # restarts with a fresh heap and runs boot.py and main.py, exactly
        # as after power-on, and we are still listening, so the first lines
        # the firmware prints are ours to read. (After machine.reset() the
        # USB port drops and those lines are lost.) Reads until `until(text)`
        # says enough, or `seconds` pass. -> the console text after the reboot.
        ser = self.t.serial
        try:
            self.t.exit_raw_repl()
            self._drain(0.3)
            ser.write(b"\x04")
            self.t.in_raw_repl = False
            text = b""
            end = time.monotonic() + seconds
            while time.monotonic() < end:
                n = ser.inWaiting()
                if n:
                    text += ser.read(n)
                    if until and until(_after_reboot(text)):
                        break
                else:
                    time.sleep(0.02)
        except (self._terr, OSError) as e:
            raise LinkError("lost %s while the board restarted (%s)" % (self.port, e))
        return _after_reboot(text)

    def _drain(self, seconds):
        end = time.monotonic() + seconds
        ser = self.t.serial
        while time.monotonic() < end:
            n = ser.inWaiting()
            if n:
                ser.read(n)
            else:
                time.sleep(0.02)

    def close(self, leave_raw=True):
        try:
            if leave_raw and self.t.in_raw_repl:
                self.t.exit_raw_repl()
            self.t.close()
        except OSError:
            pass

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()


def _after_reboot(raw):
    text = raw.decode("utf-8", "replace").replace("\r\n", "\n")
    at = text.find("soft reboot")
    if at >= 0:
        text = text[text.find("\n", at) + 1:] if "\n" in text[at:] else ""
    return text


def open_link(port, soft_reset=True):
    return Link(port, soft_reset)
