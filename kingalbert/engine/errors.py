"""The project's error types: every failure a user can cause is one of these."""


class SolitaireError(ValueError):
    """Base class of the errors the engine raises on bad input."""


class InvalidMoveError(SolitaireError):
    """An action's text cannot be parsed, or names a pile the game lacks."""


class IllegalMoveError(SolitaireError):
    """A well-formed action the rules refuse; the message says why, for the player."""


class PositionError(SolitaireError):
    """A position (JSON) that cannot be set up."""


def shorten(text: str, limit: int = 60) -> str:
    """``text`` cut to ``limit`` characters with "…", for repeating in a message."""
    return text if len(text) <= limit else text[: limit - 1] + "\u2026"


def tail(text: str, limit: int) -> str:
    """``text``'s end in ``limit`` characters, "..." in place of what is cut (a path where
    its end says most: a writable field, a message)."""
    if len(text) <= limit:
        return text
    if limit <= 3:
        return text[-limit:] if limit > 0 else ""
    return "..." + text[-(limit - 3):]


#: the longest line of a rule file's error message (a line repeating a huge value is cut)
MAX_MESSAGE_LINE = 300


def plural(n: int, word: str) -> str:
    """``n`` and the word, with an s unless there is one: "1 card", "2 cards"."""
    return f"{n} {word}" + ("" if n == 1 else "s")


def cut_lines(message: str) -> str:
    """Each line of ``message`` cut to ``MAX_MESSAGE_LINE`` characters, with "…"."""
    if len(message) <= MAX_MESSAGE_LINE:
        return message
    return "\n".join(line if len(line) <= MAX_MESSAGE_LINE else line[: MAX_MESSAGE_LINE - 1] + "\u2026"
                     for line in message.split("\n"))


class RuleFileError(SolitaireError):
    """A rule file that cannot be loaded: prints as ``path:line: message`` (each line of
    the message at most ``MAX_MESSAGE_LINE`` characters: a value it repeats is cut)."""

    def __init__(self, path, line, message):
        self.path = str(path)
        self.line = line
        self.message = cut_lines(str(message))
        super().__init__(str(self))

    def __str__(self):
        # (a path the user typed is repeated too: cut as a value is)
        path = shorten(self.path, MAX_MESSAGE_LINE // 2)
        where = path if self.line is None else f"{path}:{self.line}"
        return f"{where}: {self.message}"

    def __reduce__(self):
        return (type(self), (self.path, self.line, self.message))
