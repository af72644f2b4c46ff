Canfield
  1  13                                          (1 deck, 13 piles)
 52   4   4   0   0    0 999   3  999   0   2    (1) stock: draw 3, no limit on passes, waste is pile 2
  0  83   4   0   0    2 999   1    0   0   0    (2) waste
 13   4 120   0   2    1 999   1    0   0   0    (3) reserve: 13 cards, only the top one face up, take one
  1 241   4   0   0  602  13   0    1 999 116    (4) foundation: its first card sets the foundation value (6 = c),
  0 320   4   0   0  602  13   0    1 999 116    (5)   the others start with that value (999 -> value);
  0 399   4   0   0  602  13   0    1 999 116    (6)   build up by suit round the corner (116)
  0 478   4   0   0  602  13   0    1 999 116    (7)
  1 241 120   0  16    2 999   2    2 999 314    (8) tableau: down in alternate colours, round the corner,
  1 320 120   0  16    2 999   2    2 999 314    (9)   sequences move as a whole, any card on a space
  1 399 120   0  16    2 999   2    2 999 314   (10)
  1 478 120   0  16    2 999   2    2 999 314   (11)
  0   4 413   0   0    0   0   0    0   0   0   (12) window size only: room under the reserve
  0 557 500   0   0    0   0   0    0   0   0   (13) window size only
