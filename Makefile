# Everything a fresh clone needs: `make run` to serve the web platform, `make play` to play in the
# terminal, `make test` to run the whole suite.
PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed-stamp
RUNTIME := $(VENV)/.runtime-stamp
WEB    := $(VENV)/.web-stamp
GAME   ?= class-of-89
ARGS   ?=
HOST   ?= 127.0.0.1
PORT   ?= 8000
DATA   ?= data

.PHONY: run play test system-deps lint typecheck unit soak bench clean

# the runtime only (to play); the dev extras (test tools) come with $(STAMP)
$(RUNTIME): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e .
	touch $(RUNTIME)

$(STAMP): $(RUNTIME)
	$(BIN)/python -m pip install --quiet -e '.[dev]'
	touch $(STAMP)

# what serving needs (FastAPI, uvicorn, SQLAlchemy, psycopg), without the test tools
$(WEB): $(RUNTIME)
	$(BIN)/python -m pip install --quiet -e '.[web]'
	touch $(WEB)

run: $(WEB)  ## serve the web platform on http://$(HOST):$(PORT) (SQLite in ./$(DATA)/)
	$(BIN)/homeroom serve --host $(HOST) --port $(PORT) --data-dir $(DATA) --recheck $(ARGS)

play: $(RUNTIME)  ## play a game in the terminal (GAME=..., ARGS="--players 3 ...")
	@$(BIN)/homeroom play $(GAME) $(ARGS)

test: system-deps lint typecheck unit  ## the whole test suite: lint, types, tests

system-deps:  ## Chromium and PostgreSQL for the browser and storage tests (apt-get, if missing)
	bash scripts/system-deps.sh

lint: $(STAMP)
	$(BIN)/ruff check src tests bench examples

typecheck: $(STAMP)
	$(BIN)/mypy

# --max-worker-restart=0: a crashed worker ends the run naming its test; replacing it can hang
# xdist's loadgroup scheduler (pytest-xdist issues 1323/1378) until CI's time limit
unit: $(STAMP)
	$(BIN)/pytest -n 2 --dist loadgroup --max-worker-restart=0

soak: $(STAMP)  ## thousands of random playouts per game, player count and option set
	$(BIN)/pytest -n 2 --soak -m soak

# OpenSpiel, whose pure-Python games are the speed reference, where it has a wheel for this machine
bench: $(STAMP)  ## benchmarks that print their figures
	$(BIN)/python -m pip install --quiet -e '.[bench]' || echo "OpenSpiel cannot be installed here: the reference is the built-in stand-in"
	$(BIN)/python bench/run_all.py

clean:
	rm -rf $(VENV) build *.egg-info src/*.egg-info
