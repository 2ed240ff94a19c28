# What a tree of board code imports, and whether the board can satisfy it.
# An import inside `try:` with an `except ImportError` (or broader) handler
# is optional: the code has a fallback. Everything else is required.
import ast
import os

_CATCHERS = {"ImportError", "ModuleNotFoundError", "Exception", "BaseException"}

# Where CircuitPython and MicroPython look for modules on the drive.
SEARCH_DIRS = ("", "lib")


class Import:
    def __init__(self, name, required, where, line, names=(), fallback_for=()):
        self.name = name          # absolute module name; "pkg.*" = computed name
        self.required = required
        self.where = where        # tree-relative file
        self.line = line
        self.names = names        # `from name import a, b`
        # In an `except ImportError:` handler: only needed when one of these
        # (the imports its `try:` attempted) is missing.
        self.fallback_for = fallback_for

    def __repr__(self):
        kind = "required" if self.required else "optional"
        return "<%s %s at %s:%d>" % (kind, self.name, self.where, self.line)


def _catches_import_error(handler):
    t = handler.type
    if t is None:
        return True
    elts = t.elts if isinstance(t, ast.Tuple) else [t]
    return any(isinstance(e, ast.Name) and e.id in _CATCHERS for e in elts)


def _computed_name(arg):
    # __import__("a.b") -> "a.b"; __import__("boards." + board_id) -> "boards.*"
    if isinstance(arg, ast.Constant) and isinstance(arg.value, str):
        return arg.value
    if (isinstance(arg, ast.BinOp) and isinstance(arg.op, ast.Add)
            and isinstance(arg.left, ast.Constant) and isinstance(arg.left.value, str)):
        return arg.left.value + "*"
    return None


def module_name(relpath):
    # "lib/adafruit_bus_device/i2c_device.py" -> ("adafruit_bus_device.i2c_device", False)
    parts = relpath.replace(os.sep, "/").split("/")
    if parts[0] == "lib":
        parts = parts[1:]
    last = parts[-1].rsplit(".", 1)[0]
    if last == "__init__":
        return ".".join(parts[:-1]), True
    return ".".join(parts[:-1] + [last]), False


def scan_source(source, relpath):
    tree = ast.parse(source, filename=relpath)
    mod, is_pkg = module_name(relpath)
    package = mod if is_pkg else mod.rpartition(".")[0]
    found = []

    def visit(node, guarded, fallback=()):
        if isinstance(node, ast.Try):
            catches = any(_catches_import_error(h) for h in node.handlers)
            start = len(found)
            for n in node.body:
                visit(n, guarded or catches, fallback)
            tried = tuple(i.name for i in found[start:])
            for h in node.handlers:
                for n in h.body:
                    visit(n, guarded, tried if catches and tried else fallback)
            for n in node.orelse + node.finalbody:
                visit(n, guarded, fallback)
            return
        if isinstance(node, ast.Import):
            for a in node.names:
                found.append(Import(a.name, not guarded, relpath, node.lineno, (), fallback))
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                pkg = package.split(".") if package else []
                if node.level > 1:
                    pkg = pkg[:len(pkg) - (node.level - 1)]
                base = ".".join(pkg + ([base] if base else []))
            found.append(Import(base, not guarded, relpath, node.lineno,
                                tuple(a.name for a in node.names), fallback))
        elif (isinstance(node, ast.Call) and isinstance(node.func, ast.Name)
              and node.func.id == "__import__" and node.args):
            name = _computed_name(node.args[0])
            if name:
                found.append(Import(name, not guarded, relpath, node.lineno, (), fallback))
        if deep:
            children = ast.iter_child_nodes(node)
        else:
            # Imports are statements: skip expressions (big data tables)
            # unless the file calls __import__ somewhere.
            children = [c for f in ("body", "orelse", "finalbody", "handlers")
                        for c in getattr(node, f, ()) or ()]
        for child in children:
            visit(child, guarded, fallback)

    deep = "__import__" in source
    visit(tree, False)
    return found


def tree_modules(root):
    # Module names a tree provides (as .py or .mpy) -> tree-relative path.
    mods = {}
    for sub in SEARCH_DIRS:
        base = os.path.join(root, sub)
        if not os.path.isdir(base):
            continue
        for dirpath, dirnames, files in os.walk(base):
            rel_dir = os.path.relpath(dirpath, root)
            if sub == "" and rel_dir.split(os.sep)[0] == "lib":
                continue
            dirnames[:] = [d for d in dirnames if not d.startswith(".") and d != "__pycache__"]
            for f in files:
                if f.endswith((".py", ".mpy")):
                    rel = os.path.normpath(os.path.join(rel_dir, f)).replace(os.sep, "/")
                    name, _ = module_name(rel)
                    mods.setdefault(name, rel)
    return mods


_CACHE: dict = {}


def scan_tree(root):
    # Every import in every .py file of the tree.
    out = []
    for name, rel in sorted(tree_modules(root).items()):
        if rel.endswith(".py"):
            with open(os.path.join(root, rel), encoding="utf-8") as f:
                source = f.read()
            key = (rel, source)
            if key not in _CACHE:
                _CACHE[key] = scan_source(source, rel)
            out.extend(_CACHE[key])
    return out


def resolves(name, modules, builtins):
    if name.split(".")[0] in builtins:
        return True
    if name.endswith("*"):
        return any(m.startswith(name[:-1]) for m in modules)
    return name in modules


def unresolved(imports, modules, builtins):
    # Imports the board could not satisfy. A fallback import counts only if
    # what it stands in for is missing. (`from pkg import sub` needs pkg.sub
    # only when sub is a module; an attribute is the module's business.)
    missing = []
    for imp in imports:
        if resolves(imp.name, modules, builtins):
            continue
        if imp.fallback_for and all(resolves(n, modules, builtins) for n in imp.fallback_for):
            continue
        missing.append(imp)
    return missing
