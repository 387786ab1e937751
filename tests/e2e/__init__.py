"""End-to-end tests: a real Voila server driven by headless Chromium (see conftest.py)."""
