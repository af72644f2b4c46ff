Golf
  1   9                                          (1 deck, 9 piles; written by the kingalbert team for its tests)
 52   4 316   0   0    0 999   1    1   0   2    (1) stock: draw one card at a time onto pile 2, one pass only
  1  83 316   0   0    2 999   0    1   0 928    (2) waste, the "hole": one card to start; take nothing from it,
                                                       lay one card a rank above or below its top card, any
                                                       suit (8), but nothing on a King (2), no turning the corner

  5   4   4   0  16    2   0   1    0   0   0    (3) seven columns of five cards, all face up: take the top
  5  83   4   0  16    2   0   1    0   0   0    (4)   card only, lay nothing here; empty them all to win
  5 162   4   0  16    2   0   1    0   0   0    (5)   (0 cards when won)
  5 241   4   0  16    2   0   1    0   0   0    (6)
  5 320   4   0  16    2   0   1    0   0   0    (7)
  5 399   4   0  16    2   0   1    0   0   0    (8)
  5 478   4   0  16    2   0   1    0   0   0    (9)
