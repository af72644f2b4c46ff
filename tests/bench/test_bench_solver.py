"""The bench's states per second leave out what a ruleset works out once."""
from kingalbert.bench.solver import _ruleset, warm


def test_warm_works_out_golfs_chain_bound_outside_the_clock():
    # Golf's chain bound takes about 0.2 s: a 0.05 s search alone is stopped before it is
    # kept, and the bound then fell to the first timed deal's search
    ruleset = _ruleset("cdl/golf.cdl")
    assert "chains" not in vars(ruleset)
    warm(ruleset)
    assert vars(ruleset).get("chains") is not None
