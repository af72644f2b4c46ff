# Klondike (easy): turn one card at a time, as often as you like.
[global]
name = Klondike
decks = 1

[deck]
redeals = unlimited
deal_by = 1
deal_to = waste

[foundation]
column = A, any, ascending, same suit
column = A, any, ascending, same suit
column = A, any, ascending, same suit
column = A, any, ascending, same suit

[column]
playable_card = ordered
refill = K
order = descending, alternate color
column = 1, 1
column = 2, 1
column = 3, 1
column = 4, 1
column = 5, 1
column = 6, 1
column = 7, 1
