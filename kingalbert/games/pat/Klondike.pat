Klondike
  1  13                                          (1 deck, 13 piles)
 52   4   4   0   0    0 999   1  999   0   2    (1) stock: backs up, draw 1, no limit on passes, waste is pile 2
  0  83   4   0   0    2 999   1    0   0   0    (2) waste: take the top card, lay nothing here

  0 241   4   0   0    2  13 601    1 901 106    (3) foundation: starts with an ace, builds up by suit, 13 when won;
  0 320   4   0   0    2  13 601    1 901 106    (4)   the top card may be taken back (a = 1), but not to another
  0 399   4   0   0    2  13 601    1 901 106    (5)   foundation: mark 1 and a mask refusing mark 1 (cc = 1 + 5)
  0 478   4   0   0    2  13 601    1 901 106    (6)

  1   4 108   0  16    1 999   2    2 913 304    (7) tableau: backs but the last, take cards and sequences,
  2  83 108   0  16    1 999   2    2 913 304    (8)   lay sequences, kings on spaces,
  3 162 108   0  16    1 999   2    2 913 304    (9)   build down in alternate colours
  4 241 108   0  16    1 999   2    2 913 304   (10)
  5 320 108   0  16    1 999   2    2 913 304   (11)
  6 399 108   0  16    1 999   2    2 913 304   (12)
  7 478 108   0  16    1 999   2    2 913 304   (13)
