import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
FIRMWARE = os.path.join(ROOT, "firmware")
# firmware/ holds code.py and boot.py, which would shadow the stdlib `code`
# module (pdb imports it) if firmware/ came first on sys.path. pytest's
# `pythonpath` setting puts it first, so move it behind the stdlib.
while FIRMWARE in sys.path:
    sys.path.remove(FIRMWARE)
sys.path.append(FIRMWARE)
if ROOT not in sys.path:
    sys.path.insert(0, ROOT)
