Little Mystery
  1  18                                          (1 deck; Mysteriet's rules on four columns)
 52   4   4   0   0    0 999   1  999   0   2    (1) stock: draw 1, no limit on passes
  0   4 108   0   2    2 999   1    0   0   0    (2) waste
  1  83 310   0  16    2 999   1 2001 999 114    (3) building pile: take one; when empty only from the
                                                       stock/waste (d=2); down by suit round the corner
  1  83 202   0   0    0 999  31    0   0   0    (4) hidden card (back up), free once pile 5 no longer covers it (b=3)
  3  83 108   0   1    2 999   1    0   0   0    (5) three cards over it: take one, lay nothing
  1  83   4   0   0  602  13   0    1 999 116    (6) foundation: the first card sets the foundation value,
                                                       up by suit round the corner
  1 162 310   0  16    2 999   1 2001 999 114    (7) and so on for three more columns
  1 162 202   0   0    0 999  31    0   0   0    (8)
  3 162 108   0   1    2 999   1    0   0   0    (9)
  0 162   4   0   0  602  13   0    1 999 116   (10)
  1 241 310   0  16    2 999   1 2001 999 114   (11)
  1 241 202   0   0    0 999  31    0   0   0   (12)
  3 241 108   0   1    2 999   1    0   0   0   (13)
  0 241   4   0   0  602  13   0    1 999 116   (14)
  1 320 310   0  16    2 999   1 2001 999 114   (15)
  1 320 202   0   0    0 999  31    0   0   0   (16)
  3 320 108   0   1    2 999   1    0   0   0   (17)
  0 320   4   0   0  602  13   0    1 999 116   (18)
