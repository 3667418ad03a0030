"""``agentcore.text.clauses``: the one clause splitter (two cutting policies) and the one predicate test of the
claim guard (``rag._facts``) and the focus check (``rag._focus.owner``) — review F14: each had its own splitter and
its own «has a predicate» check."""

from __future__ import annotations

import pytest

from agentcore.rag import _facts
from agentcore.rag._focus import owner, qualifiers, section_rules, words
from agentcore.text.clauses import (
    CONDITION_OPENER_PATTERN,
    FINITE_VERB,
    PREDICATE_POS,
    VERB_PREDICATES,
    clauses,
    has_predicate,
    is_predicate,
    main_clause,
    opens_a_subordinate,
    stands_alone,
)

PERMITS = frozenset({"можно", "нельзя", "запрещено"})


@pytest.mark.parametrize(
    ("sentence", "pieces"),
    [
        # a contrast
        ("Задачи ведутся в Kaiten, а схемы рисуют в Miro", ["Задачи ведутся в Kaiten", " схемы рисуют в Miro"]),
        # a comma between two main clauses; a dash standing for the verb
        ("Задачи ведутся в Kaiten, доски рисуют в Miro", ["Задачи ведутся в Kaiten", " доски рисуют в Miro"]),
        (
            "Код хранится в GitLab, документация — в Confluence",
            ["Код хранится в GitLab", " документация — в Confluence"],
        ),
        # «и» between two predicates; coordinated infinitives under one «запрещено» are one clause
        ("Отпуск переносится и дни здоровья сгорают", ["Отпуск переносится", "дни здоровья сгорают"]),
        ("Записывать пароли и пересылать их запрещено", ["Записывать пароли и пересылать их запрещено"]),
        # a subordinate clause stays with its main clause; «;» always cuts
        ("Сотрудник работает из дома, если нет связи", ["Сотрудник работает из дома, если нет связи"]),
        ("Обед с 13:00; ужин не предусмотрен", ["Обед с 13:00", " ужин не предусмотрен"]),
    ],
)
def test_the_coordinated_policy_cuts_at_contrasts_main_clauses_and_and(sentence: str, pieces: list[str]) -> None:
    assert clauses(sentence, "coordinated", also=PERMITS) == pieces


@pytest.mark.parametrize(
    ("sentence", "pieces"),
    [
        (
            "Спринт заканчивается обзором, ретроспектива длится 1 час",
            ["Спринт заканчивается обзором", "ретроспектива длится 1 час"],
        ),
        ("Спринт длится 2 недели, а обзор — 1 час", ["Спринт длится 2 недели", "а обзор — 1 час"]),
        ("Спринт, как правило, длится 2 недели", ["Спринт, как правило, длится 2 недели"]),
        (
            "Спринт начинается в понедельник, он длится 2 недели",
            ["Спринт начинается в понедельник, он длится 2 недели"],
        ),
        ("Продолжительность спринта — 2 недели", ["Продолжительность спринта — 2 недели"]),
        ("Обзор в пятницу; ретро после него", ["Обзор в пятницу", "ретро после него"]),
    ],
)
def test_the_own_subject_policy_cuts_only_before_a_clause_with_its_own_subject(
    sentence: str, pieces: list[str]
) -> None:
    assert clauses(sentence, "own_subject") == pieces


def test_a_dependent_subject_cuts_only_with_a_genitive_owner() -> None:
    sentence = "Ретроспектива проходит в пятницу, продолжительность — 1 час"
    nouns = frozenset({"продолжительность"})
    assert clauses(sentence, "own_subject") == ["Ретроспектива проходит в пятницу", "продолжительность — 1 час"]
    assert clauses(sentence, "own_subject", dependent_subjects=nouns) == [sentence]
    owned = "Спринт длится 2 недели, продолжительность обзора — 1 час"
    assert clauses(owned, "own_subject", dependent_subjects=nouns) == [
        "Спринт длится 2 недели",
        "продолжительность обзора — 1 час",
    ]


def test_one_predicate_test_with_the_kinds_each_reader_asks() -> None:
    assert is_predicate("длится") and is_predicate("обязательна") and is_predicate("запрещено")
    assert not is_predicate("спринт") and not is_predicate("заказать")  # an infinitive is no predicate by default
    assert is_predicate("заказать", VERB_PREDICATES) and not is_predicate("обязательна", VERB_PREDICATES)
    assert is_predicate("длится", FINITE_VERB) and not is_predicate("запрещено", FINITE_VERB)
    assert PREDICATE_POS >= FINITE_VERB
    assert has_predicate("Отпуск переносится") and not has_predicate("дни здоровья")
    assert has_predicate("передавать пароли вправе", also=frozenset({"вправе"}))
    assert main_clause(" доски рисуют в Miro") and not main_clause(" если нет связи")
    assert main_clause(" документация — в Confluence")


def test_the_guard_and_the_focus_check_cut_with_this_module() -> None:
    # the readers keep no splitter nor predicate test of their own
    for name in ("_clause_pieces", "_asyndetic", "_main_clause", "_has_predicate", "_CONTRAST_RE", "_AND_RE"):
        assert not hasattr(_facts, name)
    for name in ("_has_own_subject", "_CLAUSE_BREAK_RE", "_genitive_noun_after"):
        assert not hasattr(owner, name)
    assert not hasattr(words, "_PREDICATES")
    assert owner.clauses is clauses and _facts.clauses is clauses


def test_a_statement_of_its_own_after_a_cut() -> None:
    # review finding 10 (rag._markers.cited_clauses): a condition or a phrase says nothing without its clause
    assert opens_a_subordinate("если сотрудник заболел") and opens_a_subordinate("только если сотрудник заболел")
    assert not opens_a_subordinate("отпуск переносится")
    assert not stands_alone("если сотрудник заболел во время отпуска.")
    assert not stands_alone("в случае болезни сотрудника.")
    assert stands_alone("а отпускные за три дня до отпуска.")  # a contrast, its verb left out
    assert stands_alone("схемы рисуют в Miro.")


@pytest.mark.parametrize(
    "segment",
    [
        "в случае если сотрудник заболел до начала отпуска.",
        "в случае, если сотрудник заболел до начала отпуска.",
        "при условии что сотрудник заболел до начала отпуска.",
        "при условии, что сотрудник заболел до начала отпуска.",
        "в том случае, если сотрудник заболел до начала отпуска.",
        "после того как сотрудник вернулся из отпуска.",
        "за исключением случаев, когда сотрудник заболел до начала отпуска.",
        "но только если сотрудник заболел до начала отпуска.",
        "а если сотрудник заболел до начала отпуска.",
        "однако при условии, что сотрудник заболел.",
        # review rv4 finding 1: a plain condition keeps the rest with the claim before it, whatever follows
        "если руководитель согласует, то отпуск можно взять раньше.",
        "если сотрудник заболел, больничный нужно передать в HR.",
        "когда сотрудник заболел во время отпуска, отпуск продлевается.",
        "но если сотрудник заболел, то есть открыл больничный лист.",  # «то есть» is not the main clause's «то»
    ],
)
def test_a_condition_opened_by_several_words_or_after_a_contrast_word_is_no_statement(segment: str) -> None:
    # review rv3 finding 4: only a one-word opener («если») was read; «в случае если …», «при условии что …», «но
    # только если …» stood alone and were cut off their claim
    assert not stands_alone(segment)


@pytest.mark.parametrize(
    "segment",
    [
        "а отпускные выплачиваются за три дня до отпуска.",
        "но отпускные выплачиваются за три дня до отпуска.",
        "но если руководитель согласует, отпуск можно взять раньше.",  # the condition's own main clause follows
        "но если руководитель согласует, то отпуск можно взять раньше.",
        "в случае болезни сотрудник сообщает руководителю.",  # a phrase inside a main clause
        "в то время как отпускные выплачиваются заранее.",
        # review rv4 finding 1: a consequence or a purpose is no condition (as before 088e1e3)
        "так что сотрудник отдыхает полностью.",
        "с тем чтобы сотрудник отдохнул полностью.",
    ],
)
def test_a_contrast_or_a_clause_with_its_own_condition_stands_alone(segment: str) -> None:
    assert stands_alone(segment)


def test_one_list_of_condition_openers() -> None:
    # the focus check reads a sentence's condition by the cutter's list, not by one of its own
    assert qualifiers._OWN_CONDITION_RE.pattern.count(CONDITION_OPENER_PATTERN) == 1
    assert section_rules._CONDITION_RE.pattern.count(CONDITION_OPENER_PATTERN) == 1
    assert qualifiers._OWN_CONDITION_RE.search("Отпуск продлевается за исключением случаев, когда сотрудник уволен.")


def test_one_list_of_the_conjunctions_a_coordinated_clause_opens_with() -> None:
    # CLAUSE_OPENERS (the contrasts, «и», «а также»): the own-subject policy reads past every one of them to the
    # clause's subject, and a clause shown alone loses it — «, в то время как …» and «, а также …» cut no clause
    # before, and «зато …» stayed in a claim shown without the clause it continued
    from agentcore.text.clauses import without_clause_opener

    contrast = "Спринт длится две недели, в то время как ретроспектива длится 1 час"
    assert clauses(contrast, "own_subject") == ["Спринт длится две недели", "в то время как ретроспектива длится 1 час"]
    also = "Спринт длится две недели, а также ретроспектива длится 1 час"
    assert clauses(also, "own_subject") == ["Спринт длится две недели", "а также ретроспектива длится 1 час"]
    assert without_clause_opener("зато отпускные выплачиваются раньше") == "отпускные выплачиваются раньше"
    assert without_clause_opener("а также отпускные") == "отпускные"
    assert without_clause_opener("также отпускные") == "также отпускные"
    assert without_clause_opener("аванс 25-го числа") == "аванс 25-го числа"
