# The rule core: pure and deterministic. No I/O, no clock, no hardware, no print.
