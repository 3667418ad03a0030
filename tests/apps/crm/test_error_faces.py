"""The CRM's errors get their HTTP answers at the edge (``apps/crm/http.error_faces``), registered with the app."""

from __future__ import annotations

from agentcore.appkit.registry import get_app
from agentcore.apps.crm.errors import InputError
from agentcore.apps.crm.http import error_faces
from agentcore.apps.crm.main_entrypoint import PortalConfigError
from agentcore.apps.crm.principals import NotAllowedError
from agentcore.apps.crm.state_store import StateStoreError
from agentcore.web.status import StatusMap


def test_each_error_answers_as_post_chat_did() -> None:
    faces = StatusMap(error_faces())
    cases = {
        InputError("пустое сообщение"): (400, "invalid_input", "пустое сообщение"),
        NotAllowedError("нельзя действовать за bob"): (403, "forbidden_user", "нельзя действовать за bob"),
        StateStoreError("redis://:secret@10.0.0.1 down"): (
            503,
            "state_unavailable",
            "хранилище состояния недоступно, повторите позже",
        ),
        PortalConfigError("BITRIX_WEBHOOK_URL https://x.bitrix24.ru/rest/1/tok/"): (
            503,
            "crm_unavailable",
            "портал Bitrix24 настроен неверно, обратитесь к администратору",
        ),
    }
    for error, (status, code, message) in cases.items():
        face = faces.face_of(error)
        assert face is not None and (face.status, face.code, face.message(error)) == (status, code, message)


def test_the_registry_brings_them_to_the_server() -> None:
    assert InputError in get_app("crm").error_faces()
