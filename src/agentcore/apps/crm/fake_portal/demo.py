"""Demo data for the fake portal: a few companies, contacts and deals of a small Russian business."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

from agentcore.apps.crm.fake_portal.entities import new_entity
from agentcore.apps.crm.fake_portal.storage import PortalStorage

__all__ = ["seed_demo"]

COMPANIES: list[dict[str, Any]] = [
    {"TITLE": "ООО «Ромашка»", "INDUSTRY": "MANUFACTURING", "PHONE": [{"VALUE": "+7 495 100-20-30"}]},
    {"TITLE": "АО «Вектор»", "INDUSTRY": "IT", "EMAIL": [{"VALUE": "info@vector.example"}]},
    {"TITLE": "ИП Смирнова", "INDUSTRY": "CONSULTING"},
]
CONTACTS: list[dict[str, Any]] = [
    {"NAME": "Иван", "LAST_NAME": "Петров", "POST": "Закупщик", "COMPANY_ID": 1, "PHONE": ["+7 900 111-22-33"]},
    {"NAME": "Ольга", "LAST_NAME": "Кузнецова", "POST": "Директор", "COMPANY_ID": 2, "EMAIL": ["olga@vector.example"]},
    {"NAME": "Анна", "LAST_NAME": "Смирнова", "COMPANY_ID": 3},
]
# (title, amount, stage, company id, contact id)
_DEALS = [
    ("Ромашка: поставка насосов", 250000, "PREPARATION", 1, 1),
    ("Ромашка: сервисный контракт", 180000, "NEW", 1, 1),
    ("Вектор: внедрение CRM", 1200000, "EXECUTING", 2, 2),
    ("Вектор: обучение сотрудников", 90000, "WON", 2, 2),
    ("Смирнова: консультация", 45000, "NEW", 3, 3),
]
DEALS: list[dict[str, Any]] = [
    {"TITLE": t, "OPPORTUNITY": a, "STAGE_ID": s, "COMPANY_ID": co, "CONTACT_IDS": [c]} for t, a, s, co, c in _DEALS
]


def seed_demo(storage: PortalStorage, *, user_id: str = "1") -> bool:
    """Fill an empty portal with the demo entities; False (and nothing changed) if it has deals already."""
    if storage.count("deal") or storage.count("company") or storage.count("contact"):
        return False
    now = datetime.now(UTC)
    for kind, rows in (("company", COMPANIES), ("contact", CONTACTS), ("deal", DEALS)):
        for fields in rows:
            entity_id = storage.next_id(kind)
            storage.put(kind, entity_id, new_entity(kind, entity_id, fields, user_id=user_id, now=now))
    return True
