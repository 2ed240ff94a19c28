# Every target sets itself up: a fresh machine with Python 3.11 needs nothing else.
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed

.PHONY: sim test bench docs clean

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install -q --upgrade pip
	$(PY) -m pip install -q -e '.[dev]'
	touch $(STAMP)

sim: $(STAMP)
	$(PY) -m sim $(ARGS)

test: $(STAMP)
	$(PY) -m pytest $(ARGS)

bench: $(STAMP)
	$(PY) -m bench $(ARGS)

docs: $(STAMP)
	$(PY) -m host_tools.cli docs

clean:
	rm -rf $(VENV) build .pytest_cache
