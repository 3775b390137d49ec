"""Zombie 40,000 trial scenario: Hab-block Exodus (two teams race to the lander on the north edge)."""
import sys
from tmx import Map

turns = int(sys.argv[1]) if len(sys.argv) > 1 else 12
dense = sys.argv[2] == "dense" if len(sys.argv) > 2 else False
m = Map(72, 48, "hive_floor", ruleset="zombie40k", title="Hab-block Exodus",
        briefing="Hab-block Tertius has fallen. One lander waits at the north ramp, and it lifts with whoever "
                 "reaches it first. Two kill-teams, one seat.",
        objective="escape", turn_limit=turns, players_min=2, players_max=2)
m.paint(0, 0, 72, 6, "hive_hazard")
m.paint(30, 0, 42, 6, "hive_grate")
m.paint(33, 6, 39, 48, "hive_floor_b")
m.paint(0, 40, 72, 48, "ash")
# terrain: hab blocks either side of the central concourse, ruins, barricades
for i, (bx, by, bw, bh) in enumerate([(8, 10, 10, 8), (54, 10, 10, 8), (20, 22, 8, 6), (44, 22, 8, 6)]):
    m.obj("terrain", "building", x=bx, y=by, w=bw, h=bh, name=f"Hab block {i + 1}")
for i, (rx, ry) in enumerate([(24, 12), (42, 12), (4, 26), (60, 26), (30, 32) if dense else (34, 34)]):
    m.obj("terrain", "ruin", x=rx, y=ry, name=f"Ruined hab {i + 1}",
          poly=[(0, 0), (5, 0), (6, 3), (4, 5), (1, 4)])
m.obj("terrain", "barricade", x=30, y=8, name="Barricade W")
m.obj("terrain", "barricade", x=38, y=8, name="Barricade E")
m.obj("terrain", "wall", x=0, y=20, name="Rail wall W", polyline=[(0, 0), (6, 0)], props={"thickness": 0.5})
m.obj("terrain", "wall", x=66, y=20, name="Rail wall E", polyline=[(0, 0), (6, 0)], props={"thickness": 0.5})
# zones
m.obj("zones", "escape_vehicle", x=32, y=0.5, w=8, h=4, name="Lander")
m.obj("zones", "deploy_player1", x=4, y=38, w=10, h=9, name="Kill-team Alpha")
m.obj("zones", "deploy_player2", x=58, y=38, w=10, h=9, name="Kill-team Beta")
m.obj("zones", "spawn_edge", x=0, y=8, w=2, h=10, name="West vents")
m.obj("zones", "spawn_edge", x=70, y=8, w=2, h=10, name="East vents")
m.obj("zones", "spawn_edge", x=28, y=46, w=16, h=2, name="South sump")
m.obj("figures", "zombie_boss", x=36, y=7, name="The Foreman", point=True)
m.write("hab_exodus.tmx")
