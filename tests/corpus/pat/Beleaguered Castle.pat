Beleaguered Castle
  1  13                                          (1 deck, 13 piles; written by the kingalbert team for its tests)
 52   4 -99   0   0    0 999   0    0   0   0    (1) stock: no drawing and no wastepile; invisible once dealt

  1 320   4   0   0  702  13   0    1 101 106    (2) foundations: the four Aces are taken out of the stock
  1 320 108   0   0  702  13   0    1 201 106    (3)   first (c = 7, card 101 = Ace of Hearts, 201 Spades,
  1 320 212   0   0  702  13   0    1 301 106    (4)   301 Diamonds, 401 Clubs); build up by suit (106),
  1 320 316   0   0  702  13   0    1 401 106    (5)   13 cards each when won; nothing is taken back

  6   4   4  16   0    2 999   1    1 999 904    (6) four rows left of the foundations, six cards each,
  6   4 108  16   0    2 999   1    1 999 904    (7)   face up and fanned to the right: take the top card,
  6   4 212  16   0    2 999   1    1 999 904    (8)   lay one card, down by one whatever the suit (904),
  6   4 316  16   0    2 999   1    1 999 904    (9)   any card on a space (999)
  6 400   4  16   0    2 999   1    1 999 904   (10) and four rows right of them
  6 400 108  16   0    2 999   1    1 999 904   (11)
  6 400 212  16   0    2 999   1    1 999 904   (12)
  6 400 316  16   0    2 999   1    1 999 904   (13)
