# Non-blocking piezo on MicroPython's machine.PWM: a tone sequence advances
# from the main loop, so a sound never delays reading the buttons. Same
# behaviour as buzzer.py (CircuitPython's pwmio), other API.
import machine

_ON = 0x8000  # 50% duty: loudest square wave for a piezo


class Buzzer:
    def __init__(self, pin):
        self._pwm = machine.PWM(machine.Pin(pin))
        self._pwm.freq(440)
        self._pwm.duty_u16(0)
        self._notes = ()
        self._i = 0
        self._until = 0

    def play(self, notes, now=0):
        self._notes = notes
        self._i = -1
        self._until = now
        self.update(now)

    def update(self, now):
        if self._i >= len(self._notes) or now < self._until:
            return
        self._i += 1
        if self._i >= len(self._notes):
            self._pwm.duty_u16(0)
            return
        freq, ms = self._notes[self._i]
        if freq > 0:
            self._pwm.freq(freq)
            self._pwm.duty_u16(_ON)
        else:
            self._pwm.duty_u16(0)   # a rest: freq(0) is refused by the rp2 port
        self._until = now + ms

    def busy(self):
        return self._i < len(self._notes)
