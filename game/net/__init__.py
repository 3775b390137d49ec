"""Play across machines: an authoritative host (:mod:`game.net.host` serving a :mod:`game.net.room`), clients that
keep their own copy of the game (:mod:`game.net.client`), the messages between them (:mod:`game.net.protocol`), and
the headless ``deadground host`` and ``join`` (:mod:`game.net.headless`). See docs/NETWORK.md."""
