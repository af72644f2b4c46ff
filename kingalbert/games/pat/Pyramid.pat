Pyramid
  1  31                                          (1 deck, 31 piles: stock, waste, discard, a pyramid of 28)
 52   4   4   0   0    0 999   1    3   0   2    (1) stock: draw 1, three passes
  0   4 108   0   0    2 999   1    0   0 901    (2) waste: take the top card; 901 makes its king a pair by itself
  0   4 260   0   0    2 999   0    5 999 999    (3) discard: a pair adding up to 13 at a time (5), or a king alone
  1 330   4   0   0    2   0  32    1   0 901    (4) pyramid: take a card or a pair; lay one card that adds up to 13 (901);
  1 290  52   0   0    2   0  32    1   0 901          blocked both ways while the row below covers it (8) = 32: b = 3, a = 2;
  1 370  52   0   0    2   0  32    1   0 901          nothing on an empty place (0); won when all are empty (0)
  1 250 100   0   0    2   0  32    1   0 901
  1 330 100   0   0    2   0  32    1   0 901
  1 410 100   0   0    2   0  32    1   0 901
  1 210 148   0   0    2   0  32    1   0 901
  1 290 148   0   0    2   0  32    1   0 901
  1 370 148   0   0    2   0  32    1   0 901
  1 450 148   0   0    2   0  32    1   0 901
  1 170 196   0   0    2   0  32    1   0 901
  1 250 196   0   0    2   0  32    1   0 901
  1 330 196   0   0    2   0  32    1   0 901
  1 410 196   0   0    2   0  32    1   0 901
  1 490 196   0   0    2   0  32    1   0 901
  1 130 244   0   0    2   0  32    1   0 901
  1 210 244   0   0    2   0  32    1   0 901
  1 290 244   0   0    2   0  32    1   0 901
  1 370 244   0   0    2   0  32    1   0 901
  1 450 244   0   0    2   0  32    1   0 901
  1 530 244   0   0    2   0  32    1   0 901
  1  90 292   0   0    2   0  32    1   0 901
  1 170 292   0   0    2   0  32    1   0 901
  1 250 292   0   0    2   0  32    1   0 901
  1 330 292   0   0    2   0  32    1   0 901
  1 410 292   0   0    2   0  32    1   0 901
  1 490 292   0   0    2   0  32    1   0 901
  1 570 292   0   0    2   0  32    1   0 901
