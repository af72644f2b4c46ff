import pytest

from kingalbert.app.saves import autosave_path, from_save, load_autosave, read_game, to_save, write_game
from kingalbert.engine import Game, PositionError
from kingalbert.engine.king_albert import KingAlbert


def played(seed=4, moves=12, undo=3):
    game = Game(KingAlbert(), seed, {"auto_finish": False})
    for i in range(moves):
        legal = list(game.legal_moves)
        game.play(legal[i % len(legal)])
    for _ in range(undo):
        game.undo()
    return game


def test_a_saved_game_comes_back_with_its_undo_and_redo_history(tmp_path):
    game = played()
    path = tmp_path / "game.json"
    write_game(game, path)
    back = read_game(path)
    assert back.to_position() == game.to_position()
    assert back.history == game.history
    assert back.options == game.options
    while game.redo():
        assert back.redo() and back.to_position() == game.to_position()
    assert back.redo() is None
    while game.undo():
        assert back.undo() and back.to_position() == game.to_position()
    assert back.undo() is None and back.to_position() == Game(KingAlbert(), 4).to_position()


def test_a_saved_game_is_a_position_plus_the_history(tmp_path):
    game = played(moves=3, undo=1)
    data = to_save(game)
    assert data["format"] == "kingalbert saved game" and data["game"] == "King Albert" and data["seed"] == 4
    assert data["moves"] == [str(m) for m in game.history] and len(data["undone"]) == 1
    assert Game.from_position(KingAlbert(), data).to_position() == game.to_position()


def test_a_tampered_saved_game_is_refused(tmp_path):
    data = to_save(played())
    data["moves"][0] = "t1>r1"
    with pytest.raises(PositionError, match="move 1"):
        from_save(KingAlbert(), data)
    data = to_save(played())
    data["piles"][-1]["cards"] = []
    with pytest.raises(PositionError, match="do not lead to the saved position"):
        from_save(KingAlbert(), data)


def test_a_history_entry_that_is_no_move_is_named_with_its_number(tmp_path):
    # (a play-test: {"move": 5} gave Python's TypeError; "undo" was "not an action", with
    # undo among the actions the message listed)
    for entry, says in (({"move": 5, "by": "demo"}, "is not an action"), ("undo", "undo and redo are no moves")):
        data = to_save(played(undo=0))
        data["moves"].append(entry)
        with pytest.raises(PositionError) as caught:
            from_save(KingAlbert(), data)
        number = len(data["moves"])
        assert f"move {number} (" in str(caught.value) and says in str(caught.value)


def test_autosave_round_trip_and_corrupt_autosave_is_kept():
    assert load_autosave() == (None, None)
    game = played()
    write_game(game, autosave_path(), make_folder=True)
    back, message = load_autosave()
    assert message is None and back.to_position() == game.to_position()
    autosave_path().write_text('{"format": "kingalbert saved game", "start": 5')
    back, message = load_autosave()
    assert back is None and "autosave.json:1" in message and "autosave.json.bad" in message
    assert not autosave_path().exists()
    assert autosave_path().with_name("autosave.json.bad").read_text().endswith('"start": 5')
