# Piezo on CircuitPython's pwmio; the tune sequencing is in tune.py.
import pwmio

from menagerie.hw.tune import Tune

_ON = 0x8000  # 50% duty: loudest square wave for a piezo


class Buzzer(Tune):
    def __init__(self, pin):
        self._pwm = pwmio.PWMOut(pin, duty_cycle=0, frequency=440, variable_frequency=True)
        Tune.__init__(self, self._set)

    def _set(self, freq):
        if freq > 0:
            self._pwm.frequency = freq
            self._pwm.duty_cycle = _ON
        else:
            self._pwm.duty_cycle = 0

    def deinit(self):
        self._pwm.deinit()
