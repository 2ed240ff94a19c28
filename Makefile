# Every target sets itself up: a fresh machine with Python 3.11 needs nothing else.
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed

.PHONY: sim test bench docs clean web web-deps chromium

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install -q --upgrade pip
	$(PY) -m pip install -q -e '.[dev]'
	touch $(STAMP)

sim: $(STAMP)
	$(PY) -m sim $(ARGS)

test: $(STAMP) web chromium
	$(PY) -m pytest $(ARGS)

bench: $(STAMP) web
	$(PY) -m bench $(ARGS)

# The browser page (web/): MicroPython WebAssembly and the test driver come
# from npm at the versions pinned in web/package-lock.json, never committed.
WEB_NPM := web/node_modules/.package-lock.json

$(WEB_NPM): web/package.json web/package-lock.json
	@command -v npm >/dev/null || { echo "make web: npm not found (install Node.js 20 and npm)"; exit 1; }
	cd web && npm ci --no-audit --no-fund --loglevel=error
	touch $(WEB_NPM)

web-deps: $(WEB_NPM)

web: $(WEB_NPM)
	$(PYTHON) web/build.py build/web

# From Debian, never downloaded by a test tool: headless Chromium and its
# driver for the browser tests, and xfonts-base, the source of our font data
# (tests/test_display_canvas.py checks ui/font.py against its generator).
SYSTEM_FILES := /usr/bin/chromium /usr/bin/chromedriver /usr/share/fonts/X11/misc/5x7.pcf.gz
chromium:
	@missing=""; for f in $(SYSTEM_FILES); do [ -e "$$f" ] || missing="$$missing $$f"; done; \
	if [ -z "$$missing" ]; then :; \
	elif [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null; then \
	  apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium chromium-driver xfonts-base; \
	else echo "make test: missing$$missing; install them: sudo apt-get install -y chromium chromium-driver xfonts-base"; exit 1; fi

docs: $(STAMP)
	$(PY) -m host_tools.cli docs

clean:
	rm -rf $(VENV) build .pytest_cache
