# Baker's Game -- written by the kingalbert team for its tests.
#
# FreeCell's older relative: every card is dealt face up into eight
# columns, four free cells hold one card each, and the columns build down
# in the SAME SUIT (FreeCell asks for alternate colours), which makes far
# fewer deals winnable.  Only the top card of a column moves; any card may
# go into an empty column.  There is no deck, so no [deck] section.

[global]
name = Baker's Game
decks = 1

[foundation]
# FirstFace, FirstSuit, FaceOrder, SuitOrder: one line per foundation
column = A, any, ascending, same suit
column = A, any, ascending, same suit
column = A, any, ascending, same suit
column = A, any, ascending, same suit

[temp]
slots = 4

[column]
playable_card = top
refill = any
order = descending, same suit
# NumCards, NumFaceUpCards: 7 + 7 + 7 + 7 + 6 + 6 + 6 + 6 = 52
column = 7, 7
column = 7, 7
column = 7, 7
column = 7, 7
column = 6, 6
column = 6, 6
column = 6, 6
column = 6, 6
