# Forty Thieves: two decks, ten columns of four, build down in suit, one pass through the deck.
[global]
name = Forty Thieves
decks = 2

[deck]
redeals = 0
deal_by = 1
deal_to = waste

[foundation]
column = A, any, asc, same suit
column = A, any, asc, same suit
column = A, any, asc, same suit
column = A, any, asc, same suit
column = A, any, asc, same suit
column = A, any, asc, same suit
column = A, any, asc, same suit
column = A, any, asc, same suit

[column]
playable_card = top
refill = any
order = desc, same suit
column = 4, 4
column = 4, 4
column = 4, 4
column = 4, 4
column = 4, 4
column = 4, 4
column = 4, 4
column = 4, 4
column = 4, 4
column = 4, 4
