# Shared by the host tool tests: a fake CIRCUITPY drive and an independent
# import check (it reads circuitpython-stubs itself rather than trusting the
# tool's own module list).
import ast
import os
import re

import board_definitions  # from circuitpython-stubs

BOOT_OUT = ("Adafruit CircuitPython {version} on 2024-11-20; {name}\n"
            "Board ID:{board}\nUID:E66038B7133A4C2F\n")


def fake_drive(path, board="raspberry_pi_pico", version="9.2.1", name=None):
    # name: boot_out's "<board> with <chip>", by default what CircuitPython
    # prints for that board (host_tools.boardinfo "boot").
    from host_tools.boardinfo import info
    os.makedirs(path, exist_ok=True)
    with open(os.path.join(path, "boot_out.txt"), "w") as f:
        f.write(BOOT_OUT.format(version=version, name=name or info(board)["boot"], board=board))
    return str(path)


def stub_modules(board_id):
    stub = os.path.join(list(board_definitions.__path__)[0], board_id, "__init__.pyi")
    with open(stub) as f:
        m = re.search(r"Included modules: (.*)", f.read())
    return {x.strip() for x in m.group(1).split(",") if "." not in x and "(" not in x}


def files_in(root):
    out = []
    for d, _, fs in os.walk(root):
        out += [os.path.relpath(os.path.join(d, f), root).replace(os.sep, "/") for f in fs]
    return sorted(out)


def provided(root, name):
    # What CircuitPython's importer would find on the drive ("" then lib/).
    rel = name.replace(".", "/")
    for base in ("", "lib/"):
        for cand in (rel + ".py", rel + ".mpy", rel + "/__init__.py", rel + "/__init__.mpy"):
            if os.path.exists(os.path.join(root, base + cand)):
                return True
    return False


def top_level_required_imports(path):
    # Imports outside any try statement: these must resolve, no excuses.
    with open(path) as f:
        tree = ast.parse(f.read())
    out = []

    def walk(node):
        for child in ast.iter_child_nodes(node):
            if isinstance(child, ast.Try):
                continue
            if isinstance(child, ast.Import):
                out.extend(a.name for a in child.names)
            elif isinstance(child, ast.ImportFrom) and child.level == 0:
                out.append(child.module)
            walk(child)
    walk(tree)
    return out
