# store/drivemake.py (the save files deploy makes) under the real MicroPython interpreter with its own
# FatFs (oofatfs, the library CircuitPython builds): a 1 MB FAT12 image
# formatted by VfsFat.mkfs like CIRCUITPY, files copied on it (and some
# removed: holes), remounted (FatFs starts allocating afresh, as after a
# reboot), then make(). The image is checked on the host with sim/fatcheck:
# the save files must be isolated exactly as in the fatfs-ng model.
import os
import subprocess

import pytest

from sim import fatcheck

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
EXE = os.path.join(ROOT, ".venv", "bin", "micropython")

SCRIPT = r"""
import os
from menagerie.store import drivemake

class RAM:
    def __init__(s, n):
        s.d = bytearray(n * 512)
    def readblocks(s, b, buf):
        buf[:] = s.d[b * 512:b * 512 + len(buf)]
    def writeblocks(s, b, buf):
        s.d[b * 512:b * 512 + len(buf)] = buf
    def ioctl(s, op, arg):
        if op == 4:
            return len(s.d) // 512
        if op == 5:
            return 512
        return 0

bd = RAM(2048)
os.VfsFat.mkfs(bd)
os.mount(os.VfsFat(bd), "/ram")
for d in ("/ram/lib", "/ram/menagerie", "/ram/menagerie/core", "/ram/menagerie/ui"):
    os.mkdir(d)
n = 0
for d in ("/ram", "/ram/lib", "/ram/menagerie", "/ram/menagerie/core", "/ram/menagerie/ui"):
    for i in range(14):
        with open("%s/f%02d.py" % (d, i), "wb") as f:
            f.write(b"#" * (300 + 977 * ((i * 7 + n) % 11)))
        n += 1
if HOLES:
    for i in range(0, 14, 3):
        os.remove("/ram/menagerie/f%02d.py" % i)
        os.remove("/ram/lib/f%02d.py" % i)
os.umount("/ram")
os.mount(os.VfsFat(bd), "/ram")
print("made", drivemake.make(drivemake.MakeFS("/ram")))
print("again", drivemake.make(drivemake.MakeFS("/ram")))
print("listing", sorted(os.listdir("/ram/saves")))
os.umount("/ram")
with open(OUT, "wb") as f:
    f.write(bd.d)
"""


@pytest.mark.parametrize("holes", [False, True])
def test_drivefiles_on_micropython_oofatfs(tmp_path, holes):
    out = str(tmp_path / "drive.img")
    env = dict(os.environ, MICROPYPATH=os.path.join(ROOT, "firmware"))
    code = "HOLES = %r\nOUT = %r\n" % (holes, out) + SCRIPT
    p = subprocess.run([EXE, "-X", "heapsize=4M", "-c", code], env=env,
                       capture_output=True, text=True, timeout=120)
    assert p.returncode == 0, p.stdout + p.stderr
    assert "made [49152, 49152]" in p.stdout and "again [49152, 49152]" in p.stdout, p.stdout
    assert "listing ['guard.bin']" in p.stdout, p.stdout
    img = open(out, "rb").read()
    v = fatcheck.Volume(img)
    assert v.fat12 and v.cluster == 512
    problems = fatcheck.isolation_problems(img, ["/save_a/game.sav", "/save_b/game.sav"],
                                           ["/saves/guard.bin"])
    assert problems == []
