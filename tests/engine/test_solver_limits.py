"""The solver's limits hold whatever one state costs: time read from the clock (and a
single move generation that runs on interrupted), memory as the process's resident
set, output of the private game not hoarded, and a stop request from outside."""
import time

from kingalbert.engine import Game
from kingalbert.engine.cards import Card
from kingalbert.engine.ruleset import Ruleset
from kingalbert.engine.solver import Budget, SearchInterrupted, resident_bytes, solve


class Heaps(Ruleset):
    """Any top card onto any other heap, 13 spades on 6 heaps, won when one heap
    holds them in order: far too many positions to search.  ``spin``: seconds of
    busy work in every move generation; ``hoard``: bytes kept for good by every
    move; ``chatty``: an event and a message for the desktop after every move."""

    name = "Heaps"

    def __init__(self, spin=0.0, hoard=0, chatty=False):
        self.spin, self.hoard, self.chatty = spin, hoard, chatty
        self.kept = []
        self.events = []
        self.longest = 0

    def setup(self, game):
        for i in range(6):
            game.add_pile(f"h{i + 1}", "tableau")

    def deal(self, game):
        deck = [Card(rank, "S") for rank in range(1, 14)]
        game.rng.shuffle(deck)
        for i, card in enumerate(deck):
            game.piles[i % 6].cards.append(card)

    def check_drop(self, game, src, n, dst):
        return None if n == 1 else "One at a time"

    def legal_moves(self, game):
        if self.spin:
            end = time.perf_counter() + self.spin
            while time.perf_counter() < end:
                pass
        return super().legal_moves(game)

    def after_move(self, game, move):
        if self.hoard:
            self.kept.append(bytearray(self.hoard))
        if self.chatty:
            self.events.append(("flash", move.src, 1, 1))
            self.longest = max(self.longest, len(self.events))

    def take_events(self, game):
        events, self.events = self.events, []
        return events

    def is_won(self, game):
        return any([c.rank for c in p.cards] == list(range(13, 0, -1)) for p in game.piles)


def timed_solve(game, **limits):
    start = time.perf_counter()
    result = solve(game, **limits)
    return result, time.perf_counter() - start


def test_a_search_stops_on_time_however_slow_its_states():
    # each move generation takes 0.07 s: the old count of 256 states between
    # looks at the clock would have run for 18 s
    result, took = timed_solve(Game(Heaps(spin=0.07), 1), timeout=0.5)
    assert result.verdict == "unknown" and result.limit == "time"
    assert took < 1.5          # (bounds far from the failure's, for a busy machine)


def test_one_move_generation_longer_than_the_limit_is_interrupted():
    result, took = timed_solve(Game(Heaps(spin=5.0), 1), timeout=0.3)
    assert result.verdict == "unknown" and result.limit == "time"
    assert took < 1.5


def test_a_zero_time_limit_answers_at_once():
    result, took = timed_solve(Game(Heaps(spin=1.0), 1), timeout=0)
    assert result.verdict == "unknown" and took < 0.5


def test_memory_is_the_processes_resident_memory():
    # every move keeps 200 kB that the search's own table knows nothing of
    base = resident_bytes()
    ruleset = Heaps(hoard=200_000)
    result = solve(Game(ruleset, 1), timeout=30, max_memory_mb=40)
    grown = (resident_bytes() - base) / 2 ** 20
    assert result.verdict == "unknown" and result.limit == "memory"
    assert 38 <= result.peak_memory_mb < 48
    assert grown < 48
    ruleset.kept.clear()


def test_the_private_games_output_is_not_hoarded():
    ruleset = Heaps(chatty=True)
    result = solve(Game(ruleset, 1), timeout=None, max_states=2000)
    assert result.limit == "states"
    assert ruleset.longest <= 20      # drained after every move: one per move and its safe moves


def test_a_stop_request_ends_the_search():
    asked = []

    def cancelled():
        asked.append(time.perf_counter())
        return len(asked) > 3
    result, took = timed_solve(Game(Heaps(), 1), timeout=None, cancelled=cancelled)
    assert result.verdict == "unknown" and result.limit == "cancelled" and took < 2


def test_a_stop_request_interrupts_a_long_move_generation():
    start = time.perf_counter()
    result = solve(Game(Heaps(spin=5.0), 1), timeout=None, cancelled=lambda: time.perf_counter() > start + 0.2)
    assert result.verdict == "unknown" and result.limit == "cancelled"
    assert time.perf_counter() - start < 1.5


def test_the_watchdog_leaves_nothing_behind():
    # after an interrupted search the thread goes on as usual: no exception arrives late
    def forever():
        while True:
            pass
    budget = Budget(0.05)
    assert budget.guarded(forever) is None and budget.reason == "time"
    total = 0
    for i in range(2_000_000):
        total += i
    assert total == sum(range(2_000_000))
    assert Budget(5).guarded(lambda: 42) == 42


def test_search_interrupted_is_not_an_ordinary_exception():
    # a ruleset's ``except Exception`` can't swallow it
    assert not issubclass(SearchInterrupted, Exception)


def test_an_interruption_lost_on_the_way_is_sent_again():
    # the first SearchInterrupted lands where it is only reported (a finalizer, a garbage
    # collector's callback: here a handler that swallows it), and the move runs on
    swallowed = []

    def long_move():
        end = time.perf_counter() + 5
        while time.perf_counter() < end:
            try:
                while time.perf_counter() < end:
                    pass
            except SearchInterrupted:
                if swallowed:
                    raise
                swallowed.append(time.perf_counter())
    budget = Budget(0.1)
    start = time.perf_counter()
    assert budget.guarded(long_move) is None and budget.reason == "time"
    assert swallowed and time.perf_counter() - start < 1.5


def _counting_memory(monkeypatch, bytes_now):
    """Resident memory read from ``bytes_now()`` (counted), and never because of the clock."""
    from kingalbert.engine.solver import budget as budget_module
    reads = []
    monkeypatch.setattr(budget_module, "resident_bytes", lambda: reads.append(1) or bytes_now())
    monkeypatch.setattr(budget_module, "MEMORY_EVERY", 1e9)
    return reads


def test_memory_is_read_seldom_while_states_hold_little(monkeypatch):
    used = [0]
    reads = _counting_memory(monkeypatch, lambda: used[0])
    budget = Budget(max_memory_mb=100)
    for i in range(40_000):
        used[0] = i * 100
        assert not budget.add_state()
    # 2,048 states between readings once the rate is known (a few at 8 before that)
    assert 20 <= len(reads) <= 40


def test_memory_is_read_often_enough_while_states_hold_much(monkeypatch):
    used = [0]
    _counting_memory(monkeypatch, lambda: used[0])
    budget = Budget(max_memory_mb=100)
    for i in range(1, 10_000):
        used[0] = i * 200_000
        if budget.add_state():
            break
    assert budget.reason == "memory"
    # read every 8 states at most when near the limit: at most 8 states past it
    assert used[0] <= 100 * 2 ** 20 + 9 * 200_000


def test_the_state_limit_is_exact():
    for limit in (1, 5, 17, 100):
        budget = Budget(max_states=limit)
        stops = [budget.add_state() for _ in range(limit)]
        assert stops == [False] * (limit - 1) + [True] and budget.reason == "states"


def test_the_clock_is_read_every_few_states():
    budget = Budget(timeout=0.01)
    time.sleep(0.02)
    stops = [budget.add_state() for _ in range(16)]
    assert stops[-1] and budget.reason == "time"
