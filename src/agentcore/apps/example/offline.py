"""Offline handler for ``ExampleSGRAgent`` (step ``example.sgr``): rules instead of a model, said plainly.

A question names places (:func:`~agentcore.apps.example.places.named_places`: the known cities and any other
geographic name, in the nominative, in the order it names them) and each gets its own call:

* a question about the time calls ``get_time`` once per time zone («Который час в Москве и Новосибирске?» — two
  calls; Moscow and Kazan share one) — only a known city has a zone;
* otherwise a tool the client offers whose name or description shares a word with the question («Какая погода в
  Риме и Казани?» and ``get_weather(city)``) is called once per place, whatever the place («Рим», then «Казань»),
  its place parameter (a text parameter named or described as a place, else its one required text parameter) set
  to the place's name (a tool without required parameters: once).

With native tool calling every pending call goes out in one answer; a schema-guided step carries one call at a time.
When every call has its result, the answer names each place; nothing else is invented.  An IANA zone written in the
question («Europe/Minsk») is a place too; a place whose time zone the rules do not know («в Бобруйске») is said
to be unknown — never answered with the UTC time as if it were that place's (next to the known places' times when
the question names both).  A question that only
names places («А в Токио?») asks what the user's previous question asked, of those places.
"""

from __future__ import annotations

import json
import re
from collections.abc import Sequence
from typing import Any

from agentcore.apps.example.places import named_places
from agentcore.llm.models import LLMMessage, LLMRequest, LLMTool, LLMToolCall
from agentcore.llm.offline import offline_handler

_TIME_WORDS = re.compile(r"\b(врем\w*|час\w*|котор\w+\s+час|дат\w*|числ\w*|time|date|clock)\b", re.IGNORECASE)
# An IANA zone written in the question («Который час в Europe/Minsk?»).
_IANA_ZONE = re.compile(r"(?<![\w/])[A-Z][A-Za-z_]+(?:/[A-Za-z_+-]+){1,2}(?![\w/])")
# A tool parameter meant for a place: its name or description says so.
_PLACE_WORDS = re.compile(r"city|town|place|location|locality|region|город|мест[оа]|населён|регион", re.IGNORECASE)
_ENGLISH_WORDS = {"weather": "погода", "time": "время", "forecast": "прогноз", "temperature": "температура"}
NOT_AN_LLM = "(офлайн-режим, не LLM)"
RESULT_PREFIX = "Результат инструмента"
ONLY_TIME = f"Я умею только сообщать текущее время. {NOT_AN_LLM}"
UNKNOWN_PLACE = (
    "Не знаю часовой пояс места «{place}»: я знаю крупные города (Москва, Новосибирск, Лондон…), а пояс можно "
    "назвать и сам — например, «Который час в Europe/Minsk?». " + NOT_AN_LLM
)

Call = tuple[str, dict[str, Any]]
"""A tool call as the plan and the conversation both see it: the tool's name and its arguments."""


def _places(text: str) -> list[tuple[str, str | None]]:
    """``(name, zone)`` of every place ``text`` names, in the order it names them; ``zone`` is None for a place whose
    time zone these rules do not know («Рим», «Бобруйск»)."""
    return [(place.name, place.zone) for place in named_places(text)]


def _zones_named(text: str) -> list[str]:
    """The IANA zones ``text`` names («Europe/Minsk»), those the system knows."""
    named = _IANA_ZONE.findall(text)
    if not named:  # available_timezones() walks the tzdata tree on disk: only when a zone-like name is written
        return []
    from zoneinfo import available_timezones

    known = available_timezones()
    return [zone for zone in named if zone in known]


def _stems(text: str) -> set[str]:
    words = re.findall(r"[a-zа-яё]+", text.lower())
    return {_ENGLISH_WORDS.get(word, word)[:5] for word in words if len(word) >= 4}


def _place_parameter(tool: LLMTool) -> str | None:
    """The text parameter a place's name goes into, or None when the tool's parameters do not fit one place.

    It is a text parameter whose name or description says it is a place (``city``, ``location``, «город»…) or,
    failing that, the tool's one required text parameter; every other required parameter must be that one.
    """
    properties = tool.parameters.get("properties") or {}
    required = [name for name in tool.parameters.get("required") or [] if name in properties]
    texts = [name for name, schema in properties.items() if (schema or {}).get("type", "string") == "string"]
    named = [name for name in texts if _PLACE_WORDS.search(f"{name} {(properties[name] or {}).get('description', '')}")]
    candidates = named or [name for name in texts if name in required]
    for name in candidates:
        if set(required) <= {name}:
            return name
    return None


def _plan(question: str, tools: Sequence[LLMTool], intent: str | None = None) -> list[tuple[Call, list[str]]]:
    """The calls ``question`` needs, each with the places it answers for; what is asked (the time, a tool's
    subject) is read from ``intent`` when given (a follow-up's earlier question), the places from ``question``.

    A time question plans ``get_time`` for the places with a known zone only (UTC when it names none); a client
    tool's plan has a call for every place, known zone or not.
    """
    places = _places(question)
    intent = intent if intent is not None else question
    if _TIME_WORDS.search(intent):
        zones: dict[str, list[str]] = {}
        for name, zone in places:
            if zone is not None:
                zones.setdefault(zone, []).append(name)
        for zone in _zones_named(question):
            zones.setdefault(zone, [])
        return [(("get_time", {"timezone": zone}), names) for zone, names in (zones or {"UTC": []}).items()]
    asked = _stems(intent)
    for tool in tools:
        if tool.name == "get_time" or not asked & _stems(f"{tool.name.replace('_', ' ')} {tool.description}"):
            continue
        parameter = _place_parameter(tool)
        if parameter is not None and places:
            return [((tool.name, {parameter: name}), [name]) for name, _ in places]
        if not tool.parameters.get("required"):
            return [((tool.name, {}), [])]
    return []


def _unknown_zones(question: str, plan: list[tuple[Call, list[str]]]) -> list[str]:
    """The places a time question names whose zone these rules do not know (none for a client tool's plan)."""
    if not plan or plan[0][0][0] != "get_time":
        return []
    return [name for name, zone in _places(question) if zone is None]


def _unknown_text(names: list[str]) -> str:
    """:data:`UNKNOWN_PLACE` for one place or several."""
    if len(names) == 1:
        return UNKNOWN_PLACE.format(place=names[0])
    return UNKNOWN_PLACE.replace("места", "мест", 1).format(place="», «".join(names))


def _question(messages: Sequence[LLMMessage]) -> int:
    """The index of the user's question (a schema-guided step's tool results come back as user messages too)."""
    for index in range(len(messages) - 1, -1, -1):
        message = messages[index]
        if message.role == "user" and not (message.content or "").startswith(RESULT_PREFIX):
            return index
    return len(messages)


def _follow_up_intent(messages: Sequence[LLMMessage], index: int) -> str | None:
    """For a question that only names places («А в Токио?»), the user's previous question it continues."""
    for message in reversed(messages[:index]):
        content = message.content or ""
        if message.role == "user" and not content.startswith(RESULT_PREFIX):
            return content
    return None


def _done(messages: Sequence[LLMMessage]) -> list[tuple[Call, str]]:
    """The calls made since the question, with their results: native calls by their ids, a schema-guided step's
    call by the result message after it."""
    later = messages[_question(messages) + 1 :]
    results = {m.tool_call_id: m.content or "" for m in later if m.role == "tool"}
    done: list[tuple[Call, str]] = []
    step: Call | None = None
    for message in later:
        if message.role == "assistant" and message.tool_calls:
            for call in message.tool_calls:
                if call.id in results:
                    done.append(((call.name, _arguments(call.arguments)), results[call.id]))
        elif message.role == "assistant":
            step = _step_call(message.content or "")
        elif message.role == "user" and step is not None:
            done.append((step, (message.content or "").split(":", 1)[-1].strip()))
            step = None
    return done


def _arguments(text: str | None) -> dict[str, Any]:
    try:
        value = json.loads(text or "{}")
    except ValueError:
        return {}
    return value if isinstance(value, dict) else {}


def _step_call(content: str) -> Call | None:
    function = _arguments(content).get("function")
    if isinstance(function, dict) and function.get("tool") not in (None, "final_answer"):
        arguments = function.get("arguments")
        return str(function["tool"]), arguments if isinstance(arguments, dict) else {}
    return None


def _time_text(result: str) -> str | None:
    value = _arguments(result)
    return f"{value['time']}, {value['date']} ({value['timezone']})" if "time" in value else None


def _answer(plan: list[tuple[Call, list[str]]], results: dict[str, str]) -> str:
    """The final answer: one part per planned call, in the question's order."""
    parts = [(names, results.get(_key(call), "")) for call, names in plan]
    if plan[0][0][0] == "get_time":
        if len(parts) == 1:
            time = _time_text(parts[0][1])
            return f"Сейчас {time}. {NOT_AN_LLM}" if time else f"Не удалось узнать время: {parts[0][1]} {NOT_AN_LLM}"
        times = [
            f"{', '.join(names)} — {_time_text(result) or 'не удалось узнать: ' + result}" for names, result in parts
        ]
        return f"Сейчас: {'; '.join(times)}. {NOT_AN_LLM}"
    answers = [result[:300].rstrip(". ") for _, result in parts]
    lines = [f"{', '.join(names)}: {text}" if names else text for (names, _), text in zip(parts, answers, strict=True)]
    return f"{'; '.join(lines)}. {NOT_AN_LLM}"


def _key(call: Call) -> str:
    return json.dumps([call[0], call[1]], ensure_ascii=False, sort_keys=True)


def _decide(request: LLMRequest) -> dict[str, Any] | list[Call]:
    """The pending calls, or ``{"tool": "final_answer", "answer": ...}``."""
    messages = request.messages
    index = _question(messages)
    question = messages[index].content or "" if index < len(messages) else ""
    plan = _plan(question, request.tools or [])
    if not plan and _places(question):  # «А в Токио?» after «Который час в Москве?» asks the same of another place
        earlier = _follow_up_intent(messages, index)
        plan = _plan(question, request.tools or [], intent=earlier) if earlier else []
    if not plan:
        return {"tool": "final_answer", "answer": ONLY_TIME}
    unknown = _unknown_zones(question, plan)
    if unknown and plan[0][0] == ("get_time", {"timezone": "UTC"}):  # no place with a known zone: say so, no UTC
        return {"tool": "final_answer", "answer": _unknown_text(unknown)}
    results = {_key(call): result for call, result in _done(messages)}
    pending = [call for call, _ in plan if _key(call) not in results]
    if pending:
        return pending
    answer = _answer(plan, results)
    if unknown:  # the places with a known zone answered, the others named as unknown
        answer = f"{answer.removesuffix(NOT_AN_LLM).rstrip()} {_unknown_text(unknown)}"
    return {"tool": "final_answer", "answer": answer}


@offline_handler("example.sgr")
def example_step(request: LLMRequest) -> Any:
    """Native tool-calling answer, or a schema-guided step when the request asks for structured output."""
    decision = _decide(request)
    if request.response_format is not None or (request.tools and request.tool_choice not in (None, "auto")):
        function = {"tool": decision[0][0], "arguments": decision[0][1]} if isinstance(decision, list) else decision
        return {
            "current_situation": "офлайн-правила: нужен вызов инструмента"
            if isinstance(decision, list)
            else "ответ готов",
            "reasoning_steps": ["разбираю запрос правилами", "выбираю действие"],
            "enough_data": not isinstance(decision, list),
            "function": function,
        }
    if isinstance(decision, list):
        return [
            LLMToolCall(name=name, arguments=json.dumps(arguments, ensure_ascii=False)) for name, arguments in decision
        ]
    return str(decision["answer"])
