# Tunes as (frequency Hz, duration ms); 0 Hz is a rest. Distinct pitches and
# rhythms so "slap", "right" and "wrong" are told apart without looking.
TUNES = {
    "click": ((2000, 15),),
    "slap": ((1760, 60), (0, 20), (1760, 60)),
    "right": ((1047, 90), (1319, 90), (1568, 160)),
    "wrong": ((311, 220), (0, 40), (233, 320)),
    "error": ((220, 120),),
    "open": ((880, 80),),
    "tie": ((1319, 70), (1175, 70), (1319, 70), (1175, 70)),
    "win": ((784, 120), (988, 120), (1175, 120), (1568, 300)),
}
