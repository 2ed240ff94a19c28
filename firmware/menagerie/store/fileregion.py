# A window of a file on the CIRCUITPY drive, used as a store region. Every
# write opens the file, writes in place (never past its end: no cluster is
# allocated, the FAT is not written) and closes it, so FatFs writes the
# window's blocks and, on close, the file's directory entry, and flushes
# before save() returns. The flash layer may erase and rewrite the whole
# 4 KB sectors around those blocks, so the store never appends to a file
# region (appendable = False), and store/drivemake.py (run by menagerie
# deploy) lays the files out so that those sectors hold nothing but the
# file, its guards and its directory.
# writable = False: read only (the old layout's file, or a drive the code may
# not write); the store never picks it for a save.
import os


class FileRegion:
    appendable = False

    def __init__(self, path, offset, size, writable=True, fs=None):
        self.path = path
        self.offset = offset
        self.size = size
        self.writable = writable
        self.fs = fs  # None: the board's open/os; tests pass a drive model

    def _open(self, mode):
        if self.fs is not None:
            return self.fs.open(self.path, mode)
        return open(self.path, mode)

    def __len__(self):
        return self.size

    def _span(self, k):
        if not isinstance(k, slice) or k.step not in (None, 1):
            raise TypeError("file regions take plain slices")
        a = 0 if k.start is None else k.start
        b = self.size if k.stop is None else k.stop
        if a < 0 or b > self.size or a > b:
            raise IndexError("outside the region")
        return a, b

    def __getitem__(self, k):
        a, b = self._span(k)
        with self._open("rb") as f:
            f.seek(self.offset + a)
            return f.read(b - a)

    def write_many(self, parts):
        # (offset, bytes) pieces in one open/close: FatFs rewrites the
        # directory entry once, at the end (a base and its history entries).
        if not self.writable:
            raise OSError(30, "read-only region")
        with self._open("r+b") as f:
            for a, data in parts:
                if a < 0 or a + len(data) > self.size:
                    raise IndexError("outside the region")
                f.seek(self.offset + a)
                f.write(data)
        if self.fs is not None:
            self.fs.sync()
            return
        try:
            os.sync()
        except (AttributeError, OSError):
            pass

    def __setitem__(self, k, data):
        if not self.writable:
            raise OSError(30, "read-only region")
        a, b = self._span(k)
        if len(data) != b - a:
            raise ValueError("slice and data lengths differ")
        self.write_many(((a, data),))
