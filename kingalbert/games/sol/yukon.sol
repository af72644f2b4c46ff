# Yukon: any face-up cards move together; only a king starts an empty column.
[global]
name = Yukon
decks = 1

[foundation]
column = A, any, ascending, same suit
column = A, any, ascending, same suit
column = A, any, ascending, same suit
column = A, any, ascending, same suit

[column]
playable_card = any
refill = K
order = descending, alternate color
column = 1, 1
column = 6, 5
column = 7, 5
column = 8, 5
column = 9, 5
column = 10, 5
column = 11, 5
