"""The project's error types: every failure a user can cause is one of these."""


class SolitaireError(ValueError):
    """Base class of the errors the engine raises on bad input."""


class InvalidMoveError(SolitaireError):
    """An action's text cannot be parsed, or names a pile the game lacks."""


class IllegalMoveError(SolitaireError):
    """A well-formed action the rules refuse; the message says why, for the player."""


class PositionError(SolitaireError):
    """A position (JSON) that cannot be set up."""


class RuleFileError(SolitaireError):
    """A rule file that cannot be loaded: prints as ``path:line: message``."""

    def __init__(self, path, line, message):
        self.path = str(path)
        self.line = line
        self.message = message
        super().__init__(str(self))

    def __str__(self):
        where = self.path if self.line is None else f"{self.path}:{self.line}"
        return f"{where}: {self.message}"

    def __reduce__(self):
        return (type(self), (self.path, self.line, self.message))
