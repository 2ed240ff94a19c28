"""The browser page under test: build it, serve it, drive it in the system's
headless Chromium (web/drive.mjs, pinned playwright-core from npm). Shared
by tests/test_web_page.py and bench/b_web.py."""
import base64
import functools
import http.server
import json
import os
import shutil
import subprocess
import threading

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
WEB = os.path.join(ROOT, "web")
CHROMIUM = os.environ.get("CHROMIUM", "/usr/bin/chromium")
DRIVER = os.path.join(WEB, "node_modules", "playwright-core")


def missing():
    """Why the browser tests cannot run here, or None."""
    if not os.path.exists(CHROMIUM):
        return ("%s not found: `make test` installs it as root (apt-get install -y chromium "
                "chromium-driver), or install it yourself" % CHROMIUM)
    if not shutil.which("node"):
        return "node not found: install Node.js 20 and npm"
    if not os.path.isdir(DRIVER) or not os.path.isdir(
            os.path.join(WEB, "node_modules", "@micropython", "micropython-webassembly-pyscript")):
        return "web/node_modules missing: run `make web-deps` (npm ci in web/)"
    return None


def build(dest):
    import importlib.util

    spec = importlib.util.spec_from_file_location("web_build", os.path.join(WEB, "build.py"))
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod.build(dest)


class _Quiet(http.server.SimpleHTTPRequestHandler):
    def log_message(self, *a):
        pass


class Server:
    """A static file server on a free local port, in a thread."""

    def __init__(self, directory):
        handler = functools.partial(_Quiet, directory=directory)
        self.httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
        self.url = "http://127.0.0.1:%d/" % self.httpd.server_address[1]
        self.thread = threading.Thread(target=self.httpd.serve_forever, daemon=True)
        self.thread.start()

    def close(self):
        self.httpd.shutdown()
        self.httpd.server_close()


def drive(steps, timeout=120):
    """Run the steps (see web/drive.mjs) in a fresh browser; returns results."""
    p = subprocess.run(["node", os.path.join(WEB, "drive.mjs")], input=json.dumps(steps),
                       capture_output=True, text=True, timeout=timeout, cwd=WEB,
                       env=dict(os.environ, CHROMIUM=CHROMIUM))
    if p.returncode != 0:
        raise AssertionError("browser driver failed (%d):\n%s" % (p.returncode, p.stderr[-4000:]))
    return json.loads(p.stdout)["results"]


def canvas_rgb(result):
    """(width, height, RGB bytes) of a "canvas" step's result."""
    rgba = base64.b64decode(result["rgba"])
    rgb = bytearray()
    for i in range(0, len(rgba), 4):
        rgb += rgba[i:i + 3]
    return result["width"], result["height"], bytes(rgb)


def frame_from_canvas(result, height, scale=4):
    """The 0/1 pixel rows of the OLED, read back from the dots on the canvas."""
    w, h, rgb = canvas_rgb(result)
    m = 3 * scale
    rows = []
    for y in range(height):
        row = []
        for x in range(128):
            i = 3 * ((m + y * scale) * w + m + x * scale)
            row.append(1 if rgb[i:i + 3] == bytes((120, 200, 255)) else 0)
        rows.append(row)
    return rows


def pack_pages(rows):
    """0/1 rows -> the SSD1306's page bytes (128 per page, bit n = row 8p+n)."""
    out = bytearray()
    for p in range(len(rows) // 8):
        for x in range(128):
            v = 0
            for b in range(8):
                if rows[8 * p + b][x]:
                    v |= 1 << b
            out.append(v)
    return bytes(out)
