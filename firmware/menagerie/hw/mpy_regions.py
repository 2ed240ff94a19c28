# Save regions on MicroPython: machine has no nvm, so each region is a
# fixed-size file on the board's own filesystem, read and written in place.
#
# The rp2 port formats its flash with littlefs, which is copy-on-write: a
# file's bytes after a power cut are those of its last flush, never a mix.
# So one slice assignment (seek, write, flush) is all or nothing and leaves
# the other bytes alone, which is what the store's "appendable" regions
# promise (like nvm, but stronger). On a FAT filesystem that does not hold:
# build the region with appendable=False and the store rewrites whole
# entries into alternating regions instead.
import os

WINDOW = 8192          # bytes per region file, like the save-file windows on CircuitPython
_CHUNK = 512           # erase/create in pieces: no 8 KB temporary on the heap
_ERASED = b"\xff" * _CHUNK


class FileRegion:
    def __init__(self, path, size=WINDOW, appendable=True):
        self.path = path
        self.size = size
        self.appendable = appendable
        have = _file_size(path)
        if have != size:
            # New, or a size from another build: start blank (the store
            # reports "no save" rather than misreading a truncated file).
            with open(path, "wb") as f:
                _fill(f, size)
        # One handle kept open: reopening per read would cost a directory
        # lookup for every header the store scans.
        self._f = open(path, "r+b")

    def __len__(self):
        return self.size

    def __getitem__(self, k):
        if isinstance(k, slice):
            a, b, _ = k.indices(self.size)
            if b <= a:
                return b""
            self._f.seek(a)
            return self._f.read(b - a)
        if k < 0:
            k += self.size
        if not 0 <= k < self.size:
            raise IndexError("region index")
        self._f.seek(k)
        return self._f.read(1)[0]

    def __setitem__(self, k, data):
        if not isinstance(k, slice):
            raise TypeError("regions take slices")
        a, b, step = k.indices(self.size)
        if step != 1 or b - a != len(data):
            raise ValueError("slice and data lengths differ")
        self._f.seek(a)
        self._f.write(data)
        self._f.flush()   # littlefs commits here

    def erase(self):
        self._f.seek(0)
        _fill(self._f, self.size)
        self._f.flush()

    def close(self):
        self._f.close()


def _file_size(path):
    try:
        return os.stat(path)[6]
    except OSError:
        return -1


def _fill(f, size):
    left = size
    while left > 0:
        n = _CHUNK if left > _CHUNK else left
        f.write(_ERASED if n == _CHUNK else _ERASED[:n])
        left -= n


def file_regions(names, size=WINDOW, appendable=True):
    # One region per file name, in order (the host tools pull them by name).
    return [FileRegion(n, size, appendable) for n in names]
