# Wiring diagrams drawn from the board profiles, so a picture can never
# disagree with the code: the board's header with the used pins highlighted,
# and a labelled wire from each pin to the part it feeds.
import io

from PIL import Image, ImageDraw, ImageFont

from host_tools import profiles
from host_tools.boardinfo import info

PITCH = 28
BOARD_W = 230
MARGIN_TOP = 110
LABEL_W = 300
WIDTH = 1280
COLOURS = {
    "OLED": (30, 90, 200),
    "button": (20, 140, 60),
    "player button": (150, 60, 170),
    "piezo": (220, 110, 0),
    "power": (200, 30, 30),
    "ground": (40, 40, 40),
}


def _font(size):
    return ImageFont.load_default(size=size)


def _positions(i):
    pos = {}
    for side in ("left", "right"):
        for idx, name in enumerate(i[side]):
            pos.setdefault(name, (side, idx))
    return pos


def _nearest_gnd(i, near, taken):
    # The free GND header pin closest to a group of pins (same side first).
    best = None
    for side in ("left", "right"):
        for idx, name in enumerate(i[side]):
            if name != "GND":
                continue
            cost = abs(idx - near[1]) + (0 if side == near[0] else 100)
            cost += 1000 if (side, idx) in taken else 0
            if best is None or cost < best[0]:
                best = (cost, (side, idx))
    return best[1] if best else None


def wires(board_id, profile):
    # [(pin, part, text, (side, index))]: every wire to draw, the profile's
    # own pins first, then the power and ground wires the parts need.
    i = info(board_id)
    labels = i.get("labels", {})
    pos = _positions(i)
    out = []
    groups = {}
    for pin, part, role in profiles.connections(profile):
        if part == "OLED":
            text = "OLED %s" % role
        elif part == "piezo":
            text = "piezo + leg"
        elif pin in labels:
            text = "wing button %s = %s" % (labels[pin], role)
        else:
            text = "%s button" % role if part == "player button" else "button %s" % role
        out.append((pin, part, text, pos.get(pin)))
        if pin in pos:
            groups.setdefault(part, []).append(pos[pin])
    if not pos:
        return out
    out.append((i["power"], "power", "OLED VCC (3.3 V)", pos.get(i["power"])))
    taken = set()
    gnd_text = {"OLED": "OLED GND", "button": "other leg of each button",
                "player button": "other leg of each player button", "piezo": "piezo - leg"}
    for part in ("OLED", "button", "player button", "piezo"):
        if part not in groups:
            continue
        places = groups[part]
        near = (places[0][0], sum(p[1] for p in places) // len(places))
        at = _nearest_gnd(i, near, taken)
        if at is not None:
            taken.add(at)
            out.append(("GND", "ground", gnd_text[part], at))
    return out


def render(board_id, profile=None, source=None):
    # profile: the board's own unless given (a settings.toml's wiring,
    # profiles.own_wiring); source: what the subtitle says it came from.
    profile = profile or profiles.load(board_id)
    i = info(board_id)
    left, right = list(i["left"]), list(i["right"])
    ws = wires(board_id, profile)
    if not left and not right:
        # Unknown header: list the used pins down the left side.
        left = sorted({w[0] for w in ws})
        ws = [(p, part, t, ("left", left.index(p))) for p, part, t, _ in ws]
    rows = max(len(left), len(right), 1) + 1
    notes = _notes(board_id, profile)
    height = MARGIN_TOP + 40 + rows * PITCH + 50 + 24 * len(notes) + 30
    img = Image.new("RGB", (WIDTH, height), "white")
    d = ImageDraw.Draw(img)
    title, small, tiny = _font(24), _font(16), _font(13)
    d.text((20, 16), "Menagerie wiring: %s" % profile.NAME, fill="black", font=title)
    d.text((20, 52), "Generated from %s. USB socket at the top."
           % (source or "boards/%s.py by `make docs`" % board_id), fill=(90, 90, 90), font=small)

    x0 = (WIDTH - BOARD_W) // 2
    top = MARGIN_TOP
    bottom = MARGIN_TOP + 40 + rows * PITCH
    d.rounded_rectangle((x0, top, x0 + BOARD_W, bottom), radius=14, fill=(30, 110, 60), outline="black", width=2)
    d.rectangle((x0 + BOARD_W // 2 - 30, top - 16, x0 + BOARD_W // 2 + 30, top + 10), fill=(180, 180, 180), outline="black")
    d.text((x0 + BOARD_W // 2, top + 22), "USB", fill="white", font=tiny, anchor="mm")
    product = i["product"]
    if d.textlength(product, font=tiny) > BOARD_W - 16 and " (" in product:
        # Too wide for the board: name on one line, chips below it.
        name, _, chips = product.partition(" (")
        d.text((x0 + BOARD_W // 2, bottom - 30), name, fill="white", font=tiny, anchor="mm")
        d.text((x0 + BOARD_W // 2, bottom - 15), "(" + chips, fill="white", font=tiny, anchor="mm")
    else:
        d.text((x0 + BOARD_W // 2, bottom - 22), product, fill="white", font=tiny, anchor="mm")

    used = {}
    for pin, part, text, at in ws:
        if at is not None:
            used.setdefault(at, []).append((part, text))

    for side, names in (("left", left), ("right", right)):
        for idx, name in enumerate(names):
            y = top + 40 + idx * PITCH
            x = x0 if side == "left" else x0 + BOARD_W
            hot = (side, idx) in used
            colour = (250, 210, 40) if hot else (200, 200, 200)
            d.rectangle((x - 7, y - 7, x + 7, y + 7), fill=colour, outline="black")
            anchor = "lm" if side == "left" else "rm"
            tx = x + 14 if side == "left" else x - 14
            d.text((tx, y), name, fill="white" if hot else (190, 220, 200), font=small, anchor=anchor)
            number = _number(board_id, side, idx)
            if number:
                nx = x - 12 if side == "left" else x + 12
                d.text((nx, y), str(number), fill=(120, 120, 120), font=tiny,
                       anchor="rm" if side == "left" else "lm")

    for (side, idx), parts in sorted(used.items()):
        y = top + 40 + idx * PITCH
        x = x0 if side == "left" else x0 + BOARD_W
        colour = COLOURS[parts[0][0]]
        end = x0 - 110 if side == "left" else x0 + BOARD_W + 110
        d.line((x - 30 if side == "left" else x + 30, y, end, y), fill=colour, width=4)
        # Several parts on one pin: a chain of boxes going outwards.
        for part, text in parts:
            colour = COLOURS[part]
            text = _fit(d, text, small, LABEL_W - 16)
            w = int(d.textlength(text, font=small)) + 16
            bx0 = end - w if side == "left" else end
            d.rounded_rectangle((bx0, y - 12, bx0 + w, y + 12), radius=6, fill="white", outline=colour, width=2)
            d.text((bx0 + w // 2, y), text, fill=colour, font=small, anchor="mm")
            end = bx0 - 10 if side == "left" else bx0 + w + 10

    ly = bottom + 26
    for line in notes:
        d.text((20, ly), line, fill="black", font=small)
        ly += 24
    kx = 20
    for key in ("OLED", "button", "player button", "piezo", "power", "ground"):
        if not any(w[1] == key for w in ws):
            continue
        d.rectangle((kx, ly + 8, kx + 26, ly + 14), fill=COLOURS[key])
        d.text((kx + 32, ly + 11), key, fill="black", font=small, anchor="lm")
        kx += 50 + int(d.textlength(key, font=small))
    return img


def _fit(d, text, font, width):
    while d.textlength(text, font=font) > width and len(text) > 4:
        text = text[:-2] + "…"
        text = text[:-2] + "…" if d.textlength(text, font=font) > width else text
    return text


def _number(board_id, side, idx):
    if info(board_id)["numbering"] != "pico":
        return None
    return idx + 1 if side == "left" else 40 - idx


def _notes(board_id, profile):
    lines = []
    if getattr(profile, "PLAYERS", ()) or board_id != "adafruit_feather_rp2040":
        lines.append("Buttons: one leg to the pin, the other leg to any GND pin. The internal pull-ups "
                     "are used, so no resistors.")
    else:
        lines.append("The OLED FeatherWing plugs on top: SDA, SCL, 3V, GND and its three buttons "
                     "are joined by the headers.")
    lines.append("OLED at I2C address 0x%02X, %dx%d pixels. Piezo: a passive one, driven by PWM."
                 % (profile.I2C_ADDR, profile.WIDTH, profile.HEIGHT))
    hold = getattr(profile, "USB_WRITE_BUTTON", None)
    if hold:
        lines.append("Hold %s (pin %s) while plugging in USB to let the computer write the drive."
                     % (hold, profiles.button_pin(profile, hold)))
    return lines


def png_bytes(board_id, profile=None, source=None):
    buf = io.BytesIO()
    render(board_id, profile, source).save(buf, format="PNG", optimize=True)
    return buf.getvalue()
