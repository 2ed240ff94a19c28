# Piezo on MicroPython's machine.PWM; the tune sequencing is in tune.py.
import machine

from menagerie.hw.tune import Tune

_ON = 0x8000  # 50% duty: loudest square wave for a piezo


class Buzzer(Tune):
    def __init__(self, pin):
        self._pwm = machine.PWM(machine.Pin(pin))
        self._pwm.freq(440)
        self._pwm.duty_u16(0)
        Tune.__init__(self, self._set)

    def _set(self, freq):
        if freq > 0:
            self._pwm.freq(freq)
            self._pwm.duty_u16(_ON)
        else:
            self._pwm.duty_u16(0)  # a rest: freq(0) is refused by the rp2 port

    def deinit(self):
        self._pwm.deinit()
