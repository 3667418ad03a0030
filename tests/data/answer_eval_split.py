"""Writes an answer-evaluation split: the one JSON layout every ``make_answer_*.py`` generator shares.

Imported by the generators when they run as scripts (``python tests/data/make_answer_dev3.py``: this folder is
then first on ``sys.path``); the data tests read the generators' ``ROWS`` without running their ``main``.
"""

import json
from pathlib import Path

Row = tuple[str, str, list[str], str | None]
"""(category, question, key facts, missing part) — see ``make_answer_eval.py``."""


def write_split(rows: list[Row], *, prefix: str, split: str, name: str) -> None:
    """Write ``rows`` to ``tests/data/<name>``, ids ``<prefix>001``… in order, every row in ``split``."""
    write_rows(
        [
            {
                "id": f"{prefix}{number:03d}",
                "split": split,
                "category": category,
                "question": question,
                "key_facts": facts,
                "missing": missing,
            }
            for number, (category, question, facts, missing) in enumerate(rows, start=1)
        ],
        name,
    )


def write_rows(rows: list[dict[str, object]], name: str) -> None:
    """Write prepared rows to ``tests/data/<name>`` (indent 1, UTF-8, a final newline) and say where."""
    path = Path(__file__).with_name(name)
    path.write_text(json.dumps(rows, ensure_ascii=False, indent=1) + "\n", encoding="utf-8")
    print(f"{len(rows)} rows -> {path}")
