# The CircuitPython libraries that go into lib/, taken from the pinned PyPI
# packages installed with the project (nothing is downloaded here).
import importlib.metadata as md
import os
import re

# Pinned requirements that are board libraries, not host tools.
_LIB_PREFIX = "adafruit-circuitpython-"


class LibError(Exception):
    pass


def pinned():
    # {distribution name: pinned version} from the project's own metadata.
    out = {}
    for req in md.requires("menagerie") or []:
        if ";" in req:
            continue
        m = re.match(r"^([A-Za-z0-9_.\-]+)==([^\s;]+)$", req.strip())
        if m and m.group(1).lower().startswith(_LIB_PREFIX):
            out[m.group(1).lower()] = m.group(2)
    return out


def _top_module(path):
    # "adafruit_bus_device/i2c_device.py" -> "adafruit_bus_device"
    first = path.split("/")[0]
    return first[:-3] if first.endswith(".py") else first


def available():
    # {top-level module: (dist, version, [(relpath, abspath)])}; raises when
    # an installed version differs from its pin.
    out = {}
    for dist_name, want in sorted(pinned().items()):
        try:
            dist = md.distribution(dist_name)
        except md.PackageNotFoundError:
            raise LibError("%s==%s is not installed: run `make test` once or "
                           "`pip install -e .`" % (dist_name, want))
        if dist.version != want:
            raise LibError("%s %s is installed but the project pins %s" % (dist_name, dist.version, want))
        for f in dist.files or []:
            rel = str(f).replace(os.sep, "/")
            if not rel.endswith(".py") or ".dist-info/" in rel or "__pycache__" in rel:
                continue
            top = _top_module(rel)
            entry = out.setdefault(top, (dist_name, want, []))
            entry[2].append((rel, str(dist.locate_file(f))))
    return out


def modules_of(entry):
    # Module names a library entry provides.
    from host_tools.imports import module_name
    return [module_name(rel)[0] for rel, _ in entry[2]]


def shipped(rel, src):
    # The bytes `menagerie build` puts on the drive for a library file: a .py
    # without its docstrings and comments, the licence header kept
    # (host_tools/strip_comments.py strip_library); anything else as it is.
    with open(src, "rb") as f:
        data = f.read()
    if not rel.endswith(".py"):
        return data
    from host_tools.strip_comments import strip_library
    return strip_library(data.decode("utf-8")).encode("utf-8")
