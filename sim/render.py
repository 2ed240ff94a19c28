"""Turn an emulator image (rows of 0/1) into a PNG or terminal half blocks."""
from PIL import Image, ImageDraw

_BG = (6, 8, 14)
_OFF = (16, 20, 30)  # unlit pixels are faintly visible on a real OLED
_BEZEL = (34, 36, 40)
_ON = {True: (120, 200, 255), False: (235, 240, 255)}  # light blue / white


def to_png(pixels, path, scale=4, oled=True, blue=True):
    to_image(pixels, scale, oled, blue).save(path)
    return path


def to_image(pixels, scale=4, oled=True, blue=True):
    h = len(pixels)
    w = len(pixels[0]) if h else 0
    margin = 3 * scale if oled else 0
    img = Image.new("RGB", (w * scale + 2 * margin, h * scale + 2 * margin),
                    _BEZEL if oled else (0, 0, 0))
    draw = ImageDraw.Draw(img)
    on = _ON[blue] if oled else (255, 255, 255)
    if oled:
        draw.rectangle([margin, margin, margin + w * scale - 1, margin + h * scale - 1], fill=_BG)
    # A one-pixel gap between OLED dots once they are big enough to show it,
    # but never between two lit dots: inside an inverted title bar the gaps
    # would draw a dark grid as dark as the letters and cut them, where the
    # panel itself reads as solid light with crisp dark letters.
    gap = 1 if (oled and scale >= 3) else 0
    for y in range(h):
        row = pixels[y]
        below = pixels[y + 1] if y + 1 < h else None
        for x in range(w):
            lit = row[x]
            if not lit and not oled:
                continue
            x0 = margin + x * scale
            y0 = margin + y * scale
            gx = 0 if (lit and x + 1 < w and row[x + 1]) else gap
            gy = 0 if (lit and below is not None and below[x]) else gap
            draw.rectangle([x0, y0, x0 + scale - 1 - gx, y0 + scale - 1 - gy],
                           fill=on if lit else _OFF)
    return img


_HALF = {(0, 0): " ", (1, 0): "\u2580", (0, 1): "\u2584", (1, 1): "\u2588"}


def to_halfblocks(pixels):
    """Two pixel rows per terminal line: upper half, lower half, full, space."""
    out = []
    h = len(pixels)
    for y in range(0, h, 2):
        top = pixels[y]
        bot = pixels[y + 1] if y + 1 < h else [0] * len(top)
        out.append("".join(_HALF[(1 if t else 0, 1 if b else 0)] for t, b in zip(top, bot)))
    return out
