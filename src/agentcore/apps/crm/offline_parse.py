"""Pieces of Russian CRM requests the offline planner reads: quoted names, amounts, ids, stages, events, URLs."""

from __future__ import annotations

import re

__all__ = [
    "amount",
    "entity_ids",
    "event_code",
    "quoted",
    "stage_code",
    "url",
]

_QUOTED = re.compile(r"«([^»]+)»|\"([^\"]+)\"|“([^”]+)”|'([^']+)'")
_AMOUNT = re.compile(
    r"(?<![\w#№])(\d{1,3}(?:[ \u00a0\u202f]\d{3})+|\d+)(?:[.,](\d{1,2}))?"
    r"\s*(тысяч\w*|тыс\.?|млн\.?|миллион\w*|к\b|k\b)?",
    re.IGNORECASE,
)
_URL = re.compile(r"https?://[^\s\"'«»<>]+", re.IGNORECASE)

STAGES = {
    "NEW": ("нов", "начальн"),
    "PREPARATION": ("подготов",),
    "PREPAYMENT_INVOICE": ("предоплат",),
    "EXECUTING": ("в работ", "исполн", "выполнени"),
    "FINAL_INVOICE": ("финальн",),
    "WON": ("выигран", "успешн", "успех", "закрыта успешно", "won"),
    "LOSE": ("проигран", "провал", "отказ", "lose"),
}
_EVENT_ENTITIES = {"DEAL": "сделк", "CONTACT": "контакт", "COMPANY": "компани", "LEAD": "лид"}
_EVENT_ACTIONS = {"ADD": ("создан", "добавлен", "новы"), "UPDATE": ("изменен", "обновлен"), "DELETE": ("удален",)}


def quoted(text: str) -> str | None:
    """The first quoted fragment («…», "…", “…”, '…'), stripped."""
    match = _QUOTED.search(text)
    if match is None:
        return None
    return next(group for group in match.groups() if group is not None).strip() or None


def amount(text: str) -> float | None:
    """The money amount in ``text`` («на 75 000 рублей», «150к», «1,5 млн»); None if there is none.

    Numbers inside quotes and ids written as ``#12`` / ``№12`` are not amounts.
    """
    cleaned = _QUOTED.sub(" ", text)
    candidates = []
    for match in _AMOUNT.finditer(cleaned):
        whole = re.sub(r"[ \u00a0\u202f]", "", match.group(1))
        value = float(f"{whole}.{match.group(2)}" if match.group(2) else whole)
        suffix = (match.group(3) or "").lower()
        if suffix.startswith(("тыс", "к", "k")):
            value *= 1000
        elif suffix.startswith(("млн", "миллион")):
            value *= 1_000_000
        candidates.append(value)
    return candidates[-1] if candidates else None


def entity_ids(text: str, noun: str) -> list[str]:
    """Ids after a noun stem («сделку 12», «сделки №3, 4 и 5», «сделка #7»), in order."""
    found: list[str] = []
    pattern = re.compile(rf"{noun}\w*\s*(?:[#№]\s*)?((?:\d+)(?:\s*(?:,|и)\s*(?:[#№]\s*)?\d+)*)", re.IGNORECASE)
    for match in pattern.finditer(text):
        found.extend(re.findall(r"\d+", match.group(1)))
    if not found:
        found = re.findall(r"[#№]\s*(\d+)", text)
    return list(dict.fromkeys(found))


def stage_code(text: str) -> str | None:
    """A deal stage from Russian words («на стадию в работе» → ``EXECUTING``) or a literal code."""
    lowered = text.lower()
    after = re.search(r"(?:стади\w*|этап\w*)\s+(.+)$", lowered)
    scope = after.group(1) if after else lowered
    code = re.search(r"\b(C\d+:)?(NEW|PREPARATION|PREPAYMENT_INVOICE|EXECUTING|FINAL_INVOICE|WON|LOSE|APOLOGY)\b", text)
    if code:
        return (code.group(1) or "") + code.group(2)
    for stage, stems in STAGES.items():
        if any(stem in scope for stem in stems):
            return stage
    return None


def event_code(text: str) -> str | None:
    """A CRM event name («на создание сделок» → ``ONCRMDEALADD``)."""
    lowered = text.lower()
    entity = next((e for e, stem in _EVENT_ENTITIES.items() if stem in lowered), "DEAL")
    action = next((a for a, stems in _EVENT_ACTIONS.items() if any(s in lowered for s in stems)), None)
    explicit = re.search(r"\bONCRM[A-Z]+\b", text.upper())
    if explicit:
        return explicit.group(0)
    return f"ONCRM{entity}{action}" if action else None


def url(text: str) -> str | None:
    """The first http(s) URL, without trailing punctuation."""
    match = _URL.search(text)
    return match.group(0).rstrip(".,;:!?)") if match else None
