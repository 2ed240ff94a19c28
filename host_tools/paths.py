# Where the project's pieces live. The package is installed editable, so the
# repository is this file's grandparent.
import os

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
FIRMWARE = os.path.join(ROOT, "firmware")
BOARDS = os.path.join(ROOT, "boards")
DOCS = os.path.join(ROOT, "docs")


def ensure_firmware_importable():
    # Host code reuses the firmware's own readers (settings, store).
    import sys
    for p in (FIRMWARE, ROOT):
        if p not in sys.path:
            sys.path.insert(0, p)
