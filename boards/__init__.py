# Board profiles: one module per board, named after CircuitPython's board.board_id.
