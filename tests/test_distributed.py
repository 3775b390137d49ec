"""``simulate --scheduler``: games played on a Dask cluster come back with the same results in the
same order as with ``--jobs`` (a LocalCluster started here; skipped without Dask's distributed)."""

from __future__ import annotations

import pytest

from game.assets import default_scenario
from game.simulate import run

distributed = pytest.importorskip("distributed")


@pytest.fixture(scope="module")
def cluster():
    # threads, not processes: starts in a second and the games share nothing but read-only caches
    with distributed.LocalCluster(
        n_workers=2, threads_per_worker=1, processes=False, dashboard_address=None
    ) as local:
        yield local


def test_games_on_a_cluster_match_the_local_run(cluster):
    path = str(default_scenario())
    here = run(path, 4, seed=11, jobs=1)
    there = run(path, 4, seed=11, scheduler=cluster.scheduler_address)
    assert [r.seed for r in there] == [11, 12, 13, 14]
    assert there == here


def test_the_cli_says_when_no_scheduler_answers(capsys):
    from game.simulate import main

    code = main(str(default_scenario()), games=1, scheduler="tcp://127.0.0.1:9", progress=False)
    assert code == 2
    assert "deadground simulate:" in capsys.readouterr().err
