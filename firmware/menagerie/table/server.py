# The table view's HTTP server: adafruit_httpserver over the guarded pool
# (table/guard.py). It answers GET on its own paths and nothing else: the
# page's three files from the drive, the live state and the history in
# chunks. No route changes anything (docs/table-view.md).
from adafruit_httpserver import GET, FileResponse, Response, Server

from menagerie.table import state
from menagerie.table.guard import BUDGET_MS, FILE_MS, Guard

# path -> (file in the page folder, content type)
FILES = {
    "/": ("index.html", "text/html; charset=utf-8"),
    "/table.js": ("table.js", "text/javascript; charset=utf-8"),
    "/table.css": ("table.css", "text/css; charset=utf-8"),
}
JSON = "application/json"


class TableServer:
    def __init__(self, app, net):
        self.app = app
        self.root = net.root
        # The budget runs on real time: the board's clock, or the
        # simulator's wall clock (its app clock is virtual).
        self.guard = Guard(net.pool, getattr(net, "clock", None) or app.hw.clock)
        srv = Server(self.guard, None)
        # A phone must ask again, never show an old state from its cache.
        srv.headers = {"Cache-Control": "no-store"}
        for path in FILES:
            srv.route(path, GET)(self.file)
        srv.route("/state.json", GET)(self.state)
        srv.route("/history.json", GET)(self.history)
        srv.start(net.host, net.port)
        self.srv = srv
        # Port 0 (the simulator's tests): the system picked a free one.
        self.port = net.port or srv._sock.getsockname()[1]
        self.version = 0
        self.fp = None
        self.cache = None
        self.errors = 0

    def stop(self):
        try:
            self.srv.stop()
        except Exception:
            pass

    def poll(self):
        # One request at most, within the guard's budget; never raises.
        # -> True when a phone was served (another may be waiting).
        g = self.guard
        try:
            self.srv.poll()
        except MemoryError:
            self.errors += 1
            self.cache = None
        except Exception:
            # A cut (too slow, too big), a malformed request, a reset: that
            # phone's page only.
            g.cuts += 1
        c = g.current
        if c is None:
            return False
        g.current = None
        c.close()
        return True

    # -- routes -------------------------------------------------------------
    def file(self, request):
        name, kind = FILES[request.path]
        # A few KB to send: more time than a state's answer, once per phone.
        request.connection.deadline += FILE_MS - BUDGET_MS
        # `menagerie build` ships the page gzipped (name.gz): a third of the
        # bytes on the drive and in the air.
        gz = name + ".gz"
        if state.exists(self.root + "/" + gz):
            return FileResponse(request, gz, root_path=self.root, content_type=kind,
                                headers={"Content-Encoding": "gzip"})
        return FileResponse(request, name, root_path=self.root, content_type=kind)

    def state(self, request):
        app = self.app
        fp = state.fingerprint(app)
        if fp != self.fp:
            if self.fp is not None and fp[1] != self.fp[1]:
                # Another game (or none): the view module goes, so the last
                # game's code is not kept alive beside the new one's.
                from menagerie import games

                games.drop(("menagerie.table.view_",))
            self.fp = fp
            self.version += 1
            self.cache = None
        v = self.version
        try:
            known = int(request.query_params.get("v") or -1)
        except ValueError:
            known = -1
        if known == v:
            body = '{"v":%d}' % v   # nothing new: the phone keeps its page
        else:
            if self.cache is None:
                self.cache = state.build(app, v)
            body = self.cache
        return Response(request, body, content_type=JSON)

    def history(self, request):
        try:
            first = int(request.query_params.get("from") or 0)
        except ValueError:
            first = 0
        return Response(request, state.history_chunk(self.app, first), content_type=JSON)
