# King Albert, as near as SolKit's ten columns allow: nine playing columns of
# nine down to one card, one card moved at a time, any card to an empty column.
# SolKit has no reserve pile, so the seven reserve cards lie in a tenth,
# take-only column, where only its top card can be played (in !KPatience all
# seven are free); and SolKit's face orders loop, so a king may go on an ace.
[global]
name = King Albert (SolKit)
decks = 1

[foundation]
column = A, any, asc, same suit
column = A, any, asc, same suit
column = A, any, asc, same suit
column = A, any, asc, same suit

[column]
playable_card = top
refill = any
order = descending, alternate color
column = 9, 9
column = 8, 8
column = 7, 7
column = 6, 6
column = 5, 5
column = 4, 4
column = 3, 3
column = 2, 2
column = 1, 1
column = 7, 7, take only
