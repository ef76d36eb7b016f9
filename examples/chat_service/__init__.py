"""A small FastAPI diagnosis chat service on groundcheck's public API (see README.md)."""
