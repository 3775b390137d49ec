"""Benchmarks: frame time, line of sight, zombie turns, whole games and start-up, on the starter map.

Run ``python -m game.bench`` (``--quick`` for a smoke run); it prints one JSON object of figures,
each a median of repeated runs. The frame benchmark needs the ``bench`` extra (pyscroll, the
reference renderer): ``pip install -e '.[bench]'``.

Like the ``deadground`` command, this package sits on top of every layer: only the frame and
start-up benchmarks touch pygame, and only inside their own functions.
"""
