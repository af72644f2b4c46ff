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
