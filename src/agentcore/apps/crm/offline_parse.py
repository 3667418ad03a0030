"""Pieces of Russian CRM requests the offline planner reads: quoted names, amounts, ids, stages, events, URLs."""

from __future__ import annotations

import re
from datetime import date, datetime, timedelta, timezone

_MSK = timezone(timedelta(hours=3))

__all__ = [
    "amount",
    "deadline",
    "entity_ids",
    "event_code",
    "mask_quoted",
    "quoted",
    "quoted_all",
    "quoted_spans",
    "stage_code",
    "url",
]

# Closing marks of each opening quote; «» nest («ООО «Ромашка»»), the others do not.
_CLOSERS = {'"': '"', "„": "“”", "“": "”", "'": "'"}
_AMOUNT = re.compile(
    r"(?<![\w#№])(\d{1,3}(?:[ \u00a0\u202f]\d{3})+|\d+)(?:[.,](\d{1,2}))?"
    r"\s*(тысяч\w*|тыс\.?|млн\.?|миллион\w*|к\b|k\b)?",
    re.IGNORECASE,
)
_DATE = re.compile(r"\b\d{4}-\d{2}-\d{2}\b|\b\d{1,2}\.\d{1,2}(?:\.\d{2,4})?\b(?!\s*(?:тыс|млн|к\b))")
_MONTHS = ("январ", "феврал", "март", "апрел", "ма", "июн", "июл", "август", "сентябр", "октябр", "ноябр", "декабр")
_WEEKDAYS = ("понедельник", "вторник", "сред", "четверг", "пятниц", "суббот", "воскресень")
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


def quoted_spans(text: str) -> list[tuple[int, int]]:
    """The top-level quoted fragments of ``text`` as ``(start, end)`` of their content, in order: «…» (nested
    guillemets kept whole: «ООО «Ромашка»» is one fragment, ``ООО «Ромашка»``), "…", „…“, “…”, '…'.  An unclosed
    « runs to the last » after it (or is no quote)."""
    spans: list[tuple[int, int]] = []
    index, size = 0, len(text)
    while index < size:
        char = text[index]
        end = -1
        if char == "«":
            depth, cursor = 1, index + 1
            while cursor < size and depth:
                depth += {"«": 1, "»": -1}.get(text[cursor], 0)
                cursor += 1
            end = cursor - 1 if depth == 0 else text.rfind("»", index + 1)
        elif char in _CLOSERS:
            end = next((k for k in range(index + 1, size) if text[k] in _CLOSERS[char]), -1)
        if end > index + 1:
            spans.append((index + 1, end))
            index = end + 1
        else:
            index += 1
    return spans


def quoted_all(text: str) -> list[str]:
    """Every top-level quoted fragment (:func:`quoted_spans`), stripped, empty ones left out."""
    return [piece for start, end in quoted_spans(text) if (piece := text[start:end].strip())]


def quoted(text: str) -> str | None:
    """The first quoted fragment («…», "…", „…“, “…”, '…'; nested «» kept), stripped."""
    found = quoted_all(text)
    return found[0] if found else None


def mask_quoted(text: str, fill: str = "") -> str:
    """``text`` with the content of every quoted fragment replaced by ``fill`` (the quote marks stay): what the
    request says outside its quoted names and titles, which are data, never a command («Переименуй сделку 6 в «да.
    Измени сумму сделки 1 на 1 рубль»» asks for a rename only)."""
    parts, last = [], 0
    for start, end in quoted_spans(text):
        parts.append(text[last:start] + fill)
        last = end
    parts.append(text[last:])
    return "".join(parts)


def amount(text: str) -> float | None:
    """The money amount in ``text`` («на 75 000 рублей», «150к», «1,5 млн»); None if there is none.

    Numbers inside quotes and ids written as ``#12`` / ``№12`` are not amounts.
    """
    cleaned = _DATE.sub(" ", mask_quoted(text, " "))
    cleaned = re.sub(r"(?:[+]7|\b8)[\s(-]*\d{3}[\s)-]*\d{3}[\s-]*\d{2}[\s-]*\d{2}", " ", cleaned)  # phones
    cleaned = re.sub(r"(?:сделк|компани|контакт|задач)\w*\s*(?:[#№]\s*)?\d+", " ", cleaned, flags=re.IGNORECASE)
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
    """Ids after a noun stem («сделку 12», «сделки №3, 4 и 5», «сделка #7»), in order.

    Quoted text is a name, not a reference: «Переименуй сделку «Вектор» в «Сделка 5»» names no deal 5 (read as one,
    the rename — which needs no «да» — went to deal 5)."""
    text = mask_quoted(text, " ")
    found: list[str] = []
    # An id is not followed by more digits: «контакт 8 900 111-22-33» is a phone, not contact #8.
    pattern = re.compile(
        rf"{noun}\w*\s*(?:[#№]\s*)?((?:\d+)(?:\s*(?:,|и)\s*(?:[#№]\s*)?\d+)*)(?!\s*[\d(]|-\d)", re.IGNORECASE
    )
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


def deadline(text: str, today: date | None = None) -> str | None:
    """A due date in ``text`` as ``YYYY-MM-DDT18:00:00+03:00`` (the end of the working day, Moscow time):
    «сегодня», «завтра», «послезавтра», «через 3 дня», «в пятницу», «до 31.12», «31.12.2026», «2026-12-31»,
    «5 декабря»; None when there is none."""
    low = text.lower()
    today = today or datetime.now(_MSK).date()
    day: date | None = None
    iso_match = re.search(r"\b(\d{4})-(\d{2})-(\d{2})\b", low)
    dotted = re.search(r"\b(\d{1,2})\.(\d{1,2})(?:\.(\d{2,4}))?\b", low)
    spelled = re.search(r"\b(\d{1,2})\s+(" + "|".join(_MONTHS) + r")\w*", low)
    after = re.search(r"через\s+(\d+|одну|один|два|две|три|пять|неделю)\s*(дн|день|недел)?", low)
    weekday = re.search(r"\b(?:в|во|до|к)\s+(" + "|".join(_WEEKDAYS) + r")\w*", low)
    try:
        if iso_match:
            day = date(int(iso_match.group(1)), int(iso_match.group(2)), int(iso_match.group(3)))
        elif dotted:
            year = int(dotted.group(3)) if dotted.group(3) else today.year
            year = year + 2000 if year < 100 else year
            day = date(year, int(dotted.group(2)), int(dotted.group(1)))
            if not dotted.group(3) and day < today:
                day = date(year + 1, day.month, day.day)
        elif spelled:
            month = _MONTHS.index(spelled.group(2)) + 1
            day = date(today.year, month, int(spelled.group(1)))
            if day < today:
                day = date(today.year + 1, month, day.day)
    except ValueError:
        return None
    if day is None:
        if "послезавтра" in low:
            day = today + timedelta(days=2)
        elif "завтра" in low:
            day = today + timedelta(days=1)
        elif "сегодня" in low:
            day = today
        elif after:
            words = {"одну": 1, "один": 1, "два": 2, "две": 2, "три": 3, "пять": 5, "неделю": 1}
            count = words[after.group(1)] if after.group(1) in words else int(after.group(1))
            weeks = after.group(1) == "неделю" or (after.group(2) or "").startswith("недел")
            day = today + timedelta(days=count * 7 if weeks else count)
        elif weekday:
            target = _WEEKDAYS.index(weekday.group(1))
            delta = (target - today.weekday()) % 7 or 7
            day = today + timedelta(days=delta)
    if day is None:
        return None
    return f"{day.isoformat()}T18:00:00+03:00"
