"""Benchmarks: frame time, line of sight, zombie turns, whole games and start-up, on the starter map.

Run ``python -m game.bench`` (``--quick`` for a smoke run); it prints one JSON object of figures,
each a median of repeated runs. The frame benchmark needs the ``bench`` extra (pyscroll, the
reference renderer): ``pip install -e '.[bench]'``.

Like the ``deadground`` command, this package sits on top of every layer: only the frame and
start-up benchmarks drive pygame through game.ui.frame_bench and game.ui.first_frame (only game/ui imports pygame).
"""
