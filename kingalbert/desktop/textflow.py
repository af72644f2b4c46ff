"""Text that must be read whole: the message space's lines and the information panel's.

Pure functions over character counts (the System font is fixed-pitch), so
that tests can ask whether a message fits without drawing it.
"""
from __future__ import annotations


def wrap(text: str, width: int) -> list[str]:
    """``text`` broken into lines of at most ``width`` characters, between words where it
    can be (a word longer than a line is split); [] for no text."""
    width = max(1, width)
    lines: list[str] = []
    line = ""
    for word in text.split():
        while len(word) > width:
            if line:
                lines.append(line)
                line = ""
            lines.append(word[:width])
            word = word[width:]
        if not line:
            line = word
        elif len(line) + 1 + len(word) <= width:
            line += " " + word
        else:
            lines.append(line)
            line = word
    if line:
        lines.append(line)
    return lines


def message_lines(text: str, indicator: str, width: int, capacity: int) -> list[tuple[str, str]]:
    """The message space's lines, each (left text, right-aligned text), for a space
    ``width`` characters wide and ``capacity`` lines high.

    The message wraps over as many lines as it needs (more than ``capacity`` when it
    must: the space then grows), an empty one takes the first line all the same.
    The Winnable? ``indicator`` takes the next line if
    there is one, else the end of the message's last line if it fits there; a message
    too long to leave it room hides it until the message goes."""
    lines = [(line, "") for line in wrap(text, width) or [""]]
    if indicator:
        if len(lines) < capacity:
            lines.append((indicator, ""))
        elif lines and len(lines[-1][0]) + 2 + len(indicator) <= width:
            lines[-1] = (lines[-1][0], indicator)
    return lines


def panel_lines(lines: list[str], width: int) -> list[str]:
    """The information panel's lines, each wrapped to ``width`` characters, going on
    indented by one."""
    out = []
    for line in lines:
        parts = wrap(line, width)
        if not parts:
            out.append("")
            continue
        out.append(parts[0])
        rest = " ".join(parts[1:])
        out.extend(" " + part for part in wrap(rest, width - 1))
    return out
