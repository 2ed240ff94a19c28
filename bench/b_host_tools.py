# Host tools: tree size per board (raw and on a FAT drive), .mpy size, and
# how long build and the first/second deploy take. Figures only.
import io
import os
import tempfile
import time


def main():
    from host_tools import build as B, deploy
    from host_tools.boardinfo import info
    with tempfile.TemporaryDirectory() as tmp:
        for board in ("raspberry_pi_pico", "adafruit_feather_rp2040"):
            out = os.path.join(tmp, board)
            t0 = time.perf_counter()
            r = B.build(board, out)
            t1 = time.perf_counter()
            print("%-24s build %5.0f ms  %3d files  %7d B raw  %7d B on drive  %4.1f%% of %d KiB"
                  % (board, (t1 - t0) * 1000, len(r.files), r.size, r.disk,
                     100.0 * r.disk / info(board)["drive"], info(board)["drive"] // 1024))
        mpy = os.path.join(tmp, "mpy")
        t0 = time.perf_counter()
        r = B.build("raspberry_pi_pico", mpy, mpy=True)
        print("raspberry_pi_pico --mpy  build %5.0f ms  %7d B raw  %7d B on drive"
              % ((time.perf_counter() - t0) * 1000, r.size, r.disk))
        src = os.path.join(tmp, "raspberry_pi_pico")
        drive = os.path.join(tmp, "drive")
        os.makedirs(drive)
        users = set(B.user_data_files())
        for n in (1, 2):
            t0 = time.perf_counter()
            p = deploy.plan(src, drive, users)
            deploy.apply(p, src, drive, progress=deploy.Progress(p.bytes, io.StringIO()))
            print("deploy #%d to a local folder: %5.0f ms, %d files / %d B written"
                  % (n, (time.perf_counter() - t0) * 1000, len(p.copy), p.bytes))
