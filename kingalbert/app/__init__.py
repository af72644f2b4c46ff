"""The application layer: what both clients (the command line and the desktop) share.

The games catalogue (built-in games by id, bundled and the player's own rule
files) and safe loading, saved games and the autosave, position files,
options, statistics, files written atomically, and the solver's worker
process.  It uses the loaders and the engine, and knows no screen.
"""
