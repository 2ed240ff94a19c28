# Power-cut-safe persistence: Store(regions).load()/save()/add_history().
from menagerie.store.store import Store, StoreFull
