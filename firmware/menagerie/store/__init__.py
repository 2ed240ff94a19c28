# Power-cut-safe persistence: Store(regions).load()/save()/add_history().
from menagerie.store.store import Store, StoreFull
# Where the regions live (drive files, windows, sizes): store/layout.py.
from menagerie.store.layout import FILES, WINDOWS, MPY_FILES
