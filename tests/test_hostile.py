"""Hostile files and arguments: every command ends soon, with a message and exit 0-3, never a traceback."""
import json
import os
import subprocess
import sys
import time
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from kingalbert.app import catalogue
from kingalbert.cli import main
from kingalbert.desktop.dialogs import ErrorBox, GameBox, wrap
from kingalbert.engine.errors import RuleFileError
from kingalbert.loaders import MAX_NAME, load
from kingalbert.loaders.text import MAX_BYTES, decode, read_text
from tests.helpers.data import GAMES

needs_fifo = pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no FIFOs on this system")


def run(capsys, *argv):
    code = main(list(argv))
    out, err = capsys.readouterr()
    assert "Traceback" not in err
    return code, out, err


def run_process(*argv, env=None, timeout=30):
    """The real command in its own process (a hang is caught by the timeout)."""
    result = subprocess.run([sys.executable, "-m", "kingalbert", *argv], capture_output=True, text=True,
                            timeout=timeout, env={**os.environ, **(env or {})})
    assert "Traceback" not in result.stderr
    return result


# -- files that are not files ------------------------------------------------------------------
@needs_fifo
def test_a_fifo_as_a_rule_file_is_refused_without_waiting(tmp_path):
    fifo = tmp_path / "x.sol"
    os.mkfifo(fifo)
    result = run_process("check", str(fifo))
    assert result.returncode == 1 and f"{fifo}: is a FIFO (named pipe), not a file" in result.stdout
    unnamed = tmp_path / "pipe"
    os.mkfifo(unnamed)
    result = run_process("deal", str(unnamed))
    assert result.returncode == 1 and "FIFO" in result.stderr


@needs_fifo
def test_a_fifo_as_the_options_file_is_reported_and_the_defaults_used(tmp_path):
    config = tmp_path / "config"
    config.mkdir()
    os.mkfifo(config / "options")
    result = run_process("deal", "--seed", "1", env={"KINGALBERT_CONFIG_DIR": str(config)})
    assert result.returncode == 0 and json.loads(result.stdout)["seed"] == 1
    assert "FIFO" in result.stderr and "default options" in result.stderr


@needs_fifo
def test_the_games_menu_lists_no_fifo_and_survives_an_unreadable_folder(private_dirs, monkeypatch):
    rules = catalogue.own_rules_dir()
    rules.mkdir(parents=True)
    os.mkfifo(rules / "trap.sol")
    (rules / "mine.sol").write_text((GAMES / "sol" / "klondike.sol").read_text())
    (rules / "empty").mkdir()           # (a play-test: listed, and its choice said "without a game.ini")
    (rules / "yukon").mkdir()
    (rules / "yukon" / "game.ini").write_text((GAMES / "yazzle" / "Yukon" / "game.ini").read_text())
    mine, problem = catalogue.own_games()
    assert [path.name for path in mine] == ["mine.sol", "yukon"] and problem is None

    def refuse(self):
        raise PermissionError(13, "Permission denied", str(self))
    monkeypatch.setattr(Path, "iterdir", refuse)
    mine, problem = catalogue.own_games()
    assert mine == [] and "Permission denied" in problem


def test_devices_and_folders_are_not_rule_files(tmp_path, capsys):
    if Path("/dev/zero").exists():
        code, out, _ = run(capsys, "check", "/dev/zero")
        assert code == 1 and "/dev/zero: is a device, not a file" in out
    code, out, _ = run(capsys, "check", str(tmp_path))
    assert code == 1 and "is a folder without a game.ini" in out
    code, out, _ = run(capsys, "check", "")
    assert code == 1 and "no rule file given" in out


def test_a_rule_file_bigger_than_the_bound_is_refused(tmp_path):
    big = tmp_path / "big.sol"
    with open(big, "wb") as handle:
        handle.truncate(MAX_BYTES + 1)
    with pytest.raises(RuleFileError, match="too big"):
        read_text(big)


def test_sniffing_many_blank_lines_is_quick_and_refuses(tmp_path, capsys):
    blank = tmp_path / "blank"
    blank.write_text("\n" * 100_000)
    start = time.process_time()
    code, out, _ = run(capsys, "check", str(blank))
    assert code == 1 and "not a rule file of any format" in out
    # measured, not a benchmark: a quadratic sniffer took 85 s here
    assert time.process_time() - start < 10


# -- text encodings and messages ----------------------------------------------------------------
def test_utf16_and_utf32_rule_files_load(tmp_path):
    source = (GAMES / "sol" / "klondike.sol").read_text()
    for encoding in ("utf-16", "utf-16-le", "utf-16-be", "utf-32"):
        path = tmp_path / f"{encoding}.sol"
        path.write_bytes(source.encode(encoding))
        assert load(path).name == load(GAMES / "sol" / "klondike.sol").name, encoding
    assert decode("ABC".encode("utf-8-sig")) == "ABC"
    with pytest.raises(Exception, match="binary"):
        decode(b"\x00\x01\x02\x03\xff\xfe\x00")


def test_a_huge_game_name_is_cut_and_huge_values_are_not_echoed(tmp_path):
    text = (GAMES / "sol" / "klondike.sol").read_text()
    named = tmp_path / "named.sol"
    named.write_text(text.replace("name = Klondike", "name = " + "K" * 1_000_000, 1))
    ruleset = load(named)
    assert len(ruleset.name) == MAX_NAME and ruleset.name.endswith("\u2026")
    huge = tmp_path / "huge.sol"
    huge.write_text(text.replace("decks = 1", "decks = " + "9" * 1_000_000, 1))
    with pytest.raises(RuleFileError) as caught:
        load(huge)
    assert "far too large" in str(caught.value) and len(str(caught.value)) < 400


def test_a_number_too_large_says_so_with_its_range(tmp_path):
    folder = tmp_path / "Big"
    folder.mkdir()
    source = (GAMES / "yazzle" / "Klondike" / "game.ini").read_text()
    assert "\nDecks=1\n" in source
    (folder / "game.ini").write_text(source.replace("\nDecks=1\n", "\nDecks=1000000\n"))
    with pytest.raises(RuleFileError) as caught:
        load(folder)
    assert "from 1 to" in str(caught.value) and "not a whole number" not in str(caught.value)


# -- position files -------------------------------------------------------------------------------
@pytest.mark.parametrize("text,says", [
    ("[" * 100_000 + "]" * 100_000, "nested too deeply"),
    ('{"seed": ' + "9" * 5000 + "}", "not a JSON position (a number of thousands of digits)"),
    ('{"seed": 18446744073709551616}', "from 0 to 18446744073709551615"),
    ('{"piles": 5}', '"piles" must be a list'),
    ('{"piles": [{"name": ["t1"]}]}', 'each pile is an object with a "name"'),
    ("[1, 2]", "a position is a JSON object"),
])
def test_hostile_position_files_are_refused_with_a_message(tmp_path, capsys, text, says):
    path = tmp_path / "pos.json"
    path.write_text(text)
    code, out, err = run(capsys, "replay", "--position", str(path))
    assert code == 1 and out == "" and str(path) in err and says in err


def test_a_position_file_with_a_byte_order_mark_loads(tmp_path, capsys):
    path = tmp_path / "pos.json"
    path.write_bytes('{"piles": [{"name": "t1", "cards": ["KS"]}]}'.encode("utf-8-sig"))
    code, out, _ = run(capsys, "moves", "--position", str(path))
    assert code == 0 and "t1>t2" in out.split() and "t1>r1" not in out.split()


# -- arguments --------------------------------------------------------------------------------------
@pytest.mark.parametrize("argv", [
    ["bench", "--runs", "0"], ["bench", "--runs", "x"], ["deal", "--seed", "9" * 5000],
    ["deal", "--seed", str(2**64)], ["deal", "--seed", "-1"],
])
def test_bad_numbers_on_the_command_line_are_usage_errors(capsys, argv):
    with pytest.raises(SystemExit) as caught:
        main(argv)
    err = capsys.readouterr().err
    assert caught.value.code == 2 and "Traceback" not in err and len(err) < 1000


def test_shot_onto_a_folder_is_refused_with_a_message(tmp_path, capsys):
    code, _, err = run(capsys, "shot", "--seed", "1", "-o", str(tmp_path))
    assert code == 1 and f"{tmp_path}: is a folder, not a file" in err and tmp_path.is_dir()


# -- the desktop's boxes --------------------------------------------------------------------------
def test_wrapping_is_bounded_and_keeps_what_shows():
    assert wrap("the quick brown fox", 9) == ["the quick", "brown fox"]
    assert wrap("abcdefghij", 4) == ["abcd", "efgh", "ij"]
    assert wrap("one\ntwo", 10) == ["one", "two"]
    lines = wrap("word " * 10_000, 20, 5)
    assert len(lines) == 5 and lines[-1].endswith("\u2026") and all(len(line) <= 20 for line in lines)
    start = time.process_time()
    lines = wrap("x" * 3_000_000, 43, 14)
    assert len(lines) == 14 and lines[0] == "x" * 43
    assert time.process_time() - start < 5   # a quadratic wrap took 108 s here


def test_an_error_box_grows_for_a_long_reason_and_a_game_box_draws_only_buttons_that_fit():
    reason = "autosave.json: move 25 (f2>t8) does not replay: " + "the Ace of Clubs can only go on a red Two. " * 4
    box = ErrorBox("King Albert", reason)
    assert " ".join(box.lines).split() == reason.split() and 12 + 18 * len(box.lines) <= box.H
    many = GameBox("Wait", "text", [f"B{i}" for i in range(30_000)])
    rects = many.button_rects()
    shown = [i for i, rect in enumerate(rects) if rect is not None]
    assert shown and shown[-1] == 29_999 and len(shown) < 10
    assert all(many.rect.contains(rects[i]) for i in shown)


# -- every command, whatever it is given -----------------------------------------------------------
def hostile_files():
    """Kinds of file a command may be handed."""
    texts = st.one_of(
        st.text(max_size=200),
        st.builds(lambda n: "[" * n + "]" * n, st.integers(1, 50_000)),
        st.builds(lambda n: "\n" * n, st.integers(0, 50_000)),
        st.builds(lambda d: '{"seed": ' + "9" * d + "}", st.integers(1, 6000)),
        st.sampled_from(['{"piles": 5}', '{"piles": [{"name": 1}]}', '{"vars": []}', "[global]\nname=x",
                         "GAME X IS", "1 2\n", '{"format": "kingalbert saved game", "start": {}, "piles": 5}']),
    )
    return st.tuples(st.sampled_from(["x.sol", "x.pat", "x.cdl", "x.json", "x", "game.ini"]), texts,
                     st.sampled_from(["utf-8", "utf-16", "latin-1"]))


@settings(max_examples=100, deadline=None, suppress_health_check=list(HealthCheck), database=None)
@given(file=hostile_files(), command=st.sampled_from(["check", "deal", "moves", "replay", "solve", "shot", "position"]))
def test_every_command_ends_with_a_message_whatever_the_file(tmp_path_factory, file, command, capsys):
    name, text, encoding = file
    folder = tmp_path_factory.mktemp("hostile")
    path = folder / name
    path.write_bytes(text.encode(encoding, errors="replace"))
    argv = {"check": ["check", str(path)], "deal": ["deal", str(path)],
            "moves": ["moves", str(path), "--seed", "1"], "replay": ["replay", str(path), "--seed", "1", "undo"],
            "solve": ["solve", str(path), "--seed", "1", "--timeout", "0.2"],
            "shot": ["shot", str(path), "--seed", "1", "-o", str(folder / "x.png")],
            "position": ["replay", "--position", str(path)]}[command]
    start = time.monotonic()
    try:
        code = main(argv)
    except SystemExit as leave:
        code = leave.code
    err = capsys.readouterr().err
    assert code in (0, 1, 2, 3), (argv, err)
    assert "Traceback" not in err and "internal error" not in err, err
    assert time.monotonic() - start < 30, argv   # a hang, not a speed figure


# -- the desktop keeps the game whatever goes wrong -------------------------------------------------
def test_the_desktop_turns_an_unexpected_exception_into_a_box_and_keeps_the_game(monkeypatch):
    import pygame

    from kingalbert.desktop.desktop import Desktop
    from kingalbert.desktop.input import ADJUST
    from kingalbert.engine import Game
    from kingalbert.engine.king_albert import KingAlbert
    desktop = Desktop(Game(KingAlbert(), 1), autosave=False, thinking=False)
    desktop.open_display(scale=1)
    before = desktop.game.to_position()

    def broken(*args):
        raise ZeroDivisionError("a bug")
    monkeypatch.setattr(KingAlbert, "on_adjust", broken)
    view = desktop.board.views["t1"]
    pos = desktop.window.to_screen(view.x + 5, view.y + 8 * view.dy + 5)
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=ADJUST))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=ADJUST))
    desktop.pump()
    assert desktop.error is not None and "ZeroDivisionError: a bug" in " ".join(desktop.error.lines)
    assert desktop.game.to_position() == before and desktop.running
    pygame.display.quit()


@needs_fifo
def test_loading_a_fifo_on_the_desktop_opens_an_error_box(tmp_path):
    from kingalbert.desktop.desktop import Desktop
    from kingalbert.engine import Game
    from kingalbert.engine.king_albert import KingAlbert
    fifo = tmp_path / "trap.sol"
    os.mkfifo(fifo)
    desktop = Desktop(Game(KingAlbert(), 1), autosave=False, thinking=False)
    before = desktop.game.to_position()
    assert desktop.open_game(str(fifo)) is False
    assert "FIFO" in " ".join(desktop.error.lines) and desktop.game.to_position() == before


def test_an_options_file_past_its_bound_says_the_bound_in_kilobytes(tmp_path):
    # (a play-test: "is too big: more than 0 MB" for the options file's 64 KB)
    from kingalbert.app.options import load_options
    path = tmp_path / "options"
    path.write_text("#" * 70_000)
    assert "is too big: more than 64 KB" in load_options(path).problem


def test_a_name_or_a_value_of_any_length_comes_back_in_lines_of_at_most_300(capsys):
    # (a play-test: a pile name of 1,000 characters, a rule file's name of 100,000, came
    # back whole on one line, and a name too long for the system as Python's OSError)
    from kingalbert.cli import main
    for argv in (["moves", "--seed", "1", "t1>" + "z" * 1000], ["replay", "--seed", "1", "x" * 100_000],
                 ["check", "y" * 300], ["moves", "--seed", "1", "t1:" + "9" * 5000 + ">t2"]):
        code = main(argv)
        out, err = capsys.readouterr()
        said = (err + out).strip().split("\n")
        assert code != 0 and said and all(len(line) <= 300 for line in said), (argv[:2], [len(x) for x in said])
        assert "OSError" not in err + out and "Errno" not in err + out


def test_a_yazzle_folder_from_windows_with_its_game_ini_in_capitals_loads(tmp_path, capsys):
    # (a play-test: a folder holding GAME.INI or Game.ini was "a folder without a game.ini")
    import shutil

    from kingalbert.app.catalogue import GAMES_DIR, rule_file_place
    for name in ("GAME.INI", "Game.ini"):
        folder = tmp_path / name.replace(".", "_")
        folder.mkdir()
        shutil.copy(GAMES_DIR / "yazzle" / "Klondike" / "game.ini", folder / name)
        code, out, _ = run(capsys, "check", str(folder))
        assert code == 0 and out.startswith(f"ok {folder}: Klondike")
        assert rule_file_place(folder) == rule_file_place(folder / name)


def test_a_position_file_as_big_as_deal_may_write_loads(tmp_path, capsys):
    # (a fuzzer: `deal` of a rule file within its 16 MB wrote a 4.3 MB position, which
    # --position refused as "more than 4 MB": a file the program wrote must load again)
    assert main(["deal", "--seed", "4"]) == 0
    position = capsys.readouterr().out
    path = tmp_path / "big.json"
    path.write_text(position[:-2] + " " * (5 * 2**20) + position[-2:])
    assert main(["replay", "--position", str(path)]) == 0
    assert json.loads(capsys.readouterr().out)["seed"] == 4
