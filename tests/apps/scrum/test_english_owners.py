"""English owners of a trouble and of its remedy (review of session sb's rules): the member's own «We're blocked …»
and «Finally fixed …» are the member's, not news of another."""

from __future__ import annotations

from agentcore.apps.scrum.blocker_reading import remedied_by_others
from agentcore.apps.scrum.trouble_owner import another_is_stopped


def test_an_adverb_before_an_english_fix_is_no_other_doer() -> None:
    assert not remedied_by_others("Finally fixed the flaky test")
    assert not remedied_by_others("Yesterday fixed the build")
    assert remedied_by_others("ops fixed the build overnight")  # a subject of its own: news


def test_we_and_it_are_not_another_person_stopped() -> None:
    assert not another_is_stopped("We're blocked on the staging API", ", pinged him")
    assert not another_is_stopped("It's stuck in review", ", asked him twice")
    assert another_is_stopped("Sarah is blocked on the sandbox", ", I'm pairing with her")
