"""``_update_state_from_action``: objects and their links follow what the portal says, in both directions."""

from __future__ import annotations

from agentcore.apps.crm.models import MAX_OBJECTS_PER_KIND, AgentState
from agentcore.apps.crm.state_sync import update_state_from_action


def _state() -> AgentState:
    return AgentState(session_id="s", user_id="u")


def test_deal_get_fills_the_current_deal_contact_and_company() -> None:
    state = _state()
    update_state_from_action(state, "crm.deal.get", {"id": 12}, {"ID": "12", "COMPANY_ID": "9", "CONTACT_ID": "84"})
    objects = state.objects
    assert (objects.deal_id, objects.contact_id, objects.company_id) == ("12", "84", "9")
    assert objects.deals["12"]["CONTACT_IDS"] == ["84"] and objects.deals["12"]["CONTACT_ID"] == "84"
    assert objects.contacts["84"]["DEAL_IDS"] == ["12"] and objects.companies["9"]["DEAL_IDS"] == ["12"]


def test_the_deprecated_contact_id_keeps_the_other_contacts_while_it_is_still_the_first() -> None:
    state = _state()
    update_state_from_action(state, "crm.deal.add", {"fields": {"TITLE": "x", "CONTACT_IDS": [84, 85]}}, 12)
    update_state_from_action(state, "crm.deal.get", {"id": 12}, {"ID": "12", "CONTACT_ID": "84"})
    assert state.objects.deals["12"]["CONTACT_IDS"] == ["84", "85"]
    assert state.objects.contacts["85"]["DEAL_IDS"] == ["12"]


def test_links_removed_on_the_portal_leave_the_state() -> None:
    state = _state()
    update_state_from_action(state, "crm.deal.add", {"fields": {"CONTACT_IDS": [84, 85], "COMPANY_ID": 9}}, 12)
    # another contact is first now, the company changed
    update_state_from_action(state, "crm.deal.get", {"id": 12}, {"ID": "12", "CONTACT_ID": "90", "COMPANY_ID": "10"})
    deal = state.objects.deals["12"]
    assert deal["CONTACT_IDS"] == ["90"] and deal["CONTACT_ID"] == "90"
    assert state.objects.contacts["84"]["DEAL_IDS"] == [] and state.objects.contacts["85"]["DEAL_IDS"] == []
    assert state.objects.companies["9"]["DEAL_IDS"] == [] and state.objects.companies["10"]["DEAL_IDS"] == ["12"]
    # every contact removed, the company unset ("0")
    update_state_from_action(state, "crm.deal.get", {"id": 12}, {"ID": "12", "CONTACT_ID": None, "COMPANY_ID": "0"})
    deal = state.objects.deals["12"]
    assert deal["CONTACT_IDS"] == [] and deal["CONTACT_ID"] is None
    assert state.objects.contacts["90"]["DEAL_IDS"] == [] and state.objects.companies["10"]["DEAL_IDS"] == []


def test_update_that_clears_contacts_clears_the_links() -> None:
    state = _state()
    update_state_from_action(state, "crm.deal.get", {"id": 12}, {"ID": "12", "CONTACT_ID": "84"})
    update_state_from_action(state, "crm.deal.update", {"id": 12, "fields": {"CONTACT_IDS": []}}, True)
    assert state.objects.deals["12"]["CONTACT_IDS"] == [] and state.objects.contacts["84"]["DEAL_IDS"] == []


def test_a_contact_moving_to_another_company_leaves_the_old_one() -> None:
    state = _state()
    update_state_from_action(state, "crm.contact.get", {"id": 84}, {"ID": "84", "COMPANY_ID": "9"})
    update_state_from_action(state, "crm.contact.get", {"id": 84}, {"ID": "84", "COMPANY_ID": "10"})
    assert state.objects.companies["9"]["CONTACT_IDS"] == [] and state.objects.companies["10"]["CONTACT_IDS"] == ["84"]
    assert state.objects.company_id == "10"


def test_a_list_does_not_choose_the_current_contact_or_company() -> None:
    state = _state()
    deals = [{"ID": "1", "COMPANY_ID": "9", "CONTACT_ID": "84"}, {"ID": "2", "COMPANY_ID": "10", "CONTACT_ID": "85"}]
    update_state_from_action(state, "crm.deal.list", {}, deals)
    objects = state.objects
    assert (objects.deal_id, objects.contact_id, objects.company_id) == (None, None, None)
    assert objects.companies["10"]["DEAL_IDS"] == ["2"]


def test_link_lists_stay_bounded() -> None:
    state = _state()
    deals = [{"ID": str(i), "COMPANY_ID": "9"} for i in range(1, 3 * MAX_OBJECTS_PER_KIND)]
    update_state_from_action(state, "crm.deal.list", {}, deals)
    links = state.objects.companies["9"]["DEAL_IDS"]
    assert len(links) == MAX_OBJECTS_PER_KIND and links[-1] == str(3 * MAX_OBJECTS_PER_KIND - 1)


def test_unresolved_batch_references_change_no_link() -> None:
    state = _state()
    update_state_from_action(state, "crm.deal.get", {"id": 12}, {"ID": "12", "COMPANY_ID": "9", "CONTACT_ID": "84"})
    fields = {"COMPANY_ID": "$result[c][0][ID]", "CONTACT_IDS": ["$result[p][ID]"]}
    update_state_from_action(state, "crm.deal.update", {"id": 12, "fields": fields}, True)
    deal = state.objects.deals["12"]
    assert (deal["COMPANY_ID"], deal["CONTACT_IDS"]) == ("9", ["84"])


def test_event_bindings_follow_bind_get_and_unbind() -> None:
    state = _state()
    update_state_from_action(state, "event.bind", {"event": "onCrmDealAdd", "handler": "https://h/1"}, True)
    assert state.event_bindings == [{"event": "ONCRMDEALADD", "handler": "https://h/1"}]
    portal = [{"event": "ONCRMDEALADD", "handler": "https://h/1", "auth_type": "0", "offline": 0}]
    update_state_from_action(state, "event.get", {}, portal)
    assert state.event_bindings == portal
    update_state_from_action(state, "event.unbind", {"event": "ONCRMDEALADD", "handler": "https://h/1"}, {"count": 1})
    assert state.event_bindings == []
