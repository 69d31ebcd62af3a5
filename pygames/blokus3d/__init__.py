"""Blokus 3D (Rumis): build one shared structure from polycubes (spec ../shared/rules/blokus3d.md)."""
