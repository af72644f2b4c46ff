"""The emulated screen's fixed numbers (mode 27; see shared riscos-look.md)."""

SCREEN_W, SCREEN_H = 640, 480
#: the icon bar: 132 OS units high, 66 px in mode 27
ICONBAR_H = 66
#: a window tool box, counting its 1-px outline on each side (the 2D tool sprites)
TOOL = 21
#: a menu row: 44 OS units
MENU_ROW = 22
#: the gap a menu separator leaves: 24 OS units
MENU_GAP = 12
#: the tick and arrow columns of a menu: 24 OS units each
MENU_COLUMN = 12
#: window menus open this far left of the pointer: the Style Guide's 64 OS units
MENU_OFFSET = 32
#: icon-bar menus sit with their bottom 96 OS units above the screen's bottom
ICONBAR_MENU_BOTTOM = SCREEN_H - 48
