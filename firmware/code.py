# Menagerie entry point. CircuitPython compiles this file at every start, so
# it holds only the last-resort handlers: the start itself (board profile,
# hardware, app) is menagerie/start.py, which a build ships compiled. A crash
# is printed on the serial console and the code reloads after a pause rather
# than leaving a dead board.
import time

try:
    from menagerie.start import main

    main()
except ImportError as e:
    # A module is missing (a library deleted, a copy cut short): restarting
    # would fail again every few seconds. Say so on the screen and wait.
    print("Missing module:", e)
    try:
        import board
        import rescue
        from menagerie.start import load_profile

        rescue.show(load_profile(board.board_id), "Missing module:\n%s" % e)
    except ImportError:
        pass
    while True:
        time.sleep(60)
except Exception as e:  # keep the board alive: show why, then start over
    try:
        import traceback  # CircuitPython

        # MicroPython's stdlib stubs list `traceback` with CPython's
        # three-argument signature, but the rp2 port has no such module: it
        # takes the ImportError branch (tests/test_static_types_micropython.py
        # shows it under the real interpreter).
        traceback.print_exception(e)  # type: ignore[call-arg]
    except ImportError:
        import sys  # MicroPython

        # sys.print_exception is MicroPython's (its stubs have it); the
        # getattr keeps the CircuitPython check (circuitpython-stubs) quiet.
        getattr(sys, "print_exception")(e)
    time.sleep(5)
    try:
        import supervisor

        supervisor.reload()
    except ImportError:
        import machine

        machine.reset()
