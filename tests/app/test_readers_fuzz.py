"""The saved-game and statistics readers take anything: any JSON, any types, any depth,
any size.  A file is either read or refused with a message; nothing else escapes."""
import json

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from kingalbert.app.saves import FORMAT, load_autosave, read_game, to_save
from kingalbert.app.stats import Statistics
from kingalbert.engine import Game, SolitaireError
from kingalbert.engine.king_albert import KingAlbert

SETTINGS = settings(max_examples=150, deadline=None, database=None, suppress_health_check=list(HealthCheck))

scalars = st.one_of(st.none(), st.booleans(), st.integers(-2**70, 2**70), st.floats(allow_nan=False),
                    st.text(max_size=12))
json_values = st.recursive(scalars, lambda inner: st.one_of(st.lists(inner, max_size=4),
                                                            st.dictionaries(st.text(max_size=8), inner, max_size=4)),
                           max_leaves=20)


def a_real_save():
    game = Game(KingAlbert(), 3, {"auto_finish": False})
    for _ in range(4):
        game.play(next(iter(game.legal_moves)))
    game.undo()
    return to_save(game)


REAL = a_real_save()


@st.composite
def damaged_saves(draw):
    """A real saved game with some fields replaced by anything."""
    save = json.loads(json.dumps(REAL))
    for key in draw(st.lists(st.sampled_from(sorted(save) + ["extra"]), max_size=4, unique=True)):
        save[key] = draw(json_values)
    if draw(st.booleans()) and isinstance(save.get("start"), dict):
        save["start"][draw(st.sampled_from(["piles", "vars", "rng"]))] = draw(json_values)
    if draw(st.booleans()) and isinstance(save.get("moves"), list) and save["moves"]:
        # an entry of version 2: a move by Demo, an option action, a box's button, or anything
        entry = draw(st.one_of(st.just({"move": "t1>t2", "by": "demo"}),
                               st.sampled_from(["option:auto-stack=on", "option:mode=hard", "option:x",
                                                "button:1=emptyb@a", "button:0", "button:x=y@z"]),
                               st.dictionaries(st.sampled_from(["move", "by", "change"]), json_values, max_size=3)))
        save["moves"][draw(st.integers(0, len(save["moves"]) - 1))] = entry
    if draw(st.booleans()):
        save["format"] = FORMAT
    return json.dumps(save)


texts = st.one_of(
    damaged_saves(),
    st.builds(json.dumps, json_values),
    st.builds(lambda n, c: c * n + "]" * n, st.integers(1, 100_000), st.sampled_from(["[", '{"a":'])),
    st.builds(lambda d: '{"format": "kingalbert saved game", "seed": ' + "7" * d + "}", st.integers(1, 9000)),
    st.text(max_size=300),
)


@SETTINGS
@given(text=texts)
def test_a_saved_game_file_is_read_or_refused_with_a_message(tmp_path_factory, text):
    path = tmp_path_factory.mktemp("save") / "game.json"
    path.write_text(text)
    try:
        game = read_game(path)
    except SolitaireError as error:
        assert str(path) in str(error)
    else:
        assert isinstance(game, Game)


@SETTINGS
@given(text=texts)
def test_a_bad_autosave_is_set_aside_with_a_reason(private_dirs, tmp_path_factory, text):
    path = tmp_path_factory.mktemp("autosave") / "autosave.json"
    path.write_text(text)
    game, problem = load_autosave(path)
    assert (game is None) == (problem is not None)
    if problem:
        assert str(path) in problem and not path.exists() and path.with_name("autosave.json.bad").exists()


stats_texts = st.one_of(
    st.builds(json.dumps, st.dictionaries(st.text(max_size=8), json_values, max_size=5)),
    st.builds(json.dumps, json_values),
    st.builds(lambda n: "[" * n + "]" * n, st.integers(1, 100_000)),
    st.builds(lambda d: '{"k": {"played": ' + "9" * d + ', "won": 0}}', st.integers(1, 9000)),
    st.text(max_size=200),
)


@SETTINGS
@given(text=stats_texts)
def test_a_statistics_file_is_read_or_set_aside(tmp_path_factory, text):
    path = tmp_path_factory.mktemp("stats") / "statistics.json"
    path.write_text(text)
    statistics = Statistics(path)
    if statistics.problem:
        assert str(path) in statistics.problem and path.with_name("statistics.json.bad").exists()
        assert statistics.games == {}
    for key, entry in statistics.games.items():
        played, won = statistics.get(key)
        assert isinstance(played, int) and isinstance(won, int) and isinstance(entry["name"], str)
    statistics.record("builtin:king-albert", "King Albert", played=1)
    assert Statistics(path).get("builtin:king-albert")[0] >= 1


def test_a_bad_option_in_a_saved_game_is_named(tmp_path):
    save = json.loads(json.dumps(REAL))
    save["options"]["auto_finish"] = "sometimes"
    path = tmp_path / "game.json"
    path.write_text(json.dumps(save))
    with pytest.raises(SolitaireError, match="auto_finish must be true or false"):
        read_game(path)
