"""The chapters of a campaign as a graph (chapter id -> the chapters its outcomes lead to): its loops and
the chapters the first never leads to. Plain ids only, so the reader and ``check`` share it.

>>> loops({"a": ["b"], "b": ["a"], "c": []})
[['a', 'b', 'a']]
>>> unreachable({"a": ["b"], "b": [], "c": []}, "a")
['c']
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence


def reachable(edges: Mapping[str, Sequence[str]], first: str) -> list[str]:
    """Every chapter the first leads to, itself included, in the order a walk meets them."""
    seen: dict[str, None] = {}
    stack = [first]
    while stack:
        node = stack.pop()
        if node in seen or node not in edges:
            continue
        seen[node] = None
        stack.extend(reversed(edges[node]))
    return list(seen)


def unreachable(edges: Mapping[str, Sequence[str]], first: str) -> list[str]:
    """The chapters no outcome leads to from ``first``, in the file's order."""
    found = set(reachable(edges, first))
    return [node for node in edges if node not in found]


def loops(edges: Mapping[str, Sequence[str]]) -> list[list[str]]:
    """One loop through each chapter that leads back to itself, each said once (``a -> b -> a``); walked
    without recursion (a hostile file has at most a few dozen chapters, but no stack is risked)."""
    out: list[list[str]] = []
    done: set[str] = set()
    for start in edges:
        if start in done:
            continue
        path = _loop_from(edges, start)
        if path is not None and not done & set(path):
            out.append(path)
            done.update(path)
    return out


def _loop_from(edges: Mapping[str, Sequence[str]], start: str) -> list[str] | None:
    """A shortest way from ``start`` back to it (breadth first), or None."""
    before: dict[str, str] = {}
    queue = [start]
    for node in queue:
        for nxt in edges.get(node, ()):
            if nxt == start:
                path = [node]
                while path[-1] != start:
                    path.append(before[path[-1]])
                return [*reversed(path), start]
            if nxt not in before and nxt in edges:
                before[nxt] = node
                queue.append(nxt)
    return None
