# When Animals Attack for the table view's page: the island tile by tile
# (terrain, owner, animal, settlement or ruin), whose turn and the counts.
from menagerie.core import when_animals_attack_dump as W
from menagerie.core import when_animals_attack_roster as R
from menagerie.ui.names import names_of


def view(app, g):
    v = W.summary(g)
    v["names"] = names_of(app, g.n)
    v["w"] = g.w
    v["h"] = g.h
    # per tile, row by row; 255 = none (owner, animal), town 255 = a ruin
    v["ter"] = list(g.ter)
    v["own"] = list(g.own)
    v["unit"] = list(g.unit)
    v["town"] = list(g.town)
    v["animals"] = [a[R.NAME] for a in g.roster]
    v["terrain"] = list(R.TERRAINS)
    return v
