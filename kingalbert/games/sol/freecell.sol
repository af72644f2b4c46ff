# FreeCell: every card dealt face up, four free cells, one card moved at a time.
[global]
name = FreeCell
decks = 1

[foundation]
column = A, any, asc, same
column = A, any, asc, same
column = A, any, asc, same
column = A, any, asc, same

[temp]
slots = 4

[column]
playable_card = top
refill = any
order = desc, alternate
column = 7, 7
column = 7, 7
column = 7, 7
column = 7, 7
column = 6, 6
column = 6, 6
column = 6, 6
column = 6, 6
