# Canfield, as far as SolKit can say it: the first column is the reserve
# (thirteen cards, take only), and its top card's face starts every foundation.
[global]
name = Canfield
decks = 1

[deck]
redeals = unlimited
deal_by = 3
deal_to = waste

[foundation]
column = random, any, ascending, same suit
column = random, any, ascending, same suit
column = random, any, ascending, same suit
column = random, any, ascending, same suit

[column]
playable_card = ordered
refill = any
order = descending, alternate color
column = 13, 1, take only
column = 1, 1
column = 1, 1
column = 1, 1
column = 1, 1
