"""The composer shows a yes/no question the sentence that states the rule about its own subject (issue 18, branch
``rv``): the sentence of a retrieved passage that names the subject's nouns as the focus check reads them, not a
sentence of another document that a paraphrase bridge finds closer."""

from __future__ import annotations

import pytest

from agentcore.rag import answer
from agentcore.rag.answer import Excerpt, _units, supplying_excerpts
from agentcore.rag.models import Hit

_BUDGET = (
    "Каждому сотруднику доступно 40 000 ₽ в календарный год на внешнее обучение: онлайн-курсы, тренинги, "
    "сертификации. Неиспользованный остаток на следующий год не переносится."
)
_VACATION = (
    "Неиспользованные дни отпуска переносятся на следующий год. Остаток больше 28 дней HR предложит запланировать."
)


def _hits() -> list[Hit]:
    return [
        Hit(
            id="a",
            doc_id="d",
            title="Корпоративное обучение — Бюджет на обучение",
            text=_BUDGET,
            score=1.0,
            source="d.md",
            rank=1,
        ),
        Hit(
            id="b", doc_id="v", title="Отпуск — Неиспользованные дни", text=_VACATION, score=0.9, source="v.md", rank=2
        ),
    ]


def test_a_yes_no_is_shown_the_rule_about_its_own_subject_not_another_documents_sentence() -> None:
    hits = _hits()
    quoted = [Excerpt(_units(_BUDGET)[0], hits[0])]  # the section's opening: it shares words, states no rule
    added = [
        e.unit.text for e in supplying_excerpts("неистраченные деньги на курсы переходят на след год?", hits, quoted)
    ]
    assert added == ["Неиспользованный остаток на следующий год не переносится."]


def test_a_yes_no_about_another_subject_is_shown_that_subjects_rule() -> None:
    hits = _hits()
    quoted = [Excerpt(_units(_BUDGET)[0], hits[0])]
    added = [
        e.unit.text for e in supplying_excerpts("неиспользованные дни отпуска переходят на след год?", hits, quoted)
    ]
    assert added == ["Неиспользованные дни отпуска переносятся на следующий год."]


def test_a_paraphrase_of_another_subject_yields_to_the_rule_about_the_yes_nos_own(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # e5 finds the vacation sentence closest; it names no thing of the training budget: the budget's rule is shown
    from agentcore.rag import _focus

    hits = _hits()
    readings = [u.text for hit in hits for u in _units(hit.text)]
    monkeypatch.setattr(_focus, "semantic_supplier", lambda *args, **kwargs: readings.index(_units(_VACATION)[0].text))
    # The test is of the paraphrase's path: the question's words are read as written.  (With the passages' closest
    # words by e5 — session fd2 — «неистраченные» reads as «неиспользованный» and the budget's rule supplies the part
    # by its words, before any paraphrase is sought.)
    monkeypatch.setattr(_focus, "with_alternatives", lambda parts, texts: parts)
    quoted = [Excerpt(_units(_BUDGET)[0], hits[0])]
    question = "неистраченные деньги на обучение переходят на следующий год?"
    added = [e.unit.text for e in supplying_excerpts(question, hits, quoted)]
    assert added == ["Неиспользованный остаток на следующий год не переносится."]
    monkeypatch.setattr(answer, "YESNO_PARAPHRASE_NAMES_ITS_SUBJECT", False)
    assert [e.unit.text for e in supplying_excerpts(question, hits, quoted)] == [_units(_VACATION)[0].text]
