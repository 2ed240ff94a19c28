# A window of a preallocated file, used as a store region (the FAT save file
# on CIRCUITPY). Every write opens, writes in place and closes, so the
# filesystem flushes it before save() returns. The filesystem may erase and
# rewrite whole flash sectors around the bytes written, so the store never
# appends to a file region (appendable = False) and the file keeps 4 KB
# guard bands around each window (hw/regions.py).
import os


class FileRegion:
    appendable = False

    def __init__(self, path, offset, size):
        self.path = path
        self.offset = offset
        self.size = size

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
        with open(self.path, "rb") as f:
            f.seek(self.offset + a)
            return f.read(b - a)

    def __setitem__(self, k, data):
        a, b = self._span(k)
        if len(data) != b - a:
            raise ValueError("slice and data lengths differ")
        with open(self.path, "r+b") as f:
            f.seek(self.offset + a)
            f.write(data)
        try:
            os.sync()
        except (AttributeError, OSError):
            pass


def prepare(path, size):
    # Creates (or repairs a half-created) file of `size` erased bytes.
    try:
        if os.stat(path)[6] == size:
            return
    except OSError:
        pass
    chunk = b"\xff" * 512
    with open(path, "wb") as f:
        n = 0
        while n < size:
            f.write(chunk)
            n += 512
