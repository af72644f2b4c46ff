"""The bundled example games, one folder per format (data files, no code)."""
from __future__ import annotations

from pathlib import Path

HERE = Path(__file__).parent

#: format key -> (menu name, glob below this folder)
FORMATS = {
    "sol": ("SolKit", "sol/*.sol"),
    "pat": ("Patience (.pat)", "pat/*.pat"),
    "ini": ("YaZZle", "yazzle/*/game.ini"),
    "cdl": ("CardsWorkShop", "cdl/*.cdl"),
}


def bundled_games() -> dict[str, list[Path]]:
    """Format key -> the bundled rule files of that format, sorted by name."""
    return {key: sorted(HERE.glob(pattern)) for key, (_, pattern) in FORMATS.items()}


def game_title(path: Path) -> str:
    """A menu title for a rule file: its name, or its folder's for a game.ini."""
    path = Path(path)
    stem = path.parent.name if path.name.lower() == "game.ini" else path.stem
    return stem.replace("_", " ").replace("-", " ").title()
