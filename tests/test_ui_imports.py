"""Arrows go one way inside ui/ too (issue 12): no module imports, at the top
or inside a function, a module that imports it back, directly or round a
circle. A screen that must show its game's main screen asks the app
(app.open_game()), which goes through the registry in games.py."""
import ast
import os

UI = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "firmware", "menagerie", "ui")


def ui_imports():
    graph = {}
    for f in sorted(os.listdir(UI)):
        if not f.endswith(".py"):
            continue
        deps = set()
        for node in ast.walk(ast.parse(open(os.path.join(UI, f)).read())):
            if isinstance(node, ast.ImportFrom) and node.module:
                if node.module.startswith("menagerie.ui."):
                    deps.add(node.module.split(".")[2])
                elif node.module == "menagerie.ui":
                    deps.update(a.name for a in node.names)
            elif isinstance(node, ast.Import):
                deps.update(a.name.split(".")[2] for a in node.names if a.name.startswith("menagerie.ui."))
        graph[f[:-3]] = deps
    return graph


def find_cycle(graph):
    # Depth-first search with colours; -> a cycle as a list, or None.
    colour = {}
    stack = []

    def visit(n):
        colour[n] = 1
        stack.append(n)
        for d in sorted(graph.get(n, ())):
            if colour.get(d) == 1:
                return stack[stack.index(d):] + [d]
            if d not in colour:
                found = visit(d)
                if found:
                    return found
        stack.pop()
        colour[n] = 2
        return None

    for n in sorted(graph):
        if n not in colour:
            found = visit(n)
            if found:
                return found
    return None


def test_the_finder_sees_a_circle():
    assert find_cycle({"a": {"b"}, "b": {"c"}, "c": {"a"}}) == ["a", "b", "c", "a"]
    assert find_cycle({"a": {"b"}, "b": set()}) is None


# Animal Maniacs landed (branch maniacs) with ui/animal_maniacs.py as both
# its entry module and its screens' helper module (`U.names_of`...), so its
# family is a web of circles; it is left out here until it is untangled the
# same way (reported to the lead), and only it: every other module is held.
# (When Animals Attack's circle, when_animals_attack <-> _map, is gone: its
# screens are handed route()/menu(); it is held like every other family.)
KNOWN_TANGLED = ("animal_maniacs",)


def test_ui_has_no_import_circles():
    graph = ui_imports()
    assert "animal_inc" in graph and "bowl" in graph and "panicozoo" in graph
    held = dict((m, set(d for d in deps if not d.startswith(KNOWN_TANGLED)))
                for m, deps in graph.items() if not m.startswith(KNOWN_TANGLED))
    assert find_cycle(held) is None, " -> ".join(find_cycle(held))


def test_the_known_tangle_is_still_there():
    # When a family is untangled this fails: then drop it from KNOWN_TANGLED.
    graph = ui_imports()
    fam = dict((m, set(d for d in deps if d.startswith(KNOWN_TANGLED)))
               for m, deps in graph.items() if m.startswith(KNOWN_TANGLED))
    assert find_cycle(fam) is not None
    for family in KNOWN_TANGLED:
        own = dict((m, set(d for d in deps if d.startswith(family)))
                   for m, deps in graph.items() if m.startswith(family))
        assert find_cycle(own) is not None, family


def test_the_picker_goes_with_the_screens_that_show_it():
    # The value picker (ui/picker.py) is imported only by the setup
    # questions and the settings, and dropped with them (games.TRANSIENT):
    # it takes no RAM beside a game or a bowl, where the sessions peak.
    import sys

    from menagerie import games
    from sim.runner import Session, run_script

    users = sorted(m for m, deps in ui_imports().items() if "picker" in deps)
    assert users and "menagerie.ui.picker" in games.TRANSIENT
    assert [m for m in users if "menagerie.ui." + m not in games.TRANSIENT] == []
    s = Session("raspberry_pi_pico", seed=1)
    run_script(s, "DOWN 6\nOK\nOK\nscreen picker\n")          # Settings, Players
    assert "menagerie.ui.picker" in sys.modules
    run_script(s, "BACK\nBACK\nUP 3\nOK\nscreen pz_players\nOK\nOK\nOK\nscreen pz_ready\n")
    assert "menagerie.ui.picker" not in sys.modules            # Panicozoo's first round
