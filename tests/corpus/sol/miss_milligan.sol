# Miss Milligan -- written by the kingalbert team for its tests.
#
# A two-deck game: eight columns start with one face-up card each, and every
# click on the deck deals one more card onto each column (there is no waste).
# Columns build down in alternate colours and ordered runs move together;
# only a King fills an empty column.  The eight foundations build up in suit
# from the Aces.  The deck goes through once: no redeals.
# (The real game also lets you "waive" a card once the deck is empty; SolKit
# has no such rule, so this version is a little harder.)

[global]
name = Miss Milligan
decks = 2

[deck]
redeals = 0
deal_by = 1
deal_to = columns

[foundation]
column = A, any, ascending, same suit
column = A, any, ascending, same suit
column = A, any, ascending, same suit
column = A, any, ascending, same suit
column = A, any, ascending, same suit
column = A, any, ascending, same suit
column = A, any, ascending, same suit
column = A, any, ascending, same suit

[column]
playable_card = ordered
refill = K
order = descending, alternate color
column = 1, 1
column = 1, 1
column = 1, 1
column = 1, 1
column = 1, 1
column = 1, 1
column = 1, 1
column = 1, 1
