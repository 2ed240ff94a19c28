# The SSD1306 emulator behind the fake I2C bus, driven by the real, unmodified
# adafruit_ssd1306 driver and by raw byte streams.
import pytest

from sim.fake_i2c import FakeI2C, make_oled
from sim.ssd1306_emu import SSD1306Emu


def framebuffer(driver):
    return [[driver.pixel(x, y) for x in range(driver.width)] for y in range(driver.height)]


def draw_sample(d):
    d.fill(0)
    d.fill_rect(3, 2, 20, 9, 1)
    d.line(0, 0, d.width - 1, d.height - 1, 1)
    d.pixel(0, d.height - 1, 1)
    d.pixel(d.width - 1, 0, 1)
    d.rect(60, 10, 30, d.height - 12, 1)


@pytest.mark.parametrize("height", [64, 32])
def test_driver_show_reaches_the_glass_upright(height):
    d, emu, bus = make_oled(128, height)
    assert emu.warnings == []
    draw_sample(d)
    d.show()
    assert emu.image() == framebuffer(d)
    # a 32-row panel shows pages 0-3 only; nothing was written beyond them
    if height == 32:
        assert not any(emu.column_ram()[4 * 128:])


@pytest.mark.parametrize("height,total", [(64, 1044), (32, 532)])
def test_show_bytes_on_the_bus(height, total):
    d, emu, bus = make_oled(128, height)
    d.show()
    # six commands sent one per transaction (0x80, cmd) + one data transaction
    assert bus.transactions == 7
    assert bus.bytes_total == total
    assert bus.data_bytes == total - 7
    assert emu.bytes_received == bus.data_bytes
    if height == 64:
        assert 23_000 < bus.bus_us(400_000) < 24_000  # the guide's "about 23 ms"


def test_probe_is_counted_and_missing_device_refused():
    bus2 = FakeI2C({0x3C: SSD1306Emu()})
    from adafruit_bus_device.i2c_device import I2CDevice

    I2CDevice(bus2, 0x3C)
    assert (bus2.transactions, bus2.data_bytes, bus2.bytes_total) == (1, 0, 1)
    with pytest.raises(ValueError):
        I2CDevice(bus2, 0x3D)
    assert bus2.try_lock()  # the failed probe released the bus
    assert bus2.scan() == [0x3C]


def test_invert_off_entire_on():
    d, emu, bus = make_oled(128, 64)
    draw_sample(d)
    d.show()
    fb = framebuffer(d)
    d.invert(True)
    assert emu.image() == [[1 - v for v in row] for row in fb]
    d.invert(False)
    d.poweroff()
    assert not any(any(r) for r in emu.image())
    d.poweron()
    assert emu.image() == fb
    d.write_cmd(0xA5)
    assert all(all(r) for r in emu.image())
    d.write_cmd(0xA4)
    assert emu.image() == fb


def test_rotation_com_immediate_segment_remap_on_write_only():
    d, emu, bus = make_oled(128, 64)
    d.fill(0)
    d.pixel(0, 0, 1)
    d.show()
    d.rotate(False)  # A0 + C0
    img = emu.image()
    assert img[63][0] == 1 and sum(map(sum, img)) == 1  # rows flip at once
    d.show()
    img = emu.image()
    assert img[63][127] == 1 and sum(map(sum, img)) == 1  # columns after rewrite


def emu_on():
    emu = SSD1306Emu(128, 64)
    emu.write(bytes([0x00, 0x8D, 0x14, 0xAF, 0xA1, 0xC8]))
    return emu


def test_horizontal_window_wraps_inside_window():
    emu = emu_on()
    emu.write(bytes([0x00, 0x20, 0x00, 0x21, 10, 12, 0x22, 1, 2]))
    emu.write(bytes([0x40]) + bytes(range(1, 9)))
    ram = emu.column_ram()
    assert ram[128 + 10:128 + 13] == bytes([7, 8, 3])  # 7, 8 wrapped to the start
    assert ram[256 + 10:256 + 13] == bytes([4, 5, 6])
    assert sum(ram) == 7 + 8 + 3 + 4 + 5 + 6  # nothing else written
    assert emu.warnings == []


def test_vertical_mode_fills_columns_first():
    emu = emu_on()
    emu.write(bytes([0x00, 0x20, 0x01, 0x21, 0, 1, 0x22, 6, 7]))
    emu.write(bytes([0x40, 1, 2, 3, 4, 5]))
    ram = emu.column_ram()
    assert (ram[6 * 128], ram[7 * 128], ram[6 * 128 + 1], ram[7 * 128 + 1]) == (5, 2, 3, 4)


def test_page_mode_column_wraps_in_page():
    emu = emu_on()
    emu.write(bytes([0x00, 0x20, 0x02, 0xB3, 0x05, 0x10]))
    emu.write(bytes([0x40]) + bytes([9] * 123) + bytes([1, 2]))
    ram = emu.column_ram()
    assert ram[3 * 128 + 5:3 * 128 + 7] == bytes([1, 2])
    assert ram[3 * 128 + 127] == 9 and ram[4 * 128] == 0
    # high nibble: column 0x25
    emu.write(bytes([0x00, 0xB0, 0x05, 0x12]))
    emu.write(bytes([0xC0, 0x77]))  # Co=1, D/C#=1: one data byte
    assert emu.column_ram()[0x25] == 0x77


def test_control_bytes_mixed_in_one_transaction():
    emu = SSD1306Emu(128, 64)
    emu.write(bytes([0x80, 0x8D, 0x80, 0x14, 0x80, 0xAF, 0xC0, 0x55, 0x00, 0xA7]))
    assert emu.display_on and emu.charge_pump and emu.inverted
    assert emu.ram[0] == 0x55


def test_unknown_and_unemulated_commands_warn_but_keep_sync():
    emu = emu_on()
    emu.write(bytes([0x00, 0xFE]))
    emu.write(bytes([0x00, 0x26, 0, 0, 0, 0, 0, 0xFF, 0xA7]))  # scroll setup + invert
    assert any("0xfe" in w for w in emu.warnings)
    assert any("0x26" in w for w in emu.warnings)
    assert emu.inverted  # the scroll's 6 arguments were not read as commands


def test_wrong_com_pin_config_interlaces():
    d, emu, bus = make_oled(128, 64)
    draw_sample(d)
    d.show()
    d.write_cmd(0xDA)
    d.write_cmd(0x02)  # sequential: wrong for a 64-row module
    assert emu.image() != framebuffer(d)
