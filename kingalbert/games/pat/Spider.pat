Spider
  2  19                                          (2 decks, 19 piles)
104   4   4   0   0    0 999   0    1   0   0    (1) stock: no waste; a click deals one card to every column
  0 162   4   0   0    2  13   0    9 913   0    (2) foundations: a whole king-to-ace sequence (put rule 9,
  0 241   4   0   0    2  13   0    9 913   0    (3)   13 cards) goes here; 13 cards each when won
  0 320   4   0   0    2  13   0    9 913   0    (4)
  0 399   4   0   0    2  13   0    9 913   0    (5)
  0 478   4   0   0    2  13   0    9 913   0    (6)
  0 557   4   0   0    2  13   0    9 913   0    (7)
  0 636   4   0   0    2  13   0    9 913   0    (8)
  0 715   4   0   0    2  13   0    9 913   0    (9)
  6   4 108   0  16    1 999   2   32 999 1104   1   1 999 904   (10) columns, two rule sets (1000 = either):
  6  83 108   0  16    1 999   2   32 999 1104   1   1 999 904   (11)  1) sequences of one suit, laid on the same suit;
  6 162 108   0  16    1 999   2   32 999 1104   1   1 999 904   (12)  2) single cards on any one higher.
  6 241 108   0  16    1 999   2   32 999 1104   1   1 999 904   (13)  Feed rule 3: a card from the stock when it is
  5 320 108   0  16    1 999   2   32 999 1104   1   1 999 904   (14)  clicked, only when no column is empty.
  5 399 108   0  16    1 999   2   32 999 1104   1   1 999 904   (15)
  5 478 108   0  16    1 999   2   32 999 1104   1   1 999 904   (16)
  5 557 108   0  16    1 999   2   32 999 1104   1   1 999 904   (17)
  5 636 108   0  16    1 999   2   32 999 1104   1   1 999 904   (18)
  5 715 108   0  16    1 999   2   32 999 1104   1   1 999 904   (19)
