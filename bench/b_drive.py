# The drive-level power-cut proof (tests/drive_cases.py): the store's
# sessions on a CIRCUITPY drive model (FatFs over the RP2040 flash layer,
# a deployed firmware tree), cut before, during (torn page or erase) and
# after every erase and page program of every write that reaches the drive;
# after each cut the drive must mount, every other file and directory must
# be byte-identical, the store must load the last confirmed save (or the
# one being written, when it was all on flash), and three saves made after
# the reboot (a small change, the session's next two) must each be what the
# next boot resumes. One line per session:
#   drive NAME: cuts N, files checked N, failures N
# torn_header: the writes where a base's header page reaches flash before
# its history (issue 22 item 1), every cut torn too.
# The old layout (one save file, issue 9) is run too, to show what the
# checker catches.
# Then the power-ups and deploys of issue 22 (tests/deploy_cases.py): the
# power-up after an update and the first boot after a deploy, cut at every
# flash step CircuitPython makes there (its boot_out.txt rewrite: none now);
# a first deploy cut at every flash step while it makes the save files, and
# a 12-module update over a saved game cut at every flash step, each state
# followed by a power-up, doctor, the next deploy and the repair it offers:
#   drive NAME: cuts N, files checked N, failures N, repaired N
import os
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
for p in (os.path.join(ROOT, "tests"), os.path.join(ROOT, "firmware"), ROOT):
    if p not in sys.path:
        sys.path.insert(0, p)

import deploy_cases as dcs  # noqa: E402
import drive_cases as dc  # noqa: E402
import store_cases as sc  # noqa: E402


def _shared_pad():
    from sim import fatcheck
    for pad in range(8):
        d = dc.deployed_drive()
        if pad:
            d.write_file("/pad.bin", b"p" * (512 * pad))
        dc.make_legacy(d)
        img = d.image()
        d.close()
        path = [p for p in fatcheck.Volume(img).walk() if p.upper().startswith("/SAVES/MENAGE")]
        if fatcheck.isolation_problems(img, path, guard=0):
            return pad
    return 0


def main():
    t = time.process_time()
    later = [0, 0]

    def show(name, c):
        later[0] += c["later"]
        later[1] += c["cuts"]
        print(dc.summary(name, c))
        return c

    for name in ("animal_inc", "panicozoo", "bowl", "season"):
        show(name, dc.prove(sc.CASES[name](), torn=True))
    show("season, drive with holes", dc.prove(sc.season(), torn=True, holes=True))
    show("long_attack", dc.prove(sc.long_attack(), drive_sample=lambda k: True))
    # The Pico W's ~508 KiB drive under its .py tree: deploy makes smaller
    # windows (store/layout.py SIZES, what the room allows), and the floor
    # (12 KB) once the tree grows; the same proof on both.
    for name, window in (("season", None), ("season", 12288), ("long_attack", 12288)):
        c = dc.prove(sc.CASES[name](), torn=name == "season", board=dc.PICO_W, window=window,
                     drive_sample=(lambda k: True) if name == "long_attack" else None)
        show("%s, Pico W .py drive (%d KB windows%s)" % (
            name, c["windows"][0] // 1024, ", the floor" if window else ", as deploy makes them"), c)
    # A deploy (save files made by the host), the first boot and the first
    # three drive writes of animal_inc, season and long_attack, torn.
    fb = show("first_boot", dc.first_boot(torn=True, writes=3))
    print("first boot: %d flash steps on the drive (the board never makes the save files)"
          % fb["boot_steps"])
    # Issue 22 item 1: a filed season whose game's journal fills nvm; the
    # bases then written into a file window, cut at every step, torn too.
    ops, at = sc.journal_full_bases()
    th = show("torn_header", dc.prove(ops, torn=True, sample=lambda i: i in at))
    print("torn_header: %d cuts left a base's header on flash without its history (the "
          "last save resumed, the chain past it not reused)" % th["torn_headers"])
    print("later saves: %d of %d cuts above, the 3 saves after the reboot each resumed at the "
          "next boot" % tuple(later))
    # Where /saves' cluster falls in its 4 KB sector moves with the tree's
    # size: the first placement (of 8) where it shares a sector, as a person
    # would meet it.
    pad = _shared_pad()
    old = dc.prove(sc.season(), legacy=True, torn=True, pad=pad)
    print("old layout (saves/menagerie.sav), season, %d blocks moved: cuts %d, cuts that harmed "
          "another file %d" % (pad, old["cuts"], old["damage"]))
    print("drive proof CPU time %.1f s" % (time.process_time() - t))
    deploys()


def deploys():
    from sim.drive import firmware_tree
    t = time.process_time()
    steps = []
    for name, make in (("power-up after an update", dcs.after_update),
                       ("first boot after a deploy", dcs.after_first_deploy)):
        snap, src = make()
        c = dcs.power_up_sweep(snap, src)
        print(dcs.summary(name, c))
        steps.append(c["steps"])
    # What the checker sees when CircuitPython does rewrite boot_out.txt (its
    # text differing, as the old boot.py's line did at every update).
    b = dcs.deployed_board()
    b.d.mount()
    b.d.write_file("/boot_out.txt", b.d.read_file("/boot_out.txt").replace(
        b"ready", b"usb-write (button held)"))
    snap = b.snapshot()
    b.close()
    old = dcs.power_up_sweep(snap, firmware_tree())
    print("power-ups: %d and %d flash steps of CircuitPython's own (boot_out.txt already holds its "
          "text); with a boot_out.txt that differs: %d flash steps, cuts %d, failures %d"
          % (steps[0], steps[1], old["steps"], old["cuts"], len(old["failures"])))
    b = dcs.Board()
    snap = b.snapshot()
    b.close()
    c = dcs.sweep(snap, firmware_tree(), phase="saves")
    print(dcs.summary("deploy making save files", c))
    b = dcs.deployed_board()
    snap = b.snapshot()
    b.close()
    u = dcs.sweep(snap, dcs.update_tree())
    print(dcs.summary("update yanked at every flush", u))
    print("deploy sweeps: %d and %d flash steps, %d and %d distinct drives checked, %d and %d "
          "mended by the next deploy alone; CPU time %.0f s"
          % (c["steps"], u["steps"], c["states"], u["states"], c["ok"], u["ok"],
             time.process_time() - t))


if __name__ == "__main__":
    main()
