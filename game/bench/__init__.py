"""Benchmarks: frame time, line of sight, zombie turns, whole games and start-up, on the starter map.

Run ``python -m game.bench`` (``--quick`` for a smoke run); it prints one JSON object of figures,
each a median of repeated runs. The frame benchmark needs the ``bench`` extra (pyscroll, the
reference renderer): ``pip install -e '.[bench]'``.

Like the ``deadground`` command, this package sits on top of every layer and may name a rule set
(it measures Zombiekrieg on the starter map): the frame benchmark (:mod:`game.bench.frame`) drives the
real game screen, and the start-up one runs ``game.bench.first_frame``; pygame is imported only inside
them, when they run.
"""
