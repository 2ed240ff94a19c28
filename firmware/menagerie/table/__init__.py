# The table view: the device's live game on every phone (docs/table-view.md).
