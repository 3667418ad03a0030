"""Session scrum31's maintainability mends, behaviour unchanged: one list of the verbs of delivering (the dependency
reading, its literal pre-check and the service verbs all read it), one cached morphology for the parser's readers,
and one denied-stop pass per blocker text."""

from __future__ import annotations

import pytest

from agentcore.apps.scrum import blocker_effect
from agentcore.apps.scrum.daily_parser import blocker_clauses
from agentcore.text import morphology


def test_one_list_of_delivering_verbs() -> None:
    assert blocker_clauses.DELIVER is blocker_effect.DELIVER
    assert blocker_effect.DELIVER <= blocker_effect._SERVICE


@pytest.mark.parametrize("lemma", sorted(blocker_effect.DELIVER))
def test_every_delivering_verb_passes_the_pre_check(lemma: str) -> None:
    """The literal pre-check is built from the list, so a verb added there is never skipped: each verb's masculine
    past, negated after a department, is a dependency unmet («бухгалтерия до сих пор не <verb> …»)."""
    past = next(p for p in morphology.parses(lemma) if p.tag.POS == "INFN").inflect({"past", "sing", "masc"})
    assert past is not None
    text = f"отдел кадров до сих пор не {past.word} документы"
    assert blocker_clauses._DEPENDENCY_HINT.search(text), text
    assert blocker_clauses.dependency_unmet(text), text


def test_the_denied_stop_pass_runs_once_per_text(monkeypatch: pytest.MonkeyPatch) -> None:
    """A blocker clause is screened for a denial and then read for criticality; the statements that deny a stop are
    found once for both (within one reading)."""
    from agentcore.apps.scrum.blocker_reading import criticality
    from agentcore.text.reading_memo import new_reading

    calls: list[list[str]] = []
    real = blocker_effect._denies_stop
    monkeypatch.setattr(blocker_effect, "_denies_stop", lambda words: calls.append(words) or real(words))
    new_reading()  # the pass is remembered while one daily is read: start one
    text = "стенд Заводского района тормозит, но вся бригада не стоит"
    assert not blocker_clauses.trouble_denied(text)
    first = len(calls)
    criticality(text)
    denial = ["вся", "бригада", "не", "стоит"]
    assert denial in calls[:first] and denial not in calls[first:]
