"""The command line: the desktop, and headless commands that share its engine.

Every command prints nothing but its result on stdout; messages go to stderr.
Exit codes: 0 success, 1 a file could not be loaded, 2 bad usage,
3 an action was refused (``replay``).
"""
from __future__ import annotations

import argparse
import json
import math
import os
import re
import sys

from . import __version__
from .app import positions
from .app.catalogue import safe_load
from .app.game_options import finishing_move, is_option_action, parse_option
from .app.options import Options, load_options, save_options
from .app.saves import action_log, is_saved_game, read_game, write_game
from .engine.errors import IllegalMoveError, InvalidMoveError, RuleFileError, SolitaireError, cut_lines, shorten
from .engine.game import MAX_SEED, Game

COMMANDS = ("check", "deal", "replay", "moves", "solve", "shot", "bench", "options")


class CommandError(Exception):
    """A failure the user caused: message for stderr, and the exit code."""

    def __init__(self, message: str, code: int = 1):
        super().__init__(message)
        self.code = code


def _on_off(text: str) -> bool:
    word = text.lower()
    if word not in ("on", "off"):
        raise argparse.ArgumentTypeError(f"expected on or off, not {text!r}")
    return word == "on"


def _whole(text: str) -> int | None:
    """The number a whole number's digits say (ASCII digits only, at most 40), else None:
    ``int`` also reads ' 5', '+3', '1_000' and other scripts' digits."""
    return int(text) if text.isascii() and text.isdigit() and len(text) <= 40 else None


def _runs(text: str) -> int:
    value = _whole(text)
    if value is None:
        raise argparse.ArgumentTypeError(f"a number of runs is a whole number, not {shorten(text)!r}")
    if not 1 <= value <= 100:
        raise argparse.ArgumentTypeError(f"runs go from 1 to 100, not {value}")
    return value


def _seed(text: str) -> int:
    value = -1 if len(text) > 40 else _whole(text)
    if value is None:
        raise argparse.ArgumentTypeError(f"a seed is a whole number, not {shorten(text)!r}")
    if not 0 <= value <= MAX_SEED:
        raise argparse.ArgumentTypeError(f"a seed is a whole number from 0 to {MAX_SEED}")
    return value


def _scale(text: str) -> int:
    """The desktop's scale: a whole number from 1 up (one larger than the screen takes is
    cut to the largest that fits, with a warning, when the window opens)."""
    value = _whole(text) or 0
    if value < 1:
        raise argparse.ArgumentTypeError(f"a scale is a whole number from 1 up, not {shorten(text)!r}")
    return value


def _timeout(text: str) -> float:
    """A time limit: a finite number of seconds from 0 up (not nan, inf or negative)."""
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"a time limit is a number of seconds, not {text!r}") from None
    if not math.isfinite(value) or value < 0:
        raise argparse.ArgumentTypeError(f"a time limit is a number of seconds from 0 up, not {text!r}")
    return value


def effective_options(args) -> dict:
    """The saved options, overridden by --auto-finish / --auto-stack."""
    options = load_options()
    if options.problem:
        say(options.problem)
    values = dict(options.values)
    if getattr(args, "auto_finish", None) is not None:
        values["auto_finish"] = args.auto_finish
    if getattr(args, "auto_stack", None) is not None:
        values["auto_stack"] = args.auto_stack
    return values


def load_rules(path):
    """The rules of RULEFILE (None: King Albert); a saved game given in its place is
    named as one, with the way to start from it."""
    if path is not None and is_saved_game(path):
        raise RuleFileError(path, None, "is a saved game, not a rule file: "
                                        "kingalbert replay --load FILE (or moves --load FILE) starts from it")
    return safe_load(path)


def make_game(args, ruleset=None):
    """A game from RULEFILE and --seed or --position, or the saved game of --load."""
    if getattr(args, "load", None) is not None:
        if args.rulefile is not None:
            raise CommandError(f"--load starts from a saved game, which names its own game: "
                               f"not {shorten(args.rulefile)!r} too", 2)
        given = [flag for flag, value in (("--mode", getattr(args, "mode", None)),
                                          ("--auto-finish", getattr(args, "auto_finish", None)),
                                          ("--auto-stack", getattr(args, "auto_stack", None))) if value is not None]
        if given:
            raise CommandError(f"{given[0]} doesn't go with --load: a saved game plays under its own options "
                               "(an action option:NAME=VALUE changes one)", 2)
        return read_game(args.load)
    ruleset = ruleset or load_rules(args.rulefile)
    options = effective_options(args)
    mode = getattr(args, "mode", None)
    if mode is not None:
        choices = ruleset.option_choices.get("mode", ())
        if mode.lower() not in choices:
            offered = f"its modes are {', '.join(choices)}" if choices else "it has no modes"
            raise CommandError(f"{ruleset.name} has no mode {mode!r}: {offered}", 2)
        options["mode"] = mode.lower()
    position_file = getattr(args, "position", None)
    if position_file is not None:
        return positions.read_game(position_file, ruleset, options)
    seed = args.seed if args.seed is not None else 0
    try:
        return Game(ruleset, seed, options)
    except RuleFileError as error:
        # (a game program may fail on some deals only: say which)
        error.message = cut_lines(f"{error.message} (dealing deal {seed})")
        raise


def format_position(position: dict) -> str:
    """JSON with one pile to a line: readable, and still plain JSON."""
    lines = ["{"]
    keys = [key for key in position if key != "piles"]
    for key in keys:
        lines.append(f"  {json.dumps(key)}: {json.dumps(position[key])},")
    lines.append('  "piles": [')
    piles = position.get("piles", [])
    for i, pile in enumerate(piles):
        lines.append("    " + json.dumps(pile) + ("," if i < len(piles) - 1 else ""))
    lines.append("  ]")
    lines.append("}")
    return "\n".join(lines)


def print_position(game) -> None:
    position = game.to_position()
    position["moves"] = action_log(game)
    print(format_position(position))


def apply_actions(game, actions) -> None:
    """Play the actions; raises IllegalMoveError on the first refused one."""
    for action in actions:
        word = action.strip().lower()
        if word == "undo":
            if game.undo() is None:
                raise IllegalMoveError("There is nothing to undo")
        elif word == "redo":
            if game.redo() is None:
                raise IllegalMoveError("There is nothing to redo")
        elif is_option_action(word):
            game.set_option(*parse_option(game.ruleset, action))
            # (as the menu's tick: Auto finish ticked on a sorted position finishes now)
            finishing = finishing_move(game)
            if finishing is not None:
                game.play(finishing)
        else:
            game.play(action)


# -- commands -------------------------------------------------------------------
def cmd_check(args) -> int:
    failed = False
    for path in args.files:
        # (a newline in a file's name, written out: each report begins a line of its own)
        name = "".join(ch if ch.isprintable() else ascii(ch)[1:-1] for ch in path)
        try:
            ruleset = load_rules(path)
            Game(ruleset, 0)  # a file whose deal fails is not ok
        except RuleFileError as error:
            print(shown(f"error {error}".replace(path, name, 1)))
            failed = True
        except SolitaireError as error:
            print(shown(f"error {name}: {error}"))
            failed = True
        else:
            print(shown(f"ok {name}: {ruleset.name}"))
    return 1 if failed else 0


def cmd_deal(args) -> int:
    print_position(make_game(args))
    return 0


def cmd_replay(args) -> int:
    game = make_game(args)
    for action in args.actions:
        try:
            apply_actions(game, [action])
        except (IllegalMoveError, RuleFileError) as error:
            # (a game program that fails on a move, a runaway loop say, has it rolled back:
            # a refusal, with the program's FILE:LINE reason; said before the position, which
            # a reader that has gone cannot take, and still the status)
            say(f"{action}: {error}")
            _print_if_read(game)
            return 3
    # (saved before the position is printed: a reader gone before the end of it, as
    # `| head` is, cost the saved game)
    saved = write_game(game, args.save) if args.save is not None else None
    if game.message:
        say(game.message)
    if saved is not None:
        say(f"saved as {saved}")
    print_position(game)
    return 0


def _print_if_read(game) -> None:
    """The position on stdout, unless nobody reads it any more."""
    try:
        print_position(game)
        sys.stdout.flush()
    except BrokenPipeError:
        quiet_stdout()


def quiet_stdout() -> None:
    """Stdout's reader has gone: what is left in its buffer goes nowhere (Python would
    else complain of the pipe as it exits)."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        os.close(devnull)
    except (OSError, ValueError):
        pass


def cmd_moves(args) -> int:
    game = make_game(args)
    try:
        apply_actions(game, args.actions)
    except IllegalMoveError as error:
        raise CommandError(f"refused: {error}", 3) from None
    print(" ".join(str(move) for move in game.legal_moves))
    for failure in game.ruleset.unlisted_failures(game):
        say(f"left out, the game's program fails: {failure}")
    return 0


def cmd_options(args) -> int:
    options = load_options()
    if options.problem:
        say(options.problem)
    values = effective_options(args) if options.problem is None else dict(options.values)
    if args.auto_finish is not None:
        values["auto_finish"] = args.auto_finish
    if args.auto_stack is not None:
        values["auto_stack"] = args.auto_stack
    if args.save:
        try:
            say(save_options(values, options.path))
        except OSError as error:
            raise CommandError(f"{options.path}: can't be written ({error.strerror or error})") from None
    print(Options(values, options.path).describe())
    return 0


def cmd_solve(args) -> int:
    # (imported here: the other commands start without the search)
    from .engine import solver
    if args.seeds is not None:
        return solve_seeds(args)
    game = make_game(args)
    result = solver.solve(game, timeout=args.timeout)
    print(result.verdict)
    if result.verdict == "winnable":
        print(" ".join(str(move) for move in result.moves))
    if args.stats:
        print(result.stats_line(), file=sys.stderr)
    return 0


def solve_seeds(args) -> int:
    """Solve a range of deals: one line per deal, then how many were decided."""
    for flag, value in (("--position", args.position), ("--seed", args.seed)):
        if value is not None:
            raise CommandError(f"--seeds and {flag} don't go together", 2)
    from .engine import solver
    first, last = args.seeds
    ruleset = load_rules(args.rulefile)
    counts = dict.fromkeys(solver.VERDICTS, 0)
    failed = 0
    peak = 0.0
    for seed in range(first, last + 1):
        args.seed = seed
        try:
            result = solver.solve(make_game(args, ruleset), timeout=args.timeout)
        except RuleFileError as error:
            # (a game program that fails on one deal: the others are measured all the same)
            failed += 1
            print(shown(f"{seed} error {error}"), flush=True)
            continue
        counts[result.verdict] += 1
        peak = max(peak, result.peak_memory_mb)
        print(f"{seed} {result.verdict} {result.seconds:.2f} s {result.states} states", flush=True)
    decided = counts["winnable"] + counts["unwinnable"]
    errors = f", failed {failed}" if failed else ""
    print(f"decided {decided} of {last - first + 1} within {args.timeout:g} s each "
          f"(winnable {counts['winnable']}, unwinnable {counts['unwinnable']}, unknown {counts['unknown']}{errors}); "
          f"peak {peak:.0f} MB")
    return 1 if failed else 0


def _seed_range(text: str) -> tuple[int, int]:
    first, dash, last = text.partition("-")
    try:
        low, high = _seed(first), _seed(last if dash else first)
    except argparse.ArgumentTypeError:
        raise argparse.ArgumentTypeError(f"expected FIRST-LAST deal numbers, not {shorten(text)!r}") from None
    if high < low:
        raise argparse.ArgumentTypeError(f"{shorten(text)!r}: the last deal comes before the first")
    return low, high


# The desktop, the screenshot and the benchmarks import pygame: they are imported when
# their command runs, so that the headless commands start without it.
def cmd_shot(args) -> int:
    from .desktop.shot import shot
    if args.layout is not None and os.path.realpath(args.layout) == os.path.realpath(args.output):
        # (through links too: a --layout linked to the picture replaced it with the JSON)
        raise CommandError(f"-o and --layout name the same file ({shorten(args.output)}): one would be lost", 2)
    game = make_game(args)
    shot(game, args.output, scale=args.scale, layout=args.layout)
    return 0


def cmd_bench(args) -> int:
    from .bench import run_bench
    return run_bench(as_json=args.json, runs=args.runs, every_game=args.every_game)


def cmd_desktop(args) -> int:
    from .desktop.main import run
    return run(rulefile=args.rulefile, seed=args.seed, scale=args.scale, fullscreen=args.fullscreen)


#: the synopsis of each game command: RULEFILE, options and actions may come in any order
USAGES = {
    "deal": "kingalbert deal [RULEFILE] [--seed N] [--mode NAME]",
    "replay": "kingalbert replay [RULEFILE] [--seed N | --position FILE | --load FILE] [--auto-finish on|off] "
              "[--auto-stack on|off] [--mode NAME] [--save FILE] [ACTION ...]",
    "moves": "kingalbert moves [RULEFILE] [--seed N | --position FILE | --load FILE] [--auto-finish on|off] "
             "[--auto-stack on|off] [--mode NAME] [ACTION ...]",
    "solve": "kingalbert solve [RULEFILE] [--seed N | --position FILE | --seeds FIRST-LAST] [--timeout S] [--stats] "
             "[--auto-finish on|off] [--auto-stack on|off] [--mode NAME]",
    "shot": "kingalbert shot [RULEFILE] [--seed N | --position FILE] [--scale N] [--auto-finish on|off] "
            "[--auto-stack on|off] [--mode NAME] -o FILE.png [--layout FILE.json]",
}
_ORDER_NOTE = "RULEFILE, the options and the actions may be given in any order."


def _game_command(name: str, help_text: str, *, position=True, actions=False, option_flags=False):
    """The parser of one game command (parsed with intermixed arguments, so that the
    rule file, options and actions may come in any order)."""
    command = argparse.ArgumentParser(prog=f"kingalbert {name}", usage=USAGES[name], description=help_text,
                                      epilog=_ORDER_NOTE)
    if actions:
        command.add_argument("items", nargs="*", metavar="RULEFILE|ACTION",
                             help="a rule file (default: King Albert), and actions: SRC>DST, SRC:N>DST, "
                                  "click:SRC[:N], adjust:SRC[:N], adjust:SRC[:N]>DST, undo, redo, option:NAME=VALUE")
    else:
        command.add_argument("items", nargs="*", metavar="RULEFILE",
                             help="a .sol, .pat, game.ini or .cdl file (default: King Albert)")
    source = command.add_mutually_exclusive_group()
    source.add_argument("--seed", type=_seed, help="the deal number (default 0)")
    if position:
        source.add_argument("--position", metavar="FILE", help="start from a position (JSON)")
    if actions:
        source.add_argument("--load", metavar="FILE", help="start from a saved game, its whole history included "
                                                            "(no RULEFILE: the saved game names its game)")
    if option_flags:
        command.add_argument("--auto-finish", type=_on_off, metavar="on|off")
        command.add_argument("--auto-stack", type=_on_off, metavar="on|off")
    command.add_argument("--mode", metavar="NAME", help="the rules' mode, for games that have them (YaZZle: easy, "
                                                        "hard)")
    return command


def command_parsers() -> dict[str, argparse.ArgumentParser]:
    """One parser per command."""
    parsers = {}
    check = parsers["check"] = argparse.ArgumentParser(prog="kingalbert check", description="load rule files and "
                                                                                            "report each")
    check.add_argument("files", nargs="+", metavar="FILE")
    parsers["deal"] = _game_command("deal", "print the opening position as JSON", position=False)
    replay = parsers["replay"] = _game_command("replay", "apply actions and print the resulting position",
                                               actions=True, option_flags=True)
    replay.add_argument("--save", metavar="FILE", help="write the saved game after the actions")
    parsers["moves"] = _game_command("moves", "list the legal actions after some actions", actions=True,
                                     option_flags=True)
    solve = parsers["solve"] = _game_command("solve", "decide whether the game can be won, with a solution",
                                             option_flags=True)
    solve.add_argument("--timeout", type=_timeout, default=10.0, metavar="S")
    solve.add_argument("--stats", action="store_true", help="print search statistics on stderr")
    solve.add_argument("--seeds", type=_seed_range, metavar="FIRST-LAST",
                       help="solve each of these deals in turn and count the verdicts (a measurement)")
    shot = parsers["shot"] = _game_command("shot", "render the window to a PNG without a display", option_flags=True)
    shot.add_argument("--scale", type=int, default=1, choices=range(1, 9), metavar="N")
    shot.add_argument("-o", "--output", required=True, metavar="FILE.png")
    shot.add_argument("--layout", metavar="FILE.json",
                      help="also write the frame's geometry: the visible work area, and every card's "
                           "pile, face, rectangle and visible index")
    bench = parsers["bench"] = argparse.ArgumentParser(prog="kingalbert bench", description="measure the speed figures")
    bench.add_argument("--json", action="store_true")
    bench.add_argument("--runs", type=_runs, default=5, metavar="N", help="runs per figure, 1 to 100 (default 5)")
    bench.add_argument("--every-game", action="store_true",
                       help="also the Winnable? indicator's cost in every bundled game (minutes)")
    options = parsers["options"] = argparse.ArgumentParser(prog="kingalbert options",
                                                           description="print (and with --save write) the options")
    options.add_argument("--auto-finish", type=_on_off, metavar="on|off")
    options.add_argument("--auto-stack", type=_on_off, metavar="on|off")
    options.add_argument("--save", action="store_true")
    return parsers


def parse_command(argv: list[str]) -> argparse.Namespace:
    """Parse ``COMMAND ARGS...``: the rule file, options and actions in any order."""
    name, rest = argv[0], argv[1:]
    parser = command_parsers()[name]
    # after "--" every argument is a file or an action, even one that starts with "-"
    # (argparse's intermixed parsing doesn't honour it): each is parsed as a stand-in,
    # which can't be an argument (NUL), and put back
    ends = rest.index("--") if "--" in rest and name not in ("bench", "options") else len(rest)
    literal = rest[ends + 1:]
    stand_ins = {f"\0{i}": item for i, item in enumerate(literal)}
    args = parser.parse_intermixed_args(rest[:ends] + list(stand_ins))
    for field in ("items", "files"):
        if hasattr(args, field):
            setattr(args, field, [stand_ins.get(item, item) for item in getattr(args, field)])
    args.command = name
    if hasattr(args, "items"):
        if name in ("replay", "moves"):
            args.rulefile, args.actions = split_rulefile(args.items)
        elif len(args.items) > 1:
            parser.error(f"unrecognized arguments: {' '.join(args.items[1:])} (one RULEFILE at most)")
        else:
            args.rulefile, args.actions = (args.items[0] if args.items else None), []
    return args


def split_rulefile(items: list[str]) -> tuple[str | None, list[str]]:
    """The rule file among the positional items, wherever it stands, and the actions: the
    first item that doesn't read as an action and is a file (or folder) that exists, else
    the first that doesn't read as an action, else the first that reads as one but exists.
    (A mistyped action before the rule file, ``t1>>t2 klondike.sol``, was taken for the
    rule file: "t1>>t2: no such file".)"""
    others = [i for i, item in enumerate(items) if not _ACTION.match(item)]
    files = ([i for i in others if os.path.exists(items[i])] or others
             or [i for i, item in enumerate(items) if os.path.exists(item)])
    if not files:
        return None, items
    index = files[0]
    return items[index], items[:index] + items[index + 1:]


_ACTION = re.compile(r"^(undo|redo|(click|adjust|option|button):.+|[^>]+>[^>]+)$", re.I)


def build_desktop_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="kingalbert", description="King Albert patience on an emulated RISC OS 3 desktop.",
        epilog=f"commands: {', '.join(COMMANDS)} (kingalbert COMMAND --help)")
    parser.add_argument("rulefile", nargs="?", metavar="RULEFILE")
    parser.add_argument("--seed", type=_seed)
    parser.add_argument("--scale", type=_scale, metavar="N", help="whole-number scale, 1 up (default: the largest "
                                                                  "that fits; a larger one is cut to that)")
    parser.add_argument("--fullscreen", action="store_true")
    parser.add_argument("--version", action="version", version=f"kingalbert {__version__}")
    return parser


HANDLERS = {
    "check": cmd_check, "deal": cmd_deal, "replay": cmd_replay, "moves": cmd_moves,
    "solve": cmd_solve, "shot": cmd_shot, "bench": cmd_bench, "options": cmd_options,
}


def shown(message: str) -> str:
    """A message as the terminal is given it: each line cut to ``MAX_MESSAGE_LINE`` (a
    value the user typed, repeated, may be any length), and the control characters a file
    name may hold written out (``\x1b``), not sent to the terminal to act on."""
    return "".join(ch if ch in "\n\t" or ch.isprintable() else ascii(ch)[1:-1] for ch in cut_lines(message))


def say(message: str) -> None:
    """An error's message on stderr (``shown``)."""
    print(shown(message), file=sys.stderr)


def main(argv=None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    if argv and argv[0] in COMMANDS:
        args = parse_command(argv)
        handler = HANDLERS[args.command]
        if sys.stdout is None:
            # (started with its output closed, `>&-`: every command's answer would be lost
            # without a word, and the status 0)
            say(f"kingalbert {args.command}: standard output is closed: nothing could be written")
            return 1
    else:
        args = build_desktop_parser().parse_args(argv)
        handler = cmd_desktop
    try:
        return handler(args)
    except CommandError as error:
        say(f"kingalbert: {error}")
        return error.code
    except RuleFileError as error:
        say(f"error {error}")
        return 1
    except InvalidMoveError as error:
        say(f"kingalbert: {error}")
        return 2
    except SolitaireError as error:
        say(f"kingalbert: {error}")
        return 1
    except BrokenPipeError:
        quiet_stdout()
        return 0
    except OSError as error:   # a file the command had to write or read, refused by the system
        name = f"{error.filename}: " if error.filename else ""
        say(f"kingalbert: {name}{error.strerror or error}")
        return 1
    except KeyboardInterrupt:
        return 130
    except (MemoryError, RecursionError) as error:
        say(f"kingalbert: the command needs more {'memory' if isinstance(error, MemoryError) else 'nesting'} "
            "than it may use")
        return 1
    except Exception as error:  # a bug: still a message, never a traceback
        say(f"kingalbert: internal error ({type(error).__name__}: {error}); please report it")
        return 1
