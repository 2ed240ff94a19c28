# Menagerie firmware package. Layers: core (pure rules) <- ui <- app <- hw.
VERSION = "0.1.0"


def _collecting_imports():
    # On the board every module is compiled from source (or loaded) into the
    # heap, which is collected only when it is full: a module's long-lived
    # code then lands above the garbage of the compiles before it, and when
    # that garbage goes the heap is left in holes too small for the next big
    # block (the Animal Maniacs game once needed 186 KB on the harness with
    # 141 KB live). A collection before each new module's import keeps the
    # code packed at the bottom. CircuitPython has no gc.threshold but lets
    # builtins be overridden; the simulator (CPython) needs none of this.
    import sys

    if sys.implementation.name == "cpython":
        return
    try:
        import builtins
        import gc

        real = builtins.__import__
        modules = sys.modules
        # Built-in modules (json, gc, struct...) never enter sys.modules: an
        # "import json" in a function must not collect at every call.
        builtin = set()

        def imp(name, glo=None, loc=None, fromlist=None, level=0):
            # Fixed arguments, not *args: no tuple per import statement run
            # (some run in every save). "from pkg import mod" of a module
            # not loaded yet counts as new too.
            m = modules.get(name)
            if m is None:
                if name in builtin:
                    return real(name, glo, loc, fromlist, level)
                gc.collect()
                got = real(name, glo, loc, fromlist, level)
                if name not in modules:
                    builtin.add(name)
                return got
            if fromlist:
                for f in fromlist:
                    if not hasattr(m, f):
                        gc.collect()
                        break
            return real(name, glo, loc, fromlist, level)

        builtins.__import__ = imp
    except Exception:  # a port that cannot override builtins: imports as usual
        pass


_collecting_imports()
