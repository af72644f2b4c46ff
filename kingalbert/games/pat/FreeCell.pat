FreeCell
  1  17                                          (1 deck, 17 piles)
 52   4 -99   0   0    0 999   0    0   0   0    (1) stock: hidden, everything is dealt
  0   4   4   0   0    2  -1   1    1 999   0    (2) free cells: one card each (-1), any card
  0  83   4   0   0    2  -1   1    1 999   0    (3)
  0 162   4   0   0    2  -1   1    1 999   0    (4)
  0 241   4   0   0    2  -1   1    1 999   0    (5)
  0 338   4   0   0    2  13 601    1 901 106    (6) foundations: ace up by suit, 13 when won; the top card may
  0 417   4   0   0    2  13 601    1 901 106    (7)   be taken back, but not to another foundation (mark 1,
  0 496   4   0   0    2  13 601    1 901 106    (8)   and a mask refusing mark 1: cc = 1 + 5)
  0 575   4   0   0    2  13 601    1 901 106    (9)
  7   4 108   0  16    2 999   2    3 999 304   (10) tableau: faces up, sequences move card by card
  7  83 108   0  16    2 999   2    3 999 304   (11)   through the empty cells and columns (put rule 3),
  7 162 108   0  16    2 999   2    3 999 304   (12)   any card on a space, down in alternate colours
  7 241 108   0  16    2 999   2    3 999 304   (13)
  6 338 108   0  16    2 999   2    3 999 304   (14)
  6 417 108   0  16    2 999   2    3 999 304   (15)
  6 496 108   0  16    2 999   2    3 999 304   (16)
  6 575 108   0  16    2 999   2    3 999 304   (17)
