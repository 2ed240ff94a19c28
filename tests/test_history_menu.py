"""The history on the device: one line per game, newest first, telling
games apart without a clock (winner and winning score), abandoned games
marked; details with aligned scores; per-player statistics."""
from menagerie.core.season import player_stats, tenths
from menagerie.ui.history_menu import history_label, history_text, stats_text


def test_label_names_the_game_the_winner_and_the_score():
    e = {"game": "animal_inc", "players": ["Ana", "Ben", "Cyd"], "scores": [243, 190, 201], "winners": [0]}
    assert history_label(e) == "Animal Inc Ana 243"


def test_shared_victory_and_long_names_fit_one_line():
    e = {"game": "panicozoo", "players": ["Benjamin", "Cordelia"], "scores": [5, 5], "winners": [0, 1]}
    label = history_label(e)
    # the winning score whole, the shared win marked: "Benjami+" and others
    assert label == "Panicozoo Benjami+ 5"
    assert len(label) <= 20


def test_abandoned_game_is_marked():
    e = {"game": "animal_inc", "players": ["Ana", "Ben"], "scores": [210, 190], "winners": [0],
         "rounds": [[10, -10]], "abandoned": True}
    assert history_label(e) == "Animal Inc abandoned"
    assert history_text(e).split("\n")[0] == "Abandoned: 1 round"
    assert "*" not in history_text(e)


def test_details_align_the_scores():
    e = {"players": ["Ana", "Maximilian"], "scores": [243, 9], "winners": [0]}
    lines = history_text(e).split("\n")
    assert lines == ["*Ana              243", " Maximilian         9"]
    assert len(set(len(x) for x in lines)) == 1


def test_damaged_entry_still_gives_a_line():
    assert history_label({}).startswith("?")
    assert history_text({"players": ["A", "B"], "scores": [1], "winners": [1]}).split("\n")[1].startswith("*B")


HIST = [
    {"game": "animal_inc", "players": ["Ana", "Ben"], "scores": [230, 170], "winners": [0]},
    {"game": "animal_inc", "players": ["ben ", "ANA"], "scores": [205, 195], "winners": [0]},
    {"game": "animal_inc", "players": ["Ana", "Ben"], "scores": [208, 208], "winners": [0, 1]},
    {"game": "panicozoo", "players": ["Ana", "Cyd", "Ben"], "scores": [9, 3, 3], "winners": [0]},
    {"game": "animal_inc", "players": ["Ana", "Ben"], "scores": [300, 100], "winners": [0], "abandoned": True},
    "not a game",
]


def test_statistics_match_names_across_games_and_skip_abandoned_ones():
    st = player_stats(HIST)
    assert [p["name"] for p in st] == ["Ana", "Ben", "Cyd"]
    ana = st[0]
    assert ana["abandoned"] == 1
    ai = ana["games"][0]
    assert ai == {"game": "animal_inc", "played": 3, "wins": 2, "rate": 67, "best": 230, "avg10": 2110}
    assert ana["games"][1] == {"game": "panicozoo", "played": 1, "wins": 1, "rate": 100, "best": 9, "avg10": 90}
    ben = st[1]
    assert ben["name"] == "Ben"  # the newest spelling, trimmed
    assert ben["games"][0] == {"game": "animal_inc", "played": 3, "wins": 2, "rate": 67, "best": 208, "avg10": 1943}
    assert tenths(1943) == "194.3" and tenths(-15) == "-1.5"


def test_statistics_text_fits_the_screen():
    text = stats_text(player_stats(HIST)[0])
    assert text.split("\n")[:3] == ["Animal Inc: 3 games", " won 2 (67%)", " best 230, avg 211.0"]
    assert all(len(x) <= 21 for x in text.split("\n"))


class _CountingStore:
    # Stands in for Store: 200 kept games, counting what is parsed.
    def __init__(self, n=200):
        self.n = n
        self.reads = []

    def history_count(self):
        return self.n

    def history_entry(self, i):
        self.reads.append(i)
        if i == 3:
            raise ValueError("damaged entry")
        return {"game": "animal_inc", "players": ["Ana", "Ben"], "scores": [200 + i, 100],
                "winners": [0]}


class _App:
    def __init__(self, store):
        self.store = store
        self.pushed = []

    def push(self, screen):
        self.pushed.append(screen)


def test_history_reads_only_the_rows_it_shows_newest_first():
    from menagerie.ui.history_menu import HistoryMenu

    st = _CountingStore()
    m = HistoryMenu(_App(st))
    labels = m.labels()
    assert st.reads == [] and len(labels) == 201 and m.title == "History (200)"
    assert labels[0] == "Player statistics"
    assert labels[1] == "Animal Inc Ana 399"  # the newest game (199)
    assert labels[200] == "Animal Inc Ana 200"  # the oldest
    assert st.reads == [199, 0]
    labels[1]
    assert st.reads == [199, 0]  # a drawn row is not parsed again
    app = _App(st)
    m.pick(app, 200)
    assert app.pushed[0].title == "Game 1: Animal Inc"   # which game, not only its place


def test_statistics_stream_over_every_kept_game():
    from menagerie.ui.history_menu import HistoryMenu

    st = _CountingStore()
    app = _App(st)
    HistoryMenu(app).pick(app, 0)
    assert st.reads == list(range(200))  # each entry once, in order
    ana = app.pushed[0].stats[0]
    assert ana["name"] == "Ana" and ana["games"][0]["played"] == 199  # the damaged one skipped


def test_a_label_keeps_the_score_and_the_games_name_in_whole_words():
    # "When Anima Benjamin " (the score and half a word gone), "Animal Man
    # abandoned": a game's name longer than 10 is its last word instead
    def label(game, **kw):
        e = {"game": game, "players": ["Ana", "Benjamin"], "scores": [12, 206], "winners": [1]}
        e.update(kw)
        return history_label(e)

    assert label("when_animals_attack") == "Attack Benjamin 206"
    assert label("animal_maniacs") == "Maniacs Benjamin 206"
    assert label("animal_inc", winners=[0]) == "Animal Inc Ana 12"
    assert label("animal_maniacs", abandoned=True) == "Maniacs abandoned"
    assert label("when_animals_attack", abandoned=True) == "Attack abandoned"
    for g in ("when_animals_attack", "animal_maniacs", "panicozoo", "animal_inc"):
        assert len(label(g)) <= 20 and label(g).endswith(" 206")
