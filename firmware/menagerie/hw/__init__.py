# The thin layer over CircuitPython. The only package that imports board,
# busio, keypad, pwmio, supervisor, microcontroller, storage.
