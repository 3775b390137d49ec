"""An entity can never get into the game through the file's encoding (issue 37): the DOCTYPE guard was a
search of the raw bytes, while the parser reads UTF-16 without a byte-order mark all the same, so an entity
was expanded into an imported unit's name and a map holding one passed ``check`` and ``play``. Now a map,
tileset, template or catalogue in UTF-16 (with or without a mark), UTF-32, or declaring another encoding
is refused with the encoding named, and a DOCTYPE is refused by the parser itself, whatever the encoding.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from test_reliability_maps import folder, make_map, refused  # noqa: F401  (folder is a fixture)
from test_z40k_battlescribe import catalogue, data_dir  # noqa: F401  (data_dir is a fixture)

from game.cli import main as cli_main
from game.rules.zombie40k.battlescribe import roster_path
from game.safe_xml import Unreadable, parse_xml
from game.ui.scenario_list import load_entry

ENTITY = '<!DOCTYPE map [<!ENTITY x "Smuggled">]>'

# (how the file is written, what its XML declaration says)
ENCODINGS = [
    ("utf-16-le", "UTF-16"),  # no byte-order mark: the parser guesses UTF-16 from the NUL bytes
    ("utf-16-be", "UTF-16"),
    ("utf-16-le", None),  # no declaration either
    ("utf-16", "UTF-16"),  # with a byte-order mark
    ("utf-32", "UTF-32"),
    ("utf-32-le", None),
    ("latin-1", "ISO-8859-1"),  # a declaration naming another encoding
]
IDS = [f"{codec}-{said or 'undeclared'}" for codec, said in ENCODINGS]


def recode(text: str, codec: str, said: str | None) -> bytes:
    """``text`` (an XML file beginning with a UTF-8 declaration) written in ``codec``, declaring ``said``."""
    head, rest = text.split("?>", 1)
    head = head.replace('encoding="UTF-8"', f'encoding="{said}"') if said else '<?xml version="1.0"'
    return (head + "?>" + rest).encode(codec)


@pytest.mark.parametrize(("codec", "said"), ENCODINGS, ids=IDS)
def test_a_map_with_an_entity_in_another_encoding_is_refused_by_check_and_play(
    folder: Path,  # noqa: F811
    codec: str,
    said: str | None,
) -> None:
    head = '<?xml version="1.0" encoding="UTF-8"?>\n' + ENTITY + "\n"
    path = make_map(folder, title="&x;", head=head)
    path.write_bytes(recode(path.read_text(encoding="utf-8"), codec, said))
    text = refused(path, "not a Tiled map")
    assert "UTF-8" in text and "Smuggled" not in text
    entry = load_entry(path)  # what the map list (and so play) does with it
    assert entry.scenario is None and "UTF-8" in (entry.error or "")


@pytest.mark.parametrize(("codec", "said"), ENCODINGS, ids=IDS)
def test_a_template_or_tileset_in_another_encoding_is_refused(
    folder: Path,  # noqa: F811
    codec: str,
    said: str | None,
) -> None:
    template = (
        '<?xml version="1.0" encoding="UTF-8"?>' + ENTITY.replace("map", "template") + "<template><object "
        'name="&x;" type="zombie"><point/></object></template>'
    )
    (folder / "templates" / "evil.tx").write_bytes(recode(template, codec, said))
    text = refused(make_map(folder, '<object id="5" template="templates/evil.tx" x="64" y="64"/>'), "evil.tx")
    assert "UTF-8" in text and "Smuggled" not in text
    tsx = folder / "tiles" / "test.tsx"
    tsx.write_bytes(recode(tsx.read_text(encoding="utf-8"), codec, said))
    assert "UTF-8" in refused(make_map(folder), "test.tsx")


@pytest.mark.parametrize(("codec", "said"), ENCODINGS, ids=IDS)
def test_a_catalogue_with_an_entity_in_another_encoding_imports_nothing(
    tmp_path: Path,
    data_dir: Path,  # noqa: F811
    capsys: pytest.CaptureFixture[str],
    codec: str,
    said: str | None,
) -> None:
    text = catalogue(name="&x;").decode("utf-8").replace("?>", "?>" + ENTITY.replace("map", "catalogue"), 1)
    path = tmp_path / "smuggled.cat"
    path.write_bytes(recode(text, codec, said))
    assert cli_main(["roster", "import", str(path)]) == 1
    err = capsys.readouterr().err
    assert "refused: smuggled.cat: is written in" in err and "BattleScribe writes UTF-8" in err, err
    assert not roster_path(data_dir).exists()


def test_a_doctype_is_refused_by_the_parser_whatever_the_bytes_look_like() -> None:
    """The parser, not a search of the bytes, refuses the declaration: spelt with odd spacing and case it is
    still found, and text that merely mentions a DOCTYPE (escaped, or in a comment) is not refused."""
    for doc in (b'<!DOCTYPE\n\ta [<!ENTITY x "y">]><a>&x;</a>', b"<!DOCTYPE a SYSTEM 'a.dtd'><a/>"):
        with pytest.raises(Unreadable, match="DOCTYPE or ENTITY"):
            parse_xml(doc, max_depth=4)
    assert parse_xml(b"<a>&lt;!DOCTYPE x&gt;<!-- <!DOCTYPE y> --></a>", max_depth=4).text == "<!DOCTYPE x>"
    assert parse_xml(b"\xef\xbb\xbf<a>\xc3\xa9t\xc3\xa9</a>", max_depth=4).text == "été"  # a UTF-8 mark is fine


# every way into an XML parser, outside the one careful reader (game/safe_xml.py)
PARSERS = ("ET.parse(", "ET.fromstring(", "ET.XML(", "ET.iterparse(", "XMLParser(", "XMLPullParser(", "minidom",
           "pyexpat", "xml.sax", "lxml", "load_pygame(", "TiledMap(")  # fmt: skip
# a map the guard has already read (scenario.path), drawn by pyscroll for the frame benchmark only
ALLOWED = {("game/ui/frame_bench.py", "load_pygame(")}


def test_every_xml_file_is_parsed_through_the_one_guard() -> None:
    """Maps, tilesets, templates, catalogues and game systems all reach a parser through
    :func:`game.safe_xml.parse_xml` (DOCTYPE refused by the parser itself, UTF-8 only): no other module calls
    one, outside a doctest, so a new reader cannot bring the UTF-16 way round back."""
    root = Path(__file__).resolve().parent.parent
    found = []
    for path in sorted((root / "game").rglob("*.py")):
        name = path.relative_to(root).as_posix()
        if name == "game/safe_xml.py":
            continue
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            code = line.strip()
            if code.startswith((">>>", "...", "#")):
                continue
            found += [f"{name}:{number}: {code}" for p in PARSERS if p in code and (name, p) not in ALLOWED]
    assert not found, "\n".join(found)
