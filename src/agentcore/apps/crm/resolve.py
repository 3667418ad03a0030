"""Entity resolution: the deal, company, contact, stage and employee a message names, looked up on the portal by
name before the model plans, so «Удали сделку «Смирнова: консультация»» targets that deal and not the one shown
last, and «в стадию Переговоры» becomes the portal's own ``STATUS_ID``.

:func:`resolve_mentions` reads only (``batch`` of ``crm.*.list``, ``crm.status.list``, ``user.search``) through the
``read`` function it is given and returns a JSON-ready map the model sees as ``agent_state.resolved``::

    {"deal": {"name": "Вектор", "by": "title" | "company" | "contact", "matches": [{"ID", "TITLE", ...}]},
     "company": {"name", "matches": [{"ID", "TITLE"}]}, "contact": {"name", "matches": [...]},
     "stage": {"name", "matches": [{"STATUS_ID", "NAME"}]}, "user": {"name", "matches": [{"ID", "NAME", ...}]}}

A name is looked up by the stems of its words (:func:`~.mentions.stems`): one LIKE filter on the most distinctive
stem, then every stem must be in the candidate.  A deal name that matches no title is tried as a company and as a
contact (their deals).  A lookup that fails is reported as ``{"name", "error"}``, never raised: the turn goes on.
"""

from __future__ import annotations

import re
from collections.abc import Awaitable
from difflib import SequenceMatcher
from typing import Any

from agentcore.apps.crm.mentions import Mentions, find_mentions, imperatives, stems
from agentcore.apps.crm.offline_parse import amount, stage_code
from agentcore.apps.crm.phpquery import build_query
from agentcore.apps.crm.reads import Read
from agentcore.apps.crm.stages import StageDirectory, pipeline_of_category

__all__ = ["ASK_WHICH", "DEAL_FIELDS", "follow_up", "phone_spellings", "resolve_mentions"]

DEAL_FIELDS = [
    *("ID", "TITLE", "CATEGORY_ID", "STAGE_ID", "OPPORTUNITY", "CURRENCY_ID", "COMPANY_ID", "CONTACT_ID"),
    "ASSIGNED_BY_ID",
]
_CONTACT_FIELDS = ["ID", "NAME", "LAST_NAME", "COMPANY_ID", "POST"]
_SELECT = {"deal": DEAL_FIELDS, "contact": _CONTACT_FIELDS, "company": ["ID", "TITLE"]}
_MAX_MATCHES = 10
_CREATE = frozenset({"создать", "добавить", "завести", "заводить", "создавать", "добавлять"})
# The question the planner asks when a name matched several objects; an answer to it completes the earlier request.
ASK_WHICH = "Какую из них вы имеете в виду?"
_ORDINALS = ("перв", "втор", "трет", "четв", "пят", "шест", "седьм", "восьм", "девят", "десят")
_FILLER = frozenset({"в", "на", "во", "сделк", "стади", "этап", "колонк"})
# Words an answer naming a position may hold besides the ordinal («давай вторую сделку, пожалуйста»).
_PICK_WORDS = frozenset(
    {
        *("да", "ну", "вот", "давай", "давайте", "пожалуйста", "мне", "нужна", "нужен", "нужную", "нужного"),
        *("ту", "та", "тот", "того", "эту", "эта", "этот", "этого", "из", "них", "по", "счёту", "счету", "списку"),
        *("сделку", "сделка", "сделки", "вариант", "номер", "сотрудника", "сотрудницу", "сотрудник", "сотрудница"),
    }
)


def _key(stem_list: list[str]) -> str:
    """The stem a LIKE filter searches by: the longest one (the most distinctive)."""
    return max(stem_list, key=len)


def _contains_all(text: str, stem_list: list[str]) -> bool:
    words = re.findall(r"[\wё]+", text.lower())
    return all(any(word.startswith(stem) or stem in word for word in words) for stem in stem_list)


async def _batch(read: Read, cmd: dict[str, str]) -> dict[str, Any]:
    envelope = await read("batch", {"halt": 0, "cmd": cmd})
    result = envelope.get("result") or {}
    inner = result.get("result") if isinstance(result, dict) else None
    return inner if isinstance(inner, dict) else {}


def _rows(value: Any) -> list[dict[str, Any]]:
    return [row for row in value if isinstance(row, dict)] if isinstance(value, list) else []


def _order(newest: bool) -> dict[str, str]:
    """Oldest first, or — for «последняя сделка» — newest first.  Ids grow with each record created and
    ``DATE_CREATE`` cannot be set through REST, so ``ID`` descending is the creation order, newest first, without
    the ties a date to the second has."""
    return {"ID": "DESC" if newest else "ASC"}


def _list_cmd(kind: str, filters: dict[str, Any], select: list[str], newest: bool = False) -> str:
    return f"crm.{kind}.list?" + build_query({"filter": filters, "select": select, "order": _order(newest)})


async def _deals_of(read: Read, field: str, ids: list[str], newest: bool = False) -> list[dict[str, Any]]:
    envelope = await read("crm.deal.list", {"filter": {field: ids}, "select": DEAL_FIELDS, "order": _order(newest)})
    return _rows(envelope.get("result"))


async def _name_companies(found: dict[str, Any], read: Read) -> None:
    """Several deals for one name: give each its company's title (``COMPANY_TITLE``), so the question «which one?»
    can tell deals of one title apart by amount and company.  One read; a failure leaves the titles out."""
    matches = [m for m in found.get("matches") or [] if isinstance(m, dict)]
    if len(matches) < 2:
        return
    titles = {str(c.get("ID")): c.get("TITLE") for c in found.get("companies") or [] if isinstance(c, dict)}
    wanted = sorted({str(m.get("COMPANY_ID")) for m in matches if str(m.get("COMPANY_ID") or "0") != "0"} - set(titles))
    if wanted:
        try:
            envelope = await read("crm.company.list", {"filter": {"ID": wanted}, "select": ["ID", "TITLE"]})
            titles.update({str(row.get("ID")): row.get("TITLE") for row in _rows(envelope.get("result"))})
        except Exception:  # the question still lists the deals, without their companies
            return
    for match in matches:
        title = titles.get(str(match.get("COMPANY_ID")))
        if title:
            match["COMPANY_TITLE"] = title


async def _find_deals(name: str, quoted: bool, read: Read, newest: bool = False) -> dict[str, Any]:
    stem_list = stems(name) or [name.lower()]
    key = name if quoted else _key(stem_list)
    person = ["ID", "NAME", "LAST_NAME", "COMPANY_ID"]
    found = await _batch(
        read,
        {
            "title": _list_cmd("deal", {"%TITLE": key}, DEAL_FIELDS, newest),
            "title_stem": _list_cmd("deal", {"%TITLE": _key(stem_list)}, DEAL_FIELDS, newest),
            "company": _list_cmd("company", {"%TITLE": _key(stem_list)}, ["ID", "TITLE"]),
            "contact": _list_cmd("contact", {"%LAST_NAME": _key(stem_list)}, person),
        },
    )
    by_title = _rows(found.get("title")) or [
        d for d in _rows(found.get("title_stem")) if _contains_all(str(d.get("TITLE", "")), stem_list)
    ]
    exact = [d for d in by_title if str(d.get("TITLE", "")).strip().casefold() == name.strip().casefold()]
    if exact:
        return {"name": name, "by": "title", "matches": exact[:_MAX_MATCHES]}
    if by_title:
        return {"name": name, "by": "title", "matches": by_title[:_MAX_MATCHES]}
    companies = [c for c in _rows(found.get("company")) if _contains_all(str(c.get("TITLE", "")), stem_list)]
    if companies:
        deals = await _deals_of(read, "COMPANY_ID", [str(c["ID"]) for c in companies], newest)
        return {"name": name, "by": "company", "matches": deals[:_MAX_MATCHES], "companies": companies}
    contacts = [
        c
        for c in _rows(found.get("contact"))
        if _contains_all(f"{c.get('NAME') or ''} {c.get('LAST_NAME') or ''}", stem_list)
    ]
    if contacts:
        deals = await _deals_of(read, "CONTACT_ID", [str(c["ID"]) for c in contacts], newest)
        return {"name": name, "by": "contact", "matches": deals[:_MAX_MATCHES], "contacts": contacts}
    return {"name": name, "by": "title", "matches": [], "similar": await _similar("deal", stem_list, read)}


_SIMILAR_TEXT = {
    "deal": lambda row: str(row.get("TITLE") or ""),
    "company": lambda row: str(row.get("TITLE") or ""),
    "contact": lambda row: f"{row.get('NAME') or ''} {row.get('LAST_NAME') or ''}",
}
_SIMILAR_FILTER = {"deal": "%TITLE", "company": "%TITLE", "contact": "%LAST_NAME"}
_MIN_SIMILARITY = 0.75
_MAX_SIMILAR = 5


def _close(word: str, text: str) -> bool:
    return any(SequenceMatcher(None, word, w).ratio() >= _MIN_SIMILARITY for w in re.findall(r"[\wё]+", text.lower()))


async def _similar(kind: str, stem_list: list[str], read: Read) -> list[dict[str, Any]]:
    """Records whose name is close to a name that matched nothing («Смирнва» → «Смирнова: консультация»): looked up
    by the first three letters of its most distinctive word, kept when every word is within one or two letters
    (:data:`_MIN_SIMILARITY`).  Only ever offered to the user, never picked: a typo must not choose a record."""
    key = _key(stem_list)
    if len(key) < 4:
        return []
    envelope = await read(
        f"crm.{kind}.list", {"filter": {_SIMILAR_FILTER[kind]: key[:3]}, "select": _SELECT[kind], "order": _order(True)}
    )
    text = _SIMILAR_TEXT[kind]
    return [row for row in _rows(envelope.get("result")) if all(_close(w, text(row)) for w in stem_list)][:_MAX_SIMILAR]


async def _find_companies(name: str, read: Read, newest: bool = False) -> dict[str, Any]:
    stem_list = stems(name) or [name.lower()]
    envelope = await read(
        "crm.company.list",
        {"filter": {"%TITLE": _key(stem_list)}, "select": ["ID", "TITLE"], "order": _order(newest)},
    )
    rows = [c for c in _rows(envelope.get("result")) if _contains_all(str(c.get("TITLE", "")), stem_list)]
    if not rows:
        return {"name": name, "matches": [], "similar": await _similar("company", stem_list, read)}
    return {"name": name, "matches": rows[:_MAX_MATCHES]}


async def _find_contacts(name: str, read: Read, newest: bool = False) -> dict[str, Any]:
    stem_list = stems(name) or [name.lower()]
    found = await _batch(
        read,
        {
            "last_name": _list_cmd("contact", {"%LAST_NAME": _key(stem_list)}, _CONTACT_FIELDS, newest),
            "name": _list_cmd("contact", {"%NAME": _key(stem_list)}, _CONTACT_FIELDS, newest),
        },
    )
    rows: dict[str, dict[str, Any]] = {}
    for row in _rows(found.get("last_name")) + _rows(found.get("name")):
        if _contains_all(f"{row.get('NAME') or ''} {row.get('LAST_NAME') or ''}", stem_list):
            rows.setdefault(str(row.get("ID")), row)
    matches = sorted(rows.values(), key=_id_number, reverse=newest)  # the two lists merged in one order
    if not matches:
        return {"name": name, "matches": [], "similar": await _similar("contact", stem_list, read)}
    return {"name": name, "matches": matches[:_MAX_MATCHES]}


def _id_number(row: dict[str, Any]) -> int:
    value = str(row.get("ID") or "")
    return int(value) if value.isdigit() else 0


async def _find_newest(kind: str, filters: dict[str, Any], read: Read) -> list[dict[str, Any]]:
    """The newest records of ``kind`` (``crm.<kind>.list``, ``order: {"ID": "DESC"}``): one page, newest first."""
    envelope = await read(f"crm.{kind}.list", {"filter": filters, "select": _SELECT[kind], "order": _order(True)})
    return _rows(envelope.get("result"))


def _newest_scope(kind: str, out: dict[str, Any]) -> tuple[dict[str, Any], str] | None:
    """The filter «последняя сделка компании Вектор» puts on the newest records (the company's, the contact's), and
    the words saying so; ``({}, "")`` when nothing narrows them, None when the narrowing name found nothing."""
    for owner, field in (("company", "COMPANY_ID"), ("contact", "CONTACT_ID")):
        if owner == kind or (kind == "company" and owner == "contact"):
            continue
        named = out.get(owner)
        if not isinstance(named, dict):
            continue
        ids = [str(m.get("ID")) for m in named.get("matches") or [] if isinstance(m, dict)]
        if not ids:
            return None
        return {field: ids}, f" ({'компании' if owner == 'company' else 'контакта'} «{named.get('name')}»)"
    return {}, ""


def _content_stems(text: str) -> list[str]:
    return [s for s in stems(text) if s not in _FILLER and len(s) >= 3 and not s.startswith(("сделк", "стади"))]


async def _find_stage(
    phrase: str, read: Read, stages_of: StageDirectory, category: str | None = None
) -> dict[str, Any]:
    """The stages of the pipeline (``category``; another pipeline's codes read «C<id>:…») whose names share the most
    stems with ``phrase``, else the standard stage its synonym names («выиграна» → ``WON``)."""
    listed = await stages_of.stages(pipeline_of_category(category), read)
    stages = [{"STATUS_ID": stage.code, "NAME": stage.name} for stage in listed]
    wanted = _content_stems(phrase)
    scored: list[tuple[int, dict[str, Any]]] = []
    for stage in stages:
        own = _content_stems(stage["NAME"])
        hits = sum(1 for w in wanted if any(o.startswith(w[:5]) or w.startswith(o[:5]) for o in own))
        if hits:
            scored.append((hits, stage))
    if scored:
        best = max(score for score, _ in scored)
        return {"name": phrase, "matches": [s for score, s in scored if score == best]}
    code = stage_code(f"стадию {phrase}")  # the usual synonyms («выиграна», «провал») of the standard stages
    matches = [s for s in stages if code and s["STATUS_ID"].split(":")[-1] == code]
    return {"name": phrase, "matches": matches}


async def _find_users(phrase: str, read: Read) -> dict[str, Any]:
    stem_list = stems(phrase) or [phrase.lower()]
    envelope = await read("user.search", {"FIND": _key(stem_list)})
    rows = [
        {k: u.get(k) for k in ("ID", "NAME", "LAST_NAME", "WORK_POSITION", "ACTIVE")}
        for u in _rows(envelope.get("result"))
        if _contains_all(f"{u.get('NAME') or ''} {u.get('LAST_NAME') or ''}", stem_list)
    ]
    active = [u for u in rows if u.get("ACTIVE") not in (False, "N", "false")]
    return {"name": phrase, "matches": (active or rows)[:_MAX_MATCHES]}


_NOUNS = {"deal": "сделк", "contact": "контакт", "company": "компани"}


def phone_spellings(phone: str) -> list[str]:
    """The ways a Russian phone is commonly stored: Bitrix24 filters ``PHONE`` by exact value only, so «8 900
    111-22-33» must also be looked for as «+79001112233», «+7 900 111-22-33», «8 (900) 111-22-33»…"""
    typed = " ".join(phone.split())
    digits = re.sub(r"\D", "", phone)
    if len(digits) == 11 and digits[0] in "78":
        digits = digits[1:]
    if len(digits) != 10:
        return [typed]
    a, b, c, d = digits[:3], digits[3:6], digits[6:8], digits[8:]
    forms = [typed, f"+7{digits}", f"8{digits}", f"7{digits}", f"+7 {a} {b}-{c}-{d}", f"8 {a} {b}-{c}-{d}"]
    forms += [f"+7 ({a}) {b}-{c}-{d}", f"8 ({a}) {b}-{c}-{d}", f"+7 {a} {b} {c} {d}"]
    return list(dict.fromkeys(forms))


async def _find_by_phone(kind: str, phone: str, read: Read) -> dict[str, Any]:
    """The contacts (or companies) with this phone in any common spelling: one batch of exact ``PHONE`` filters."""
    select = [*_SELECT[kind], "PHONE"]
    cmd = {f"phone_{i}": _list_cmd(kind, {"PHONE": form}, select) for i, form in enumerate(phone_spellings(phone))}
    found = await _batch(read, cmd)
    rows: dict[str, dict[str, Any]] = {}
    for key in cmd:
        for row in _rows(found.get(key)):
            rows.setdefault(str(row.get("ID")), row)
    return {"name": phone, "by": "phone", "matches": sorted(rows.values(), key=_id_number)[:_MAX_MATCHES]}


async def _newest(kind: str, count: int, words: str, out: dict[str, Any], read: Read) -> dict[str, Any]:
    """«последняя созданная сделка», «последние 3 контакта»: the ``count`` newest records of ``kind`` — among those
    the message names when it names them («последняя сделка Ромашки»), else among a named company's or contact's
    («последняя сделка компании Вектор»), else of the whole portal.  ``newest`` in the answer is ``count``."""
    named = out.get(kind)
    if isinstance(named, dict):  # a name of this kind was looked up newest first: keep its first ``count``
        if named.get("error"):
            return named
        matches = [m for m in named.get("matches") or [] if isinstance(m, dict)]
        return {**named, "name": f"{words} «{named.get('name')}»", "newest": count, "matches": matches[:count]}
    scope = _newest_scope(kind, out)
    if scope is None:
        return {"name": words, "by": "newest", "newest": count, "matches": []}
    filters, where = scope
    rows = await _find_newest(kind, filters, read)
    return {"name": words + where, "by": "newest", "newest": count, "matches": rows[:count]}


async def _safe(name: str, lookup: Awaitable[dict[str, Any]]) -> dict[str, Any]:
    try:
        return await lookup
    except Exception as exc:  # a failed look-up must not cost the turn: the planner says it could not check
        return {"name": name, "error": str(exc)[:200] or type(exc).__name__, "matches": []}


async def resolve_mentions(
    message: str,
    read: Read,
    mentions: Mentions | None = None,
    *,
    category: str | None = None,
    stages: StageDirectory | None = None,
) -> dict[str, Any]:
    """Look the names of ``message`` up on the portal (see the module docstring); ``{}`` when it names nothing.

    A stage is looked up in the pipeline of the one deal the message names, else in ``category`` (the current
    deal's pipeline), else in the main one — through ``stages`` (the turn's shared directory; a fresh one, which
    reads, when not given)."""
    found = mentions or find_mentions(message)
    low = message.lower()
    creating = bool(imperatives(message) & _CREATE) or bool(re.search(r"\bнов(?:ая|ую|ый|ого)\b", low))
    newest_kind, count, newest_words = found.newest or ("", 0, "")
    out: dict[str, Any] = {}
    if found.deal and not (creating and "сделк" in low and not re.search(r"(?:по|для|к)\s+сделк", low)):
        is_newest = newest_kind == "deal"
        out["deal"] = await _safe(found.deal, _find_deals(found.deal, found.deal_quoted, read, is_newest))
        await _name_companies(out["deal"], read)
    if found.company and not (creating and re.search(r"(?:созда|добав|завед)\w*\s+(?:нов\w+\s+)?компани", low)):
        out["company"] = await _safe(found.company, _find_companies(found.company, read, newest_kind == "company"))
    if found.contact and not (creating and re.search(r"(?:созда|добав|завед)\w*\s+(?:нов\w+\s+)?контакт", low)):
        out["contact"] = await _safe(found.contact, _find_contacts(found.contact, read, newest_kind == "contact"))
    if found.phone and found.phone[1] not in out:
        phone, kind = found.phone
        out[kind] = await _safe(phone, _find_by_phone(kind, phone, read))
    if newest_kind and not re.search(rf"\b(?:создай|добавь|заведи)\w*\s+(?:нов\w+\s+)?{_NOUNS[newest_kind]}", low):
        out[newest_kind] = await _safe(newest_words, _newest(newest_kind, count, newest_words, out, read))
    if found.stage:
        named = (out.get("deal") or {}).get("matches") or []
        if len(named) == 1:
            category = str(named[0].get("CATEGORY_ID") or "0")
        directory = stages or StageDirectory()
        out["stage"] = await _safe(found.stage, _find_stage(found.stage, read, directory, category))
    if found.person:
        out["user"] = await _safe(found.person, _find_users(found.person, read))
    return out


def _ordinal(low: str) -> int | None:
    """The position an answer that is only an ordinal names («вторую», «давай третью сделку»), from 0; None when the
    answer says anything else — «Покажи первую сделку» or «первый раз слышу» is a new message, not a pick (taken as
    one, it ran the earlier request on the first option: a rename, which needs no «да», went through)."""
    words = re.findall(r"[а-яё]+", low)
    positions = [i for w in words for i, stem in enumerate(_ORDINALS) if w.startswith(stem)]
    rest = [w for w in words if not w.startswith(_ORDINALS)]
    if len(positions) != 1 or any(w not in _PICK_WORDS for w in rest):
        return None
    return positions[0]


def _deal_options(text: str) -> list[tuple[str, str]]:
    """The deals a «which one?» listed, each with its whole label — title, amount, company («#7 «Поставка» — 20 000
    ₽, компания «АО «Вектор»»»), so «та, что у Вектора» or «которая на 20 000» can pick one."""
    listed = re.search(r"нашлось несколько: (.+?)\. " + re.escape(ASK_WHICH), text, re.DOTALL)
    if listed is None:
        return re.findall(r"#(\d+) «([^»]+)»", text)
    parts = re.split(r";\s(?=#\d+ )", listed.group(1))
    return [(m.group(1), m.group(2)) for m in (re.match(r"#(\d+) (.+)", p, re.DOTALL) for p in parts) if m]


# Words of an answer to «which one?» that name no option («та, что у Вектора», «которая на 20 000»).
_ANSWER_FILLER = frozenset({"котор", "которая", "которую", "которой", "который", "где", "сделк", "сделка", "сделку"})


def _by_label(answer: str, options: list[tuple[str, str]]) -> str | None:
    """The one option whose label holds every distinctive word of ``answer``, or the amount it names."""
    words = [w for w in stems(answer) if len(w) >= 4 and w not in _ANSWER_FILLER and not w.isdigit()]
    chosen = [i for i, label in options if words and all(w in label.lower() for w in words)]
    if not words:
        value = amount(answer)
        if value is not None:
            shown = f"{value:,.0f}".replace(",", "\u00a0")
            chosen = [i for i, label in options if shown in label.replace(" ", "\u00a0")]
    return chosen[0] if len(chosen) == 1 else None


def _choose(answer: str, options: list[tuple[str, str]]) -> str | None:
    """The id the user picked among ``options`` (``(id, label)``): an id, a position («вторую»), or label words."""
    low = answer.lower().strip(" .!")
    ids = [i for i, _ in options]
    number = re.fullmatch(r"(сделк\w*|сотрудник\w*|№|#)?\s*(#|№)?(\d+)(-?[йюяе])?", low)
    if number:
        value = number.group(3)
        if value in ids:
            return value
        if number.group(1) or number.group(2):  # «сделку 2», «#2»: the record #2, which is none of the options
            return None
        return ids[int(value) - 1] if 0 < int(value) <= len(ids) else None
    position = _ordinal(low)
    if position is not None:
        return ids[position] if position < len(ids) else None
    return _by_label(answer, options)


def follow_up(message: str, history: list[dict[str, str]]) -> str | None:
    """The earlier request completed with the user's pick when ``message`` answers :data:`ASK_WHICH`
    («Переведи сделку Вектор в стадию Переговоры» + «3» → «Переведи сделку 3 в стадию Переговоры»); else None."""
    if len(message) > 80 or len(history) < 2:
        return None
    asked, request = history[-1], history[-2]
    if asked.get("role") != "assistant" or request.get("role") != "user" or ASK_WHICH not in asked.get("content", ""):
        return None
    text = asked["content"]
    people = "например «сотрудника" in text
    options = re.findall(r"#(\d+) ([^;.]+?)(?=;|\. )", text) if people else _deal_options(text)
    picked = _choose(message, options)
    if picked is None:
        return None
    earlier = request.get("content", "")
    found = find_mentions(earlier)
    hint = re.search(r"например «(сделку|контакт|компанию|сотрудника) ", text)  # what was asked about
    noun = hint.group(1) if hint else "сделку"
    name = {"сотрудника": found.person, "контакт": found.contact, "компанию": found.company}.get(noun, found.deal)
    if not name:
        return None
    if people:
        return earlier.replace(name, picked, 1) if name in earlier else None
    for written in (f"«{name}»", f'"{name}"', name):
        if written in earlier:
            at = earlier.index(written)
            return earlier[:at] + _pick_text(noun, picked, earlier[:at]) + earlier[at + len(written) :]
    words = name.split()
    pattern = r"\W+".join(re.escape(w) for w in words)
    found_at = re.search(pattern, earlier)
    if found_at is None:
        return None
    before = earlier[: found_at.start()]
    return before + _pick_text(noun, picked, before) + earlier[found_at.end() :]


def _pick_text(noun: str, picked: str, before: str) -> str:
    """The picked id as the completed request writes it: after its noun just the number («сделку 3»); a deal named
    with no noun («Поменяй у Ромашки сумму …») gets one («у сделки 3»), or the number alone would name no deal and
    the request would go to the deal shown last."""
    if noun == "сделку" and not re.search(r"сделк\w*\s*$", before, re.IGNORECASE):
        return f"сделки {picked}"
    return picked
