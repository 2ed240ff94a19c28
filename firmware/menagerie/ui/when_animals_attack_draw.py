# When Animals Attack: the island drawn into the SSD1306 buffer. A tile is 8
# pixels wide and 7 tall, so 8 tile rows (56 px) leave the bottom text row
# free on a 128x64 screen; the 128x32 one shows 3 rows and scrolls. A tile
# is 8 column bytes of 7 bits (bit 0 = top) OR-ed into the pages it spans.
# Rows 0-5 of columns 1-6 hold the terrain, a settlement or a unit (its
# letter); row 6 underlines the tiles a player owns: solid P1,
# dotted P2, dashed P3, split P4.
from menagerie.ui import font as _font

TILE_H = 7
# terrain patterns, columns 1-6: a water wave (rows of them join up), grass
# tufts, a tree, a hill,
# sand grains
_TERRAIN = (
    b"\x08\x04\x08\x10\x08\x04",
    b"\x00\x00\x20\x10\x20\x00",
    b"\x00\x0c\x1e\x3e\x1e\x0c",
    b"\x20\x10\x08\x10\x20\x00",
    b"\x24\x00\x09\x00\x24\x00",
)
_TOWN = b"\x3c\x26\x33\x33\x26\x3c"
_RUIN = b"\x30\x28\x34\x38\x20\x30"
# owner underline, one bit per column (bit 7 = column 0)
_LINE = b"\xff\xaa\xcc\x99"
_SMALL = memoryview(_font.SMALL)
_col = bytearray(8)


def rows_shown(c):
    return (c.height - 8) // TILE_H


def top_for(c, g, tile, top):
    # Scroll only as far as needed to keep tile's row on screen.
    n = rows_shown(c)
    if n >= g.h:
        return 0
    r = tile // g.w if tile is not None and tile >= 0 else top
    if r < top:
        return r
    if r >= top + n:
        return r - n + 1
    return top


def _tile(g, i, letters):
    col = _col
    t = g.town[i]
    k = g.unit[i]
    col[0] = 0
    col[7] = 0
    if k != 255:
        o = (letters[k] - 32) * 5
        # the letter alone: dense strokes on a cleared tile stand out from
        # the sparse terrain patterns
        for j in range(5):
            col[1 + j] = _SMALL[o + j] & 0x3F
        col[6] = 0
    else:
        src = _RUIN if t == 255 else _TOWN if t else _TERRAIN[g.ter[i]]
        for j in range(6):
            col[1 + j] = src[j]
    p = g.own[i]
    if p != 255:
        line = _LINE[p & 3]
        for j in range(8):
            if (line << j) & 0x80:
                col[j] |= 0x40


def draw_map(c, g, top, cursor=None, marks=()):
    # cursor: a tile drawn inverted; marks: tiles with a dot (a path).
    buf = c.buf
    w = c.width
    letters = bytearray(len(g.roster))
    for k in range(len(g.roster)):
        letters[k] = ord(g.roster[k][0][0].upper())
    n = min(rows_shown(c), g.h - top)
    # the island counts as tall: a message never hides part of it
    c.mark_tall(0, (n * TILE_H + 7) // 8)
    x0 = (w - 8 * g.w) // 2
    for r in range(n):
        y = r * TILE_H
        page = y >> 3
        shift = y & 7
        base = 1 + page * w + x0
        for x in range(g.w):
            i = (top + r) * g.w + x
            _tile(g, i, letters)
            if i in marks:
                _col[3] ^= 0x08
                _col[4] ^= 0x08
            inv = 0x7F if i == cursor else 0
            d = base + x * 8
            for j in range(8):
                v = (_col[j] ^ inv) << shift
                buf[d + j] |= v & 0xFF
                if v > 0xFF:
                    buf[d + j + w] |= v >> 8
