"""Games on a Dask distributed cluster: ``deadground simulate MAP --scheduler ADDRESS`` (the
``distributed`` extra: ``pip install 'deadground[distributed]'``).

The scenario is loaded once here and sent to every worker (so the workers need not see the map
file); each game is one task submitted through the client's ``concurrent.futures`` executor
(:meth:`distributed.Client.get_executor`). Results are yielded as they finish; ``game.simulate.run``
sorts them by seed, so a run reads the same as one with ``--jobs``.

The address is checked before anything is sent (:func:`scheduler_address`); a scheduler that does not
answer within CONNECT_TIMEOUT seconds is reported (:class:`ClusterUnreachable`), never waited on; a
cluster that goes away during the run (its scheduler, or every worker) ends the stream with
:class:`ClusterLost`, after every game it did play.

Dask is imported only here, only when a scheduler is named.

>>> scheduler_address("10.0.0.5:8786")
'tcp://10.0.0.5:8786'
>>> scheduler_address("127.0.0.1")
Traceback (most recent call last):
...
ValueError: '127.0.0.1' has no port: give the scheduler's address and port, e.g. tcp://127.0.0.1:8786
"""

from __future__ import annotations

import logging
import time
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from typing import Any

CONNECT_TIMEOUT = 5.0  # seconds for a scheduler to answer a connection before the run is given up
NO_WORKER_GRACE = 15.0  # seconds a cluster may have no worker (and finish no game) before it counts as lost
POLL = 1.0  # seconds between looks at the cluster while no game finishes
SCHEMES = ("tcp", "tls", "ws", "wss")
EXAMPLE = "tcp://127.0.0.1:8786"


class ClusterError(RuntimeError):
    """The cluster could not play the run (a message for the player, no traceback)."""


class DaskMissing(ClusterError):
    """``--scheduler`` was given but Dask's distributed package is not installed."""


class ClusterUnreachable(ClusterError):
    """No Dask scheduler answered at the address."""


class ClusterLost(ClusterError):
    """The cluster went away during the run; the games it finished were already yielded."""


def scheduler_address(text: str, in_process: bool = False) -> str:
    """``text`` as a full Dask address (``tcp://`` when no scheme is given); ValueError saying what is wrong
    with it: no host, no port, a port that is not 1-65535, a host that is no host name nor IP address, a
    scheme Dask cannot use here. ``in_process`` takes ``inproc://`` too: a cluster in this very program
    (``LocalCluster(processes=False)``), which no address typed on the command line can reach."""
    given = text.strip()
    scheme, sep, rest = given.partition("://")
    if not sep:
        scheme, rest = "tcp", given
    if scheme == "inproc" and rest and in_process:
        return given
    if scheme == "inproc":
        raise ValueError(
            f"{_quoted(text)} is inside another program; give its scheduler's address, e.g. {EXAMPLE}"
        )
    if scheme not in SCHEMES:
        raise ValueError(
            f"{_quoted(text)}: {_quoted(scheme)} is not a scheduler address scheme; use one of {', '.join(SCHEMES)}"
        )
    host, port = _host_and_port(text, rest)
    if not port:
        raise ValueError(f"{_quoted(text)} has no port: give the scheduler's address and port, e.g. {EXAMPLE}")
    if not host:
        raise ValueError(f"{_quoted(text)} has no host before the port, e.g. {EXAMPLE}")
    # ASCII digits only ('²'.isdigit() is true and int('²') fails), and few (int() refuses 4,301)
    if not (port.isascii() and port.isdigit() and len(port.lstrip("0")) <= 5) or not 1 <= int(port) <= 65535:
        raise ValueError(
            f"{_quoted(text)}: the port {_quoted(port)} is not a number from 1 to 65535, e.g. {EXAMPLE}"
        )
    _check_host(text, host)
    return f"{scheme}://{host}:{int(port)}"


def _host_and_port(text: str, rest: str) -> tuple[str, str]:
    """The host (an IPv6 one in its brackets) and the port of ``rest``, the address after its scheme."""
    if rest.startswith("["):  # an IPv6 host: [::1]:8786
        host, bracket, port = rest[1:].partition("]")
        if not bracket or (port and not port.startswith(":")):
            raise ValueError(f"{_quoted(text)} is not an address: an IPv6 host is written [::1]:8786")
        return (f"[{host}]" if host else ""), port[1:]
    host, colon, port = rest.rpartition(":")
    return (host, port) if colon else (rest, "")


def _check_host(text: str, host: str) -> None:
    """ValueError unless ``host`` is an IP address or a host name Dask can look up."""
    import ipaddress

    if host.startswith("["):
        try:
            ipaddress.IPv6Address(host[1:-1])
        except ValueError:
            raise ValueError(
                f"{_quoted(text)}: {_quoted(host)} is not an IPv6 address, e.g. tcp://[::1]:8786"
            ) from None
        return
    if ":" in host:
        raise ValueError(f"{_quoted(text)}: an IPv6 host is written in brackets, e.g. tcp://[::1]:8786")
    labels = host.removesuffix(".").split(".")
    if not all(label and all(c.isalnum() or c in "-_" for c in label) for label in labels):
        raise ValueError(
            f"{_quoted(text)}: {_quoted(host)} is not a host name (letters, digits, '-' and '.') nor an IP address"
        )
    try:
        encoded = host.encode("idna")
    except UnicodeError:  # a part over 63 characters
        encoded = b""
    if not encoded or len(encoded) > 253:
        raise ValueError(
            f"{_quoted(text)}: the host name is too long (at most 63 characters between dots, 253 in all)"
        )


def _quoted(text: str) -> str:
    """The address as the player gave it, in quotes, cut short when it runs past a line."""
    return repr(text) if len(text) <= 80 else f"{text[:60]!r}... ({len(text):,} characters)"


@contextmanager
def _quiet_dask() -> Iterator[None]:
    """Dask's own log prints tracebacks when a cluster goes away; the run says what happened instead."""
    log = logging.getLogger("distributed")
    level = log.level
    log.setLevel(logging.CRITICAL + 1)
    try:
        yield
    finally:
        log.setLevel(level)


def _probe(address: str) -> None:
    """Ask the scheduler who it is, within CONNECT_TIMEOUT: Dask's own client waits forever on a port that
    accepts a connection but never answers (another server, a stopped process), and raises whatever its
    reader meets in another server's answer (a frame length of exabytes, a header cut short)."""
    import asyncio

    from distributed import Security
    from distributed.comm import connect

    secure = Security().get_connection_args("client")
    if address.startswith(("tls://", "wss://")) and secure.get("ssl_context") is None:
        raise ClusterError(
            f"{address} is a TLS address, and no TLS certificate is set for Dask here "
            "(distributed.comm.tls in Dask's configuration); set one, or give the scheduler's tcp:// address"
        )

    async def identity() -> Any:
        comm = await connect(address, timeout=CONNECT_TIMEOUT, **secure)
        try:
            await comm.write({"op": "identity", "reply": True})
            return await comm.read()
        finally:
            comm.abort()

    try:
        reply = asyncio.run(asyncio.wait_for(identity(), CONNECT_TIMEOUT))
    except OSError as exc:  # refused, unreachable, closed; TimeoutError is an OSError
        timed_out = isinstance(exc, TimeoutError) or "Timed out" in str(exc)
        why = "" if timed_out else f" ({_said(exc)})"
        raise ClusterUnreachable(
            f"no Dask scheduler answered at {address} within {CONNECT_TIMEOUT:g} s{why}; "
            "is it running, and are the address and port its own?"
        ) from None
    except Exception:  # an answer that is no Dask message (its reader's error would only puzzle the player)
        raise ClusterUnreachable(
            f"no Dask scheduler answered at {address}: the server there answered something else; "
            "are the address and port the scheduler's?"
        ) from None
    _check_identity(address, reply)


def _check_identity(address: str, reply: Any) -> None:
    """ClusterUnreachable unless ``reply`` is a scheduler's identity (a worker answers too, with its own)."""
    kind = reply.get("type") if isinstance(reply, dict) else None
    if kind in ("Worker", "Nanny"):
        raise ClusterUnreachable(
            f"{address} is a Dask worker, not the scheduler; give its scheduler's address ({reply.get('scheduler')})"
        )
    if not isinstance(kind, str):
        raise ClusterUnreachable(
            f"no Dask scheduler answered at {address}: the server there answered something else; "
            "are the address and port the scheduler's?"
        )


def _client(address: str) -> Any:
    try:
        from distributed import Client
    except ImportError:
        raise DaskMissing(
            "--scheduler needs Dask's distributed package: pip install 'deadground[distributed]'"
        ) from None
    address = scheduler_address(address, in_process=True)
    _probe(address)
    try:
        return Client(address, timeout=CONNECT_TIMEOUT, set_as_default=False)
    except (OSError, ValueError, TypeError) as exc:
        raise ClusterUnreachable(f"cannot connect to the Dask scheduler at {address}: {exc}") from None


def play_on_cluster(
    address: str,
    play: Callable[[Any, dict[str, Any], int], Any],
    scenario: Any,
    options: dict[str, Any],
    seeds: Iterable[int],
) -> Iterator[Any]:
    """Each seed's ``play(scenario, options, seed)`` (the simulator's ``play_one``: a ``GameResult``), played
    on the cluster at ``address``, as the games finish. The simulator hands ``play`` down, so this module
    needs nothing of it.

    Raises ClusterUnreachable before any game when no scheduler answers, ClusterLost (after yielding
    every game that finished) when the scheduler or every worker goes away."""
    with _quiet_dask():
        client = _client(address)
        try:
            try:
                [shared] = client.scatter([scenario], broadcast=True, timeout=NO_WORKER_GRACE)
            except Exception as exc:  # no worker to take the scenario, or the scheduler went
                raise ClusterLost(f"the cluster at {address} took no game ({_said(exc)})") from None
            executor = client.get_executor(pure=False)
            try:
                futures = [executor.submit(play, shared, options, seed) for seed in seeds]
                yield from _as_finished(client, address, futures)
            finally:  # the games not played are cancelled: waiting on them could be for ever
                executor.shutdown(wait=False)
        finally:
            try:
                client.close(timeout=CONNECT_TIMEOUT)
            except Exception:  # a scheduler that is gone cannot be said goodbye to
                pass


def _as_finished(client: Any, address: str, futures: list[Any]) -> Iterator[Any]:
    """The futures' results as they finish; ClusterLost when one is lost with its cluster, or when no game
    finishes while the scheduler has had no worker for NO_WORKER_GRACE seconds."""
    from concurrent.futures import FIRST_COMPLETED, wait

    pending = set(futures)
    played = 0
    idle_since = time.monotonic()
    while pending:
        done, pending = wait(pending, timeout=POLL, return_when=FIRST_COMPLETED)
        for future in done:
            try:
                result = future.result()
            except Exception as exc:  # CancelledError, KilledWorker, CommClosedError: the cluster's
                raise ClusterLost(
                    f"the cluster at {address} went away after {played} games ({_said(exc)})"
                ) from None
            played += 1
            yield result
        if done:
            idle_since = time.monotonic()
        elif time.monotonic() - idle_since > NO_WORKER_GRACE and not _workers(client):
            raise ClusterLost(
                f"the cluster at {address} has no worker and finished no game for {NO_WORKER_GRACE:g} s, "
                f"after {played} games"
            )


def _workers(client: Any) -> int:
    """How many workers the scheduler has; 0 when it does not answer within CONNECT_TIMEOUT."""
    try:
        return len(client.sync(client.scheduler.ncores, callback_timeout=CONNECT_TIMEOUT))
    except Exception:
        return 0


def _said(exc: BaseException) -> str:
    text = str(exc).strip()
    return f"{type(exc).__name__}: {text}" if text else type(exc).__name__
