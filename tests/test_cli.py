import json
import os
import subprocess
import sys

import pytest

from kingalbert.cli import main


def run(capsys, *argv):
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_deal_prints_the_opening_position(capsys):
    code, out, err = run(capsys, "deal", "--seed", "1")
    position = json.loads(out)
    assert code == 0 and err == ""
    assert position["game"] == "King Albert" and position["seed"] == 1 and position["status"] == "playing"
    names = [pile["name"] for pile in position["piles"]]
    assert names[:4] == ["f1", "f2", "f3", "f4"] and names[-1] == "t9"
    assert sum(len(pile["cards"]) for pile in position["piles"]) == 52


def test_replay_applies_actions(capsys):
    code, out, _ = run(capsys, "replay", "--seed", "1", "r4>t4", "undo", "redo")
    position = json.loads(out)
    piles = {pile["name"]: pile["cards"] for pile in position["piles"]}
    assert code == 0 and piles["t4"][-1] == "3H" and piles["r4"] == [] and position["moves"] == ["r4>t4"]


def test_replay_stops_at_a_refused_action(capsys):
    code, out, err = run(capsys, "replay", "--seed", "1", "r4>t4", "t1>t5", "t5>f1")
    position = json.loads(out)
    assert code == 3
    assert position["moves"] == ["r4>t4"]
    assert "t1>t5: The Nine of Spades can only go on a red Ten" in err


def test_replay_undo_at_the_deal_is_refused(capsys):
    code, out, err = run(capsys, "replay", "--seed", "1", "undo")
    assert code == 3 and "nothing to undo" in err and json.loads(out)["moves"] == []


def test_replay_option_flags(capsys, tmp_path):
    # (every card's lower ones of its suit there: Auto finish can put the rest up)
    position = {"game": "King Albert", "piles": [{"name": "t1", "cards": ["3S", "AC"]}, {"name": "t2", "cards": ["2H"]},
                                                   {"name": "f1", "cards": ["AH"]}, {"name": "f4", "cards": ["AS", "2S"]}]}
    path = tmp_path / "pos.json"
    path.write_text(json.dumps(position))
    code, _, _ = run(capsys, "replay", "--position", str(path), "--auto-stack", "off", "t2>t1")
    assert code == 3
    code, out, _ = run(capsys, "replay", "--position", str(path), "--auto-stack", "on", "--auto-finish", "off", "t2>t1")
    piles = {pile["name"]: pile["cards"] for pile in json.loads(out)["piles"]}
    assert code == 0 and piles["t1"] == ["3S", "2H"] and piles["f2"] == ["AC"]
    code, out, _ = run(capsys, "replay", "--position", str(path), "--auto-stack", "on", "t2>t1")
    assert code == 0 and json.loads(out)["status"] == "won"


def test_moves_lists_legal_actions(capsys):
    code, out, _ = run(capsys, "moves", "--seed", "1")
    assert code == 0
    assert out.split() == ["r4>t4", "r4>t9", "r5>t7", "t1>t3", "t5>f1", "t7>t4", "t7>t9", "t8>f2"]
    code, out, _ = run(capsys, "moves", "--seed", "1", "t5>f1")
    assert code == 0 and "t5>f1" not in out.split() and "f1>t4" not in out.split()


def test_bad_action_syntax_and_unknown_pile(capsys):
    code, _, err = run(capsys, "replay", "--seed", "1", "t1>zz")
    assert code == 2 and "no pile named 'zz'" in err


def test_bad_position_file(capsys, tmp_path):
    path = tmp_path / "pos.json"
    path.write_text('{"piles": [\n{"name": "t1", "cards": ["AC",]}]}')
    code, out, err = run(capsys, "deal", "--seed", "1")
    assert code == 0
    code, out, err = run(capsys, "replay", "--position", str(path))
    assert code == 1 and out == "" and f"{path}:2" in err and "Traceback" not in err


def test_check_reports_each_file(capsys, tmp_path):
    binary = tmp_path / "game.bin"
    binary.write_bytes(b"\x00\x01\x02")
    text = tmp_path / "notes.txt"
    text.write_text("hello\n")
    code, out, err = run(capsys, "check", str(binary), str(text), str(tmp_path / "missing.sol"))
    lines = out.splitlines()
    assert code == 1 and len(lines) == 3
    assert lines[0] == f"error {binary}: is a binary file, not a rule file"
    assert lines[1].startswith(f"error {text}: is not a rule file")
    # (no line for a file that isn't there: it said ":1:")
    assert lines[2] == f"error {tmp_path / 'missing.sol'}: no such file"


def test_a_saved_game_given_as_the_rule_file_says_how_to_start_from_it(capsys, tmp_path):
    saved = tmp_path / "game.json"
    assert run(capsys, "replay", "--seed", "3", "r4>t4", "--save", str(saved))[0] == 0
    for command in (["check"], ["deal"], ["moves"], ["replay"], ["solve"], ["shot", "-o", str(tmp_path / "x.png")]):
        code, out, err = run(capsys, *command, str(saved))
        assert code == 1 and f"{saved}: is a saved game, not a rule file: kingalbert replay --load FILE" in out + err
    code, out, err = run(capsys, "moves", "--load", str(saved))
    assert code == 0 and out.split()[:1] != []


def test_options_defaults_save_and_corrupt(capsys, private_dirs):
    config = private_dirs / "config" / "options"
    code, out, _ = run(capsys, "options")
    assert code == 0 and out.splitlines() == ["auto finish = on", "auto stack = off", "winnable indicator = on",
                                              "only winnable deals = off", f"# file: {config}"]
    assert not config.exists()
    # what it prints is an options file: written as one, it sets what it says
    config.parent.mkdir(parents=True, exist_ok=True)
    config.write_text(out.replace("only winnable deals = off", "only winnable deals = on"))
    code, again, err = run(capsys, "options")
    assert err == "" and again == out.replace("only winnable deals = off", "only winnable deals = on")
    config.unlink()
    code, out, err = run(capsys, "options", "--auto-stack", "on", "--auto-finish", "off", "--save")
    assert code == 0 and "saved" in err and config.exists()
    code, out, _ = run(capsys, "options")
    assert out.splitlines()[:2] == ["auto finish = off", "auto stack = on"]
    config.write_text("auto stack = sometimes\n")
    code, out, err = run(capsys, "options")
    assert out.splitlines()[:2] == ["auto finish = on", "auto stack = off"]
    assert f"{config}:1: auto stack must be on or off" in err
    assert config.read_text() == "auto stack = sometimes\n"  # kept as it was
    code, out, err = run(capsys, "options", "--auto-stack", "on", "--save")
    assert (config.parent / "options.bad").read_text() == "auto stack = sometimes\n"
    assert "options.bad" in err and "auto stack = on" in config.read_text()


def test_an_option_set_twice_in_the_file_is_named_with_both_lines(capsys, private_dirs):
    # (a play-test: the last of the two won, silently)
    config = private_dirs / "config" / "options"
    config.parent.mkdir(parents=True, exist_ok=True)
    config.write_text("auto_finish = off\n# a comment\nAuto Finish = on\n")
    code, out, err = run(capsys, "options")
    assert f"{config}:3: auto finish is set again (line 1 set it)" in err
    assert out.splitlines()[0] == "auto finish = on", "the defaults, the file kept"
    assert config.read_text() == "auto_finish = off\n# a comment\nAuto Finish = on\n"


def test_saved_options_apply_to_games(capsys, tmp_path):
    run(capsys, "options", "--auto-stack", "on", "--save")
    position = {"piles": [{"name": "t1", "cards": ["7S", "AC"]}, {"name": "t2", "cards": ["6H"]}, {"name": "t3", "cards": ["KD"]}]}
    path = tmp_path / "pos.json"
    path.write_text(json.dumps(position))
    code, _, _ = run(capsys, "replay", "--position", str(path), "--auto-finish", "off", "t2>t1")
    assert code == 0


def test_python_dash_m_and_usage_errors():
    done = subprocess.run([sys.executable, "-m", "kingalbert", "moves", "--seed", "2"], capture_output=True, text=True)
    assert done.returncode == 0 and ">" in done.stdout and done.stderr == ""
    done = subprocess.run([sys.executable, "-m", "kingalbert", "deal", "--seed", "-4"], capture_output=True, text=True)
    assert done.returncode == 2 and "seed" in done.stderr and "Traceback" not in done.stderr


def test_solve_prints_a_solution_that_replays_to_a_win(capsys, tmp_path):
    position = {"piles": [{"name": "f1", "cards": ["AH", "2H", "3H", "4H", "5H", "6H", "7H", "8H", "9H", "TH"]},
                          {"name": "t1", "cards": ["KH", "5C"]}, {"name": "t2", "cards": ["QH", "4C"]},
                          {"name": "t3", "cards": ["JH"]}, {"name": "r1", "cards": ["AC"]},
                          {"name": "r2", "cards": ["2C"]}, {"name": "r3", "cards": ["3C"]}]}
    path = tmp_path / "pos.json"
    path.write_text(json.dumps(position))
    code, out, _ = run(capsys, "solve", "--position", str(path), "--timeout", "20")
    lines = out.splitlines()
    assert code == 0 and lines[0] == "winnable"
    actions = lines[1].split()
    code, out, _ = run(capsys, "replay", "--position", str(path), "--auto-finish", "off", "--auto-stack", "off", *actions)
    assert code == 0 and json.loads(out)["status"] == "won"


def test_solve_proves_a_dead_position_unwinnable(capsys, tmp_path):
    position = {"piles": [{"name": f"t{i + 1}", "cards": cards.split()} for i, cards in enumerate(
        ["KH 9C", "KD 9S", "QH 8C", "QD 8S", "JH 7C", "JD 7S", "TH 6C", "TD 6S", "9H 5C"])]}
    path = tmp_path / "pos.json"
    path.write_text(json.dumps(position))
    code, out, _ = run(capsys, "solve", "--position", str(path))
    assert code == 0 and out.split() == ["unwinnable"]


def test_solve_seeds_counts_the_verdicts(capsys):
    code, out, _ = run(capsys, "solve", "--seeds", "3-4", "--timeout", "2")
    lines = out.splitlines()
    assert code == 0 and len(lines) == 3
    assert lines[0].startswith("3 winnable ")
    assert lines[1].split()[0] == "4" and lines[1].split()[1] in ("winnable", "unwinnable", "unknown")
    assert lines[2].startswith("decided ") and " of 2 within 2 s each (winnable " in lines[2]
    with pytest.raises(SystemExit):
        run(capsys, "solve", "--seeds", "5-2")


@pytest.mark.parametrize("limit", ["nan", "-1", "-0.5", "inf", "ten"])
def test_solve_refuses_a_time_limit_that_is_no_limit(capsys, limit):
    with pytest.raises(SystemExit) as stop:
        run(capsys, "solve", "--seed", "1", "--timeout", limit)
    assert stop.value.code == 2
    assert "--timeout: a time limit is a number of seconds" in capsys.readouterr().err


@pytest.mark.slow   # it starts the program (and an X server) to measure it idle
def test_bench_json_reports_every_figure(capsys):
    code, out, err = run(capsys, "bench", "--json", "--runs", "1")
    assert code == 0, err
    figures = json.loads(out)
    for key in ("sprites_ms", "frame_ms", "drag_frame_ms", "deal_ms", "moves_per_s", "startup_ms", "startup_bare_ms"):
        assert figures[key] > 0, key
    assert set(figures["load_ms"]) == {"sol", "pat", "ini", "cdl"}
    assert all(value > 0 for value in figures["load_ms"].values())
    assert abs(figures["startup_ratio"] - figures["startup_ms"] / figures["startup_bare_ms"]) < 0.02
    if sys.platform.startswith("linux"):
        assert figures["idle_display"] in ("x11", "dummy") and figures["idle_cpu_percent"] >= 0
        assert figures["idle_wakeups_per_s"] >= 0
    formats = {"king_albert", "sol", "pat", "yazzle", "cdl"}
    assert set(figures["solver_states_per_s"]) == formats and all(figures["solver_states_per_s"].values())
    assert set(figures["indicator_cpu_s_per_move"]) == formats
    assert all(value >= 0 for value in figures["indicator_cpu_s_per_move"].values())


def test_bench_can_measure_the_indicator_in_every_bundled_game():
    from kingalbert.app.catalogue import bundled_games
    from kingalbert.bench import solver as bench_solver
    games = bench_solver.every_game()
    assert len(games) == 1 + sum(len(paths) for paths in bundled_games().values())
    freecells = [game for game in games if "freecell" in game[0].lower()]
    costs = bench_solver.indicator_cost(moves=3, games=freecells)
    assert set(costs) == {name for name, _ in freecells} and all(value >= 0 for value in costs.values())


def test_start_up_imports_only_what_the_game_needs(tmp_path):
    """A built-in game's start (``shot``, as ``bench`` times it) imports no rule-file loader, nor
    the search (only the solver's process searches) and its process's multiprocessing, nor the
    idle loop's ctypes and socket: those are imported where they are used (each cost start-up
    a few milliseconds)."""
    script = ("import sys\nfrom kingalbert.cli import main\n"
              f"main(['shot', '--seed', '1', '-o', {str(tmp_path / 'x.png')!r}])\n"
              "print(' '.join(sorted(sys.modules)))\n")
    env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "PYGAME_HIDE_SUPPORT_PROMPT": "1"}
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, env=env, timeout=120)
    assert done.returncode == 0, done.stderr
    loaded = set(done.stdout.split())
    assert "kingalbert.desktop.desktop" in loaded and (tmp_path / "x.png").exists()
    heavy = {"multiprocessing", "ctypes", "socket", "kingalbert.loaders.pat", "kingalbert.loaders.solkit",
             "kingalbert.loaders.yazzle", "kingalbert.loaders.cdl", "kingalbert.engine.solver",
             "kingalbert.app.solver_child"}
    assert not heavy & loaded, sorted(heavy & loaded)


def test_a_game_saved_with_a_relative_rule_file_loads_from_any_folder(capsys, tmp_path, monkeypatch):
    # (a play-test: `kingalbert Klondike.pat` in the games folder, then `kingalbert` elsewhere,
    # set the autosave aside, and a saved game loaded only from the folder it was made in)
    import shutil

    from kingalbert.app.catalogue import GAMES_DIR
    games = tmp_path / "games"
    games.mkdir()
    shutil.copy(GAMES_DIR / "pat" / "Klondike.pat", games / "mine.pat")
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    monkeypatch.chdir(games)
    assert main(["replay", "mine.pat", "--seed", "3", "click:p1", "--save", "kept.json"]) == 0
    capsys.readouterr()
    saved = json.loads((games / "kept.json").read_text())
    assert saved["rulefile"] == str(games / "mine.pat")
    monkeypatch.chdir(elsewhere)
    assert main(["moves", "--load", str(games / "kept.json")]) == 0
    # a file written before, naming its rule file as typed, is found beside the saved game
    saved["rulefile"] = "mine.pat"
    (games / "old.json").write_text(json.dumps(saved))
    capsys.readouterr()
    assert main(["replay", "--load", str(games / "old.json")]) == 0
    assert "p1" in capsys.readouterr().out


def test_ticking_auto_finish_by_an_action_finishes_a_sorted_position_as_the_menu_does(capsys, tmp_path):
    # (a play-test: `option:auto-finish=on` left a sorted position as it was; the menu's tick
    # finishes it at once, as a move of its own)
    position = {"game": "King Albert", "piles": [{"name": "t1", "cards": ["2C", "AC"]}, {"name": "t2", "cards": ["3C"]}]}
    path = tmp_path / "sorted.json"
    path.write_text(json.dumps(position))
    code, out, _ = run(capsys, "replay", "--position", str(path), "--auto-finish", "off", "option:auto-finish=on")
    done = json.loads(out)
    assert code == 0 and done["status"] == "won" and done["moves"] == ["option:auto-finish=on", "t1>f2"]


def test_control_characters_of_a_file_name_are_written_out_not_sent_to_the_terminal(capsys, tmp_path):
    # (a play-test: `check $'esc\x1b[31mred.sol'` turned the terminal red)
    name = tmp_path / "esc\x1b[31mred.sol"
    code, out, err = run(capsys, "check", str(name))
    assert code == 1 and "\x1b" not in out + err and "esc\\x1b[31mred.sol" in out
    name.write_text("not a rule file\n")
    code, out, err = run(capsys, "moves", str(name))
    assert code == 1 and "\x1b" not in out + err and "esc\\x1b[31mred.sol" in err


def test_a_saved_game_whose_rule_file_became_another_game_says_so(capsys, tmp_path):
    # (a play-test: Klondike saved, its file then holding Spider: "move 1 (click:p1) does not
    # replay: Every pile must have cards before the stock is dealt", and no more)
    import shutil

    from kingalbert.app.catalogue import GAMES_DIR
    rules = tmp_path / "mine.pat"
    shutil.copy(GAMES_DIR / "pat" / "Klondike.pat", rules)
    saved = tmp_path / "kept.json"
    assert main(["replay", str(rules), "--seed", "3", "click:p1", "--save", str(saved)]) == 0
    shutil.copy(GAMES_DIR / "pat" / "Spider.pat", rules)
    capsys.readouterr()
    assert main(["moves", "--load", str(saved)]) == 1
    err = capsys.readouterr().err
    assert "does not replay" in err and "(it was saved as a game of Klondike; its rule file is now Spider)" in err


def test_ctrl_c_while_the_modules_load_ends_with_130_and_no_traceback():
    """(a play-test: Ctrl-C a tenth of a second after ``kingalbert solve`` printed Python's
    traceback from wherever the import was; the command itself answered 130)"""
    script = (
        "import sys\n"
        "class Interrupting:\n"
        "    def find_spec(self, name, path=None, target=None):\n"
        "        if name == 'kingalbert.cli':\n"
        "            raise KeyboardInterrupt\n"
        "sys.meta_path.insert(0, Interrupting())\n"
        "from kingalbert.__main__ import run\n"
        "sys.exit(run())\n")
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=60)
    assert done.returncode == 130 and done.stderr == ""
    from pathlib import Path  # (the installed command goes the same way; tomllib is 3.11's)
    project = (Path(__file__).resolve().parents[1] / "pyproject.toml").read_text()
    assert 'kingalbert = "kingalbert.__main__:run"' in project.splitlines()


def test_a_reader_gone_costs_neither_the_refusal_nor_the_saved_game(tmp_path, private_dirs):
    """(a play-test: ``replay ... | (exec 0<&-; ...)`` exited 0 without the refusal, and a
    --save after the printed position was never written)"""
    env = {**os.environ, "SDL_VIDEODRIVER": "dummy"}

    def with_reader_gone(*args):
        read, write = os.pipe()
        os.close(read)      # gone before anything is written
        try:
            return subprocess.run([sys.executable, "-m", "kingalbert", *args], stdout=write, stderr=subprocess.PIPE,
                                  text=True, env=env, timeout=60)
        finally:
            os.close(write)

    done = with_reader_gone("replay", "--seed", "1", "t1>f1")
    assert done.returncode == 3 and "t1>f1: The Nine of Spades" in done.stderr
    saved = tmp_path / "kept.json"
    done = with_reader_gone("replay", "--seed", "1", "t5>f1", "--save", str(saved))
    assert done.returncode == 0 and saved.exists() and f"saved as {saved}" in done.stderr
    for problem in ("Traceback", "Exception ignored", "BrokenPipe"):
        assert problem not in done.stderr


def test_a_command_with_its_output_closed_says_so_and_fails():
    # (a play-test: `kingalbert deal >&-` exited 0, having written nothing)
    done = subprocess.run([sys.executable, "-c", "import sys, os; os.close(1); sys.stdout = None; "
                                                 "from kingalbert.cli import main; sys.exit(main(['deal']))"],
                          capture_output=False, stderr=subprocess.PIPE, text=True, timeout=60)
    assert done.returncode == 1 and "standard output is closed" in done.stderr
