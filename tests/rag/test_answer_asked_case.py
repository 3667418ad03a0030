"""The composer quotes the sentence of the asked case (issue 18, branch ``cw``): among sentences of the right document
that share the question's words, the one that says what the question asks — not a neighbour sharing more words."""

from __future__ import annotations

from agentcore.rag.answer import _asked_by_li, select_excerpts
from agentcore.rag.models import Hit

_PHISHING = (
    "Подозрительные письма — с просьбой срочно перейти по ссылке, ввести пароль, открыть вложение — не открывайте. "
    "Перешлите такое письмо на security@romashka-soft.ru и удалите."
)
_INCIDENTS = (
    "О любом инциденте ИБ — утере ноутбука, переходе по фишинговой ссылке, подозрении на взлом учётной записи — "
    "сообщите в течение 1 часа на security@romashka-soft.ru. Чем быстрее мы узнаем, тем меньше ущерб. "
    "За своевременное сообщение об инциденте сотрудника не наказывают."
)


def _hits() -> list[Hit]:
    return [
        Hit(
            id="s#4",
            doc_id="s",
            title="Информационная безопасность — Фишинг",
            text=_PHISHING,
            score=1.0,
            source="s",
            rank=1,
        ),
        Hit(
            id="s#5",
            doc_id="s",
            title="Информационная безопасность — Инциденты",
            text=_INCIDENTS,
            score=0.9,
            source="s",
            rank=2,
        ),
    ]


def test_the_word_before_li_is_what_a_yes_no_asks() -> None:
    assert _asked_by_li("накажут ли если я перешел по фишинговой ссылке") == "накажут"
    assert _asked_by_li("голосует ли владелец продукта") == "голосует"
    assert _asked_by_li("можно ли перенести отпуск") == "перенести"  # after a predicative: the infinitive
    assert _asked_by_li("есть ли парковка у офиса") is None  # being asks nothing of its own
    assert _asked_by_li("может ли тимлид отменить спринт") is None
    assert _asked_by_li("сколько дней отпуска") is None


def test_a_yes_no_is_quoted_the_sentence_saying_its_asked_word() -> None:
    quoted = [
        e.text for e in select_excerpts("накажут ли если я перешел по фишинговой ссылке и сразу сообщил", _hits())
    ]
    assert "За своевременное сообщение об инциденте сотрудника не наказывают." in quoted


def test_a_sentence_saying_only_the_asked_word_is_not_added() -> None:
    # «наказывают» alone, with nothing else the question names, is another case
    hits = [
        *_hits()[:1],
        Hit(
            id="x#1",
            doc_id="x",
            title="Офис — Кухня",
            text="Опоздавших не наказывают. Чай пополняется по понедельникам.",
            score=0.8,
            source="x",
            rank=2,
        ),
    ]
    quoted = [e.text for e in select_excerpts("накажут ли если я перешел по фишинговой ссылке", hits)]
    assert "Опоздавших не наказывают." not in quoted


def test_a_yes_no_without_li_asks_its_main_clauses_verb() -> None:
    assert _asked_by_li("накажут если кликнул на фишинговую ссылку и сразу сообщил?") == "накажут"
    assert _asked_by_li("если кликнул на ссылку, накажут?") == "накажут"  # not the verb of the «если» clause
    assert _asked_by_li("можно взять отпуск летом?") == "взять"
    assert _asked_by_li("сколько дней отпуска положено") is None  # no yes/no


def test_a_yes_no_without_li_is_quoted_the_sentence_saying_its_verb() -> None:
    quoted = [e.text for e in select_excerpts("накажут если кликнул на фишинговую ссылку и сразу сообщил?", _hits())]
    assert "За своевременное сообщение об инциденте сотрудника не наказывают." in quoted


_FAQ = "Рекомендуемый способ — WSL2. Нативный запуск на Windows возможен, но официально не поддерживается."


def test_a_section_headed_by_a_question_is_quoted_from_its_answer() -> None:
    hits = [
        Hit(
            id="faq#6",
            doc_id="faq",
            title="Частые вопросы об agentcore — Работает ли agentcore на Windows?",
            text=_FAQ,
            score=1.0,
            source="faq",
            rank=1,
        ),
        Hit(
            id="inst#0",
            doc_id="inst",
            title="Установка agentcore — Требования",
            text="Для работы agentcore нужен Python версии 3.11 или новее. Поддерживаются Linux и macOS.",
            score=0.9,
            source="inst",
            rank=2,
        ),
    ]
    quoted = [e.text for e in select_excerpts("агенткор на винде запустится?", hits)]
    assert quoted[:2] == [
        "Рекомендуемый способ — WSL2.",
        "Нативный запуск на Windows возможен, но официально не поддерживается.",
    ]
