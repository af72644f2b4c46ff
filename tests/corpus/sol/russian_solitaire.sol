# Russian Solitaire -- written by the kingalbert team for its tests.
#
# Yukon's layout with a harder rule: the columns build down in suit, not in
# alternate colours.  Any face-up card may be moved together with every card
# on top of it, in order or not; only a King (with whatever lies on it) may
# go into an empty column.  All 52 cards are dealt: the first column gets one
# card, the others 6 to 11 with their last five face up.

[Global]
Name = Russian Solitaire
Decks = 1

[Foundation]
column = A, any, asc, same
column = A, any, asc, same
column = A, any, asc, same
column = A, any, asc, same

[Column]
playable_card = any
refill = K
order = desc, same suit
column = 1, 1
column = 6, 5
column = 7, 5
column = 8, 5
column = 9, 5
column = 10, 5
column = 11, 5
