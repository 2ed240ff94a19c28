# The browser page (make web) in headless Chromium: load time to the first
# frame on the canvas (from navigation start: fetching the page, MicroPython's
# WebAssembly, the firmware's sources, compiling and booting them), and the
# time of one loop turn that takes a button event (the firmware's key
# handling, drawing, flushing, and the canvas update). Figures, not checks;
# skipped with one line when Chromium or web/node_modules is missing.
import statistics
import tempfile

from tests import web_helpers as wh

PRESSES = 40


def main():
    why = wh.missing()
    if why:
        print("b_web skipped: " + why)
        return
    with tempfile.TemporaryDirectory() as d:
        site = wh.build(d)
        srv = wh.Server(site)
        try:
            steps = [{"op": "goto", "url": srv.url + "?board=pico&seed=1"},
                     {"op": "eval", "js": "window.menagerie.firstFrameMs"}]
            for _ in range(2):
                steps += [{"op": "reload"}, {"op": "eval", "js": "window.menagerie.firstFrameMs"}]
            steps.append({"op": "wait", "js": "window.menagerie.screen() === 'main_menu'"})
            for i in range(PRESSES):
                steps.append({"op": "press", "name": "DOWN" if (i // 4) % 2 == 0 else "UP"})
            steps.append({"op": "eval", "js": "window.menagerie.eventSteps"})
            res = wh.drive(steps, timeout=300)
        finally:
            srv.close()
    loads, events = res[:3], res[3]
    print("load to first frame, cold:        %7.0f ms" % loads[0])
    print("load to first frame, reloads:     %7.0f ms  %7.0f ms" % (loads[1], loads[2]))
    print("loop turn with a button event:    %7.2f ms median, %.2f ms max (%d presses: DOWN/UP in the main menu)" % (
        statistics.median(events), max(events), len(events)))
    print("(headless Chromium %s on this machine, shared CPU: relative figures)" % wh.CHROMIUM)


if __name__ == "__main__":
    main()
