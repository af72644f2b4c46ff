"""The ``.pat`` patience format: ``reader`` turns a file into the data classes of
``model``, and ``ruleset.PatRuleset`` plays them."""
from .model import PatRulesError
from .reader import load, loads, looks_like_pat, parse
from .ruleset import PatRuleset

__all__ = ["PatRuleset", "PatRulesError", "load", "loads", "looks_like_pat", "parse"]
