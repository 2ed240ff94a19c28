"""--store PATH: the simulated flash regions as one file between runs."""
import os

from sim.hardware import make_regions


def _image(r):
    return r.to_bytes() if hasattr(r, "to_bytes") else bytes(r)


def load_regions(path):
    if not path or not os.path.exists(path):
        return make_regions()
    with open(path, "rb") as f:
        return make_regions(f.read())


def save_regions(path, regions):
    if not path:
        return
    data = b"".join(_image(r) for r in regions)
    tmp = path + ".tmp"
    with open(tmp, "wb") as f:
        f.write(data)
    os.replace(tmp, path)
