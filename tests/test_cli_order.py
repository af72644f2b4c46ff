"""The game commands take the rule file, the options and the actions in any order."""
import json
from pathlib import Path

import pytest

from kingalbert.cli import main, parse_command

GAMES = Path(__file__).resolve().parents[1] / "kingalbert" / "games"
#: a rule file of each format, and an action its deal 3 accepts
FILES = {
    "sol": (GAMES / "sol" / "klondike.sol", "click:deck"),
    "pat": (GAMES / "pat" / "Klondike.pat", "click:p1"),
    "ini": (GAMES / "yazzle" / "Klondike" / "game.ini", "click:stock1"),
    "cdl": (GAMES / "cdl" / "golf.cdl", "click:Stock"),
}
COMMANDS = ("deal", "replay", "moves", "solve", "shot")


def run(capsys, argv):
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def arrangements(command, rulefile, options, actions):
    """The rule file first, in the middle (between options, or options and actions) and last."""
    return {
        "first": [command, rulefile, *options, *actions],
        "middle": [command, *options[:2], rulefile, *options[2:], *actions],
        "last": [command, *options, *actions, rulefile],
        "actions first": [command, *actions, *options, rulefile],
    }


def options_for(command, source, tmp_path):
    options = ["--seed", "3"] if source == "seed" else ["--position", str(tmp_path / "pos.json")]
    if command == "solve":
        options += ["--timeout", "0.2"]
    if command == "shot":
        options += ["-o", str(tmp_path / "shot.png")]
    if command in ("replay", "moves"):
        options += ["--auto-finish", "off"]
    return options


@pytest.fixture
def position_file(tmp_path, capsys):
    def write(rulefile):
        assert main(["deal", str(rulefile), "--seed", "3"]) == 0
        (tmp_path / "pos.json").write_text(capsys.readouterr().out)
    return write


#: every game command with each way of choosing the position (deal has no --position)
SOURCES = [(command, source) for command in COMMANDS for source in ("seed", "position")
           if (command, source) != ("deal", "position")]


@pytest.mark.parametrize("fmt", FILES)
@pytest.mark.parametrize("command,source", SOURCES)
def test_every_order_parses_alike(fmt, command, source, tmp_path):
    rulefile, action = FILES[fmt]
    options = options_for(command, source, tmp_path)
    actions = [action, "undo"] if command in ("replay", "moves") else []
    parsed = {name: vars(parse_command(argv)) for name, argv in
              arrangements(command, str(rulefile), options, actions).items()}
    first = parsed.pop("first")
    assert first["rulefile"] == str(rulefile) and first["actions"] == actions
    for name, args in parsed.items():
        assert {k: v for k, v in args.items() if k != "items"} == {k: v for k, v in first.items() if k != "items"}, name


@pytest.mark.slow
@pytest.mark.parametrize("fmt", FILES)
@pytest.mark.parametrize("source", ["seed", "position"])
def test_every_command_runs_whatever_the_order(fmt, source, tmp_path, capsys, position_file):
    rulefile, action = FILES[fmt]
    position_file(rulefile)
    for command in COMMANDS:
        if command == "deal" and source == "position":
            continue
        options = options_for(command, source, tmp_path)
        actions = [action] if command in ("replay", "moves") else []
        outputs = {}
        for name, argv in arrangements(command, str(rulefile), options, actions).items():
            code, out, err = run(capsys, argv)
            assert code == 0, (name, argv, err)
            assert "Traceback" not in err
            outputs[name] = out
        if command == "solve":
            assert all(out.split("\n")[0] in ("winnable", "unwinnable", "unknown") for out in outputs.values())
        elif command == "shot":
            assert (tmp_path / "shot.png").stat().st_size > 0
        else:
            assert len(set(outputs.values())) == 1, command
            if command == "replay":
                assert json.loads(outputs["last"])["moves"] == [action]


def test_exit_codes_are_unchanged_in_any_order(capsys, tmp_path):
    sol = str(FILES["sol"][0])
    # 3: a refused action, with the rule file last
    code, out, err = run(capsys, ["replay", "--seed", "3", "col1>col2", sol])
    assert code == 3 and json.loads(out)["moves"] == [] and "col1>col2" in err
    code, _, err = run(capsys, ["moves", "col1>col2", "--seed", "3", sol])
    assert code == 3 and "refused" in err
    # 1: a rule file that can't be loaded, wherever it stands
    missing = str(tmp_path / "nothing.sol")
    for argv in (["deal", "--seed", "1", missing], ["replay", missing, "--seed", "1", "undo"]):
        code, out, err = run(capsys, argv)
        assert code == 1 and out == "" and "nothing.sol" in err
    # 2: bad usage: an unknown option, still with argparse's message
    with pytest.raises(SystemExit) as exit_info:
        main(["replay", sol, "--seed", "3", "--bogus", "click:deck"])
    assert exit_info.value.code == 2
    assert "unrecognized arguments: --bogus" in capsys.readouterr().err
    with pytest.raises(SystemExit) as exit_info:
        main(["deal", sol, "--seed", "3", sol])
    assert exit_info.value.code == 2
    assert "one RULEFILE at most" in capsys.readouterr().err
    with pytest.raises(SystemExit) as exit_info:
        main(["moves", sol, "--seed", "3", "--position", str(tmp_path / "p.json")])
    assert exit_info.value.code == 2
    assert "not allowed with argument" in capsys.readouterr().err
    # 0: King Albert without a rule file, actions before the options
    code, out, _ = run(capsys, ["replay", "r4>t4", "--seed", "1"])
    assert code == 0 and json.loads(out)["moves"] == ["r4>t4"]


def test_a_mistyped_action_before_the_rule_file_is_said_to_be_no_action(capsys):
    # (a play-test: "t1>>t2 klondike.sol" was "t1>>t2: no such file", the other order
    # "not an action")
    sol = str(FILES["sol"][0])
    for argv in (["replay", "t1>>t2", sol], ["replay", sol, "t1>>t2"], ["replay", "udno", "--seed", "2", sol]):
        code, out, err = run(capsys, argv)
        assert code == 2 and "not an action" in err and "no such file" not in err, argv


def test_a_rule_file_named_like_an_action_is_a_file(capsys, tmp_path, monkeypatch):
    source = FILES["sol"][0].read_text()
    monkeypatch.chdir(tmp_path)
    Path("a>b").write_text(source)
    code, out, _ = run(capsys, ["moves", "--seed", "3", "a>b"])
    assert code == 0 and "click:deck" in out.split()


def test_usage_lines_show_the_synopsis(capsys):
    for command in COMMANDS:
        with pytest.raises(SystemExit):
            main([command, "--help"])
        out = capsys.readouterr().out
        assert out.startswith(f"usage: kingalbert {command} [RULEFILE]")
        assert "any order" in out
    readme = (Path(__file__).resolve().parents[1] / "README.md").read_text()
    for command in COMMANDS:
        synopsis = [line.strip() for line in readme.splitlines() if line.strip().startswith(f"kingalbert {command} ")]
        assert synopsis and all(line.startswith(f"kingalbert {command} [RULEFILE]") for line in synopsis), command


def test_a_built_in_game_by_its_id(capsys, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    code, out, _ = run(capsys, ["deal", "king-albert", "--seed", "4"])
    assert code == 0 and json.loads(out)["game"] == "King Albert"
    code, plain, _ = run(capsys, ["deal", "--seed", "4"])
    assert plain == out
    code, _, err = run(capsys, ["deal", "queen-albert", "--seed", "4"])
    assert code == 1 and "queen-albert" in err


def test_a_button_action_or_a_rule_file_named_as_an_action_may_stand_anywhere(capsys, tmp_path, monkeypatch):
    # (a play-test: `replay --seed 1 button:1 golf.cdl` took button:1 for the rule file, and a
    # rule file named k>x was one only when it came first)
    golf = str(FILES["cdl"][0])
    answers = {run(capsys, ["replay", *argv])[2] for argv in (
        [golf, "--seed", "1", "button:1"], ["--seed", "1", "button:1", golf])}
    assert len(answers) == 1 and "no such file" not in answers.pop()
    monkeypatch.chdir(tmp_path)
    (tmp_path / "k>x").write_bytes(FILES["pat"][0].read_bytes())
    for argv in (["k>x", "--seed", "1", "click:p1"], ["--seed", "1", "click:p1", "k>x"]):
        code, out, err = run(capsys, ["replay", *argv])
        assert code == 0 and json.loads(out)["moves"] == ["click:p1"], argv


def test_options_that_a_saved_game_would_not_use_are_refused_with_load(capsys, tmp_path):
    # (a play-test: --mode, --auto-finish and --auto-stack were dropped without a word)
    saved = tmp_path / "s.json"
    assert run(capsys, ["replay", "--seed", "1", "--save", str(saved)])[0] == 0
    for flag, value in (("--mode", "hard"), ("--auto-finish", "off"), ("--auto-stack", "on")):
        code, out, err = run(capsys, ["moves", "--load", str(saved), flag, value])
        assert code == 2 and out == "" and flag in err and "option:NAME=VALUE" in err
    for other in (["--seed", "1"], ["--position", str(saved)]):
        code, out, err = run(capsys, ["solve", "--seeds", "1-2", *other])
        assert code == 2 and out == "" and "don't go together" in err


def test_shot_refuses_one_file_for_the_picture_and_the_layout(capsys, tmp_path):
    same = tmp_path / "same.x"
    code, out, err = run(capsys, ["shot", "--seed", "1", "-o", str(same), "--layout", str(same)])
    assert code == 2 and "same file" in err and not same.exists()
    # (a play-test: a --layout linked to the picture replaced the PNG with the layout)
    picture, link = tmp_path / "x.png", tmp_path / "link.json"
    picture.write_bytes(b"kept")
    link.symlink_to(picture)
    code, out, err = run(capsys, ["shot", "--seed", "1", "-o", str(picture), "--layout", str(link)])
    assert code == 2 and "same file" in err and picture.read_bytes() == b"kept"
    # a picture that can't be written leaves no layout either
    layout = tmp_path / "layout.json"
    code, out, err = run(capsys, ["shot", "--seed", "1", "-o", str(tmp_path / "no" / "x.png"), "--layout", str(layout)])
    assert code == 1 and not layout.exists()


def test_an_output_name_ending_in_a_slash_is_a_folder_and_nothing_is_written(capsys, tmp_path, monkeypatch):
    # (a play-test: `shot -o newdir/` wrote a file newdir; `--save f.json/` overwrote f.json)
    monkeypatch.chdir(tmp_path)
    (tmp_path / "victim.json").write_text("kept")
    code, out, err = run(capsys, ["replay", "--seed", "7", "--save", "victim.json/"])
    assert code == 1 and "slash" in err and (tmp_path / "victim.json").read_text() == "kept"
    code, out, err = run(capsys, ["shot", "--seed", "1", "-o", "newdir/"])
    assert code == 1 and not (tmp_path / "newdir").exists()


def test_replay_refuses_to_save_more_moves_than_a_saved_game_holds(capsys, tmp_path, monkeypatch):
    # (a play-test: 100,001 moves were saved, and the file then refused to load)
    import kingalbert.app.saves as saves
    monkeypatch.setattr(saves, "MAX_MOVES", 5)
    pat = str(FILES["pat"][0])
    saved = tmp_path / "many.json"
    code, out, err = run(capsys, ["replay", pat, "--seed", "1", *["click:p1"] * 6, "--save", str(saved)])
    assert code == 1 and "at most 5" in err and not saved.exists()
    code, out, err = run(capsys, ["replay", pat, "--seed", "1", *["click:p1"] * 5, "--save", str(saved)])
    assert code == 0 and run(capsys, ["moves", "--load", str(saved)])[0] == 0


def test_after_a_double_dash_a_name_that_starts_with_a_dash_is_a_file(capsys, tmp_path, monkeypatch):
    # (a play-test: "check -- --bogus.sol" said FILE was missing, "deal -- -x" that -x was
    # an unknown argument)
    source = FILES["sol"][0].read_text()
    monkeypatch.chdir(tmp_path)
    Path("-k.sol").write_text(source)
    code, out, _ = run(capsys, ["check", "--", "-k.sol"])
    assert code == 0 and out.startswith("ok -k.sol")
    code, out, _ = run(capsys, ["deal", "--seed", "3", "--", "-k.sol"])
    assert code == 0 and json.loads(out)["seed"] == 3
    code, out, _ = run(capsys, ["moves", "--seed", "3", "--", "-k.sol", "click:deck"])
    assert code == 0 and "click:deck" in out.split()
    code, out, err = run(capsys, ["check", "--", "--no-such.sol"])
    assert code == 1 and "--no-such.sol: no such file" in out + err
    with pytest.raises(SystemExit):
        parse_command(["bench", "--", "x"])     # (a command of no files: refused as before)


@pytest.mark.parametrize("seed", ["1_000", "+3", " 5", "٣", "3.0", ""])
def test_a_seed_is_ascii_digits_alone(seed, capsys):
    # (a play-test: int() took 1_000, +3, ' 5' and other scripts' digits)
    with pytest.raises(SystemExit):
        parse_command(["deal", "--seed", seed])
    assert "a seed is a whole number" in capsys.readouterr().err


def test_a_range_of_seeds_has_both_ends(capsys):
    assert parse_command(["solve", "--seeds", "3-5"]).seeds == (3, 5)
    assert parse_command(["solve", "--seeds", "4"]).seeds == (4, 4)
    for text in ("3-", "-3", "1 - 2", "٣-٤"):
        with pytest.raises(SystemExit):
            parse_command(["solve", "--seeds", text])
        assert "expected FIRST-LAST" in capsys.readouterr().err, text


def test_check_writes_out_a_newline_in_a_file_s_name(capsys, tmp_path, monkeypatch):
    # (a play-test: the name's newline went to the terminal, and one file's report took two lines)
    monkeypatch.chdir(tmp_path)
    Path("a\nb.sol").write_text(FILES["sol"][0].read_text())
    code, out, _ = run(capsys, ["check", "a\nb.sol", "no\nsuch.sol"])
    assert code == 1
    assert out.splitlines() == ["ok a\\nb.sol: Klondike", "error no\\nsuch.sol: no such file"]
