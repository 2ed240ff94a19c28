# What adafruit_httpserver looks up in ssl, for the harness's MicroPython:
# its poll() names SSLError on every error off CircuitPython, and the unix
# port's ssl has none. The table view never serves HTTPS.
CERT_NONE = 0


class SSLError(OSError):
    pass


class SSLContext:
    pass


class Purpose:
    CLIENT_AUTH = None


def create_default_context(*a, **kw):
    raise NotImplementedError("no HTTPS here")
