"""Dead cards: foundation cards no win needs to take down again (docs/solver.md)."""
from kingalbert.engine.solver import deadcards

# codes: suit * 13 + rank - 1, suits C D H S
ACE = {suit: s * 13 for s, suit in enumerate("CDHS")}
TWO = {suit: code + 1 for suit, code in ACE.items()}
THREE = {suit: code + 2 for suit, code in ACE.items()}


def alternate_takes():
    """Down in alternate colours, no wrap: on a card, the two of the other colour one lower."""
    takes = [0] * 52
    for code in range(52):
        suit, rank = code // 13, code % 13
        if rank:
            for other in range(4):
                if (other in (1, 2)) != (suit in (1, 2)):
                    takes[code] |= 1 << (other * 13 + rank - 1)
    return takes


def test_a_two_is_dead_while_the_aces_that_could_go_on_it_are_still_out_only_if_aces_go_up():
    takes = alternate_takes()
    stacks = [[ACE["H"], TWO["H"]], [ACE["D"]], [], []]        # the black Aces are still in play
    without = deadcards.dead_mask(stacks, 1, takes)
    with_rule = deadcards.dead_mask(stacks, 1, takes, starts_go_up=True)
    assert not without >> TWO["H"] & 1 and without >> ACE["H"] & 1
    assert with_rule >> TWO["H"] & 1 and with_rule >> ACE["D"] & 1
    # a Three needs the black Twos dead: not yet
    stacks[0].append(THREE["H"])
    assert not deadcards.dead_mask(stacks, 1, takes, starts_go_up=True) >> THREE["H"] & 1


def test_start_cards_that_take_a_card_are_not_assumed_up():
    takes = alternate_takes()
    takes[ACE["C"]] = 1 << TWO["D"]        # (a wrapping build: something goes on a black Ace)
    stacks = [[ACE["H"], TWO["H"]], [], [], []]
    assert not deadcards.dead_mask(stacks, 1, takes, starts_go_up=True) >> TWO["H"] & 1


def test_a_card_up_for_good_is_no_dead_card_while_a_card_that_could_go_on_it_is_out():
    # where foundation cards never come down, the Four of Hearts up for good is still not
    # dead while a black Three is out: the Three may have needed it (a position of `.pat`
    # King Albert, which can be won, was called lost when every card up counted as dead)
    takes = alternate_takes()
    hearts = [ACE["H"] + rank for rank in range(4)]
    spades = [ACE["S"] + rank for rank in range(6)]
    stacks = [hearts, [ACE["D"] + rank for rank in range(4)], spades, []]    # the clubs are out
    mask = deadcards.dead_mask(stacks, 1, takes, starts_go_up=True)
    assert not mask >> hearts[3] & 1 and mask >> hearts[1] & 1
    # the same where nothing comes down: the Four still waits for the clubs, the Two is dead
    mask = deadcards.dead_mask(stacks, 1, takes, starts_go_up=True, returns=False)
    assert not mask >> hearts[3] & 1 and mask >> hearts[1] & 1


def by_suit_round_the_corner_takes():
    """Down by suit round the corner (Little Mystery's building piles): on a card, the one
    a rank lower of its suit, a King on an Ace."""
    return [1 << (code // 13 * 13 + (code % 13 - 1) % 13) for code in range(52)]


def test_where_nothing_comes_down_a_card_is_dead_once_what_could_go_on_it_is_up():
    # foundations up by suit round the corner from a Five: on the Seven of Hearts only the
    # Six of Hearts could go, and it is up below it for good, so the Seven may go up at once;
    # where foundation cards come down, the Five waits for the Four (the last heart), and
    # nothing above it is dead
    takes = by_suit_round_the_corner_takes()
    five = THREE["H"] + 2
    hearts = [five, five + 1, five + 2]
    stacks = [hearts, [], [], []]
    kept = deadcards.dead_mask(stacks, 1, takes, starts_go_up=True, returns=False)
    assert kept >> hearts[2] & 1 and kept >> hearts[1] & 1
    assert not kept >> five & 1            # (the Four of Hearts could still go on it)
    assert not deadcards.dead_mask(stacks, 1, takes, starts_go_up=True)


def by_suit_takes():
    """Down by suit, no wrap (Forty Thieves): on a card, the one a rank lower of its suit."""
    return [1 << (code - 1) if code % 13 else 0 for code in range(52)]


def test_with_two_decks_an_ace_up_is_dead_before_its_twin_is():
    # nothing is ever put on an Ace, so a copy of it up never needs to come down (each copy is
    # a card of its own, and the foundations are alike): with two decks the first Ace of Clubs
    # up is dead at once, and may go up at once, as with one deck; the Two waits for its twin
    takes = by_suit_takes()
    stacks = [[ACE["C"]], [], [], [], [], [], [], []]
    assert deadcards.dead_mask(stacks, 2, takes, starts_go_up=True) >> ACE["C"] & 1
    assert deadcards.dead_mask(stacks, 2, takes, starts_go_up=True, returns=False) >> ACE["C"] & 1
    assert not deadcards.dead_mask(stacks, 2, takes) >> ACE["C"] & 1      # (not where aces wait)
    stacks[0].append(TWO["C"])
    assert not deadcards.dead_mask(stacks, 2, takes, starts_go_up=True) >> TWO["C"] & 1
    stacks[1] = [ACE["C"], TWO["C"]]
    mask = deadcards.dead_mask(stacks, 2, takes, starts_go_up=True)
    assert mask >> TWO["C"] & 1 and mask >> ACE["C"] & 1
