"""Offline intent detection for ANALYTICS step 1: keyword rules, then semantic routing (not an LLM).

Rules catch the plain wordings («риски», «загрузка», «что блокирует релиз», «статус спринта»); anything else is
embedded with the local model and compared with example requests of each intent and of off-topic requests
(:class:`agentcore.llm.routing.SemanticRouter`).  A request closer to the off-topic examples, or not close enough
to any intent, is ``UNSUPPORTED``.  ``detail_level`` is EXTENDED when the request asks for detail or a forecast.
"""

from __future__ import annotations

import re
from pathlib import Path

from agentcore.apps.scrum.question_grammar import asks_what_hinders
from agentcore.apps.scrum.schemas import IntentDecision, IntentParams
from agentcore.llm.routing import SemanticRouter

ROUTES: dict[str, list[str]] = {
    "TEAM_OVERVIEW": [
        "Дай общий статус спринта",
        "Как идёт спринт?",
        "Сделай обзор спринта",
        "Что с прогрессом команды?",
        "Покажи сводку по спринту",
        "Успеваем закрыть спринт?",
        "Какая динамика по задачам?",
        "Общая картина по команде",
        "Подведи итоги недели",
        "Сколько задач закрыли?",
        # each example also in English (the team lead's other language; e5 scores a question and its translation
        # below the threshold), and the everyday register
        "Give me the overall sprint status",
        "How is the sprint going?",
        "Make an overview of the sprint",
        "How is the team progressing?",
        "Show a summary of the sprint",
        "Sum up the week",
        "How many tasks have we closed?",
        "Что там по спринту в целом?",
        "Что по цифрам за спринт?",
    ],
    "TEAM_RISKS": [
        "Какие риски у команды?",
        "Что мешает команде работать?",
        "Какие блокеры сейчас есть?",
        "Топ проблем команды",
        "Где у нас проблемы?",
        "Что может сорвать спринт?",
        "Какие повторяющиеся блокеры?",
        "What are the team's risks?",
        "What is getting in the team's way?",
        "What blockers are there right now?",
        "Top problems of the team",
        "Where do we have problems?",
        "What could derail the sprint?",
        "Which blockers keep coming back?",
        "Где мы можем буксовать?",
        "На чём можем погореть?",
    ],
    "WORKLOAD": [
        "Кто перегружен?",
        "Покажи загрузку участников",
        "Как распределены задачи между людьми?",
        "У кого мало задач?",
        "Кто чем занят?",
        "Есть ли перекосы в нагрузке?",
        "Сколько задач у каждого разработчика?",
        "Who is overloaded?",
        "Show the workload of each member",
        "How are tasks spread across people?",
        "Who has little work?",
        "Who is busy with what?",
        "Is the load uneven?",
        "How many tasks does each developer have?",
        "Кто зашивается?",
        "У кого завал по задачам?",
    ],
    "RELEASE_BLOCKERS": [
        "Что блокирует релиз?",
        "Что мешает выпустить версию?",
        "Какие критические задачи до релиза?",
        "Успеем ли к релизу?",
        "Что стоит на пути к цели спринта?",
        "Какие зависимости держат выпуск?",
        "What blocks the release?",
        "What stops us from shipping the version?",
        "Which critical tasks are left before the release?",
        "What stands between us and the sprint goal?",
        "Which dependencies hold the launch?",
    ],
    "UNSUPPORTED": [
        "Какая погода завтра?",
        "Расскажи анекдот",
        "Напиши стихотворение",
        "Переведи текст на английский",
        "Закажи пиццу в офис",
        "Уволь разработчика",
        "Напиши код на Python",
        "Сколько будет два плюс два?",
        "Привет, как дела?",
        "Какой курс доллара?",
        "Сочини песню",
        "Посоветуй фильм",
        "Оцени, кто лучше работает",
        # requests to produce something unrelated to the team's progress, in both languages
        "Подготовь слайды для клиента",
        "Составь коммерческое предложение",
        "Нарисуй логотип",
        "Напиши письмо партнёрам",
        "Напомни позвонить маме",
        "Write a poem",
        "Tell me a joke",
        "What's the weather tomorrow?",
        "Translate this text",
        "Order lunch for the office",
        "Fire a developer",
        "Draft a contract",
    ],
}
THRESHOLD = 0.84
"""Minimum similarity to an intent's examples (e5 scores related short Russian phrases ~0.85–0.95)."""

_RULES: tuple[tuple[str, re.Pattern[str]], ...] = (
    (
        "RELEASE_BLOCKERS",
        re.compile(r"релиз\w*|выпуск\w*|выкат\w*|release|цел[иья]\w*\s+спринта|к\s+выпуску", re.IGNORECASE),
    ),
    ("WORKLOAD", re.compile(r"загруз\w*|перегруз\w*|недогруз\w*|нагрузк\w*|workload|кто\s+(?:чем\s+)?занят", re.I)),
    ("TEAM_RISKS", re.compile(r"риск\w*|блокер\w*|проблем\w*|угроз\w*|препятстви\w*|risks?|impediment", re.I)),
    (
        "TEAM_OVERVIEW",
        re.compile(
            # … and the measures an EXTENDED overview carries (see _EXTENDED): «какая у нас скорость?», velocity
            r"статус\w*|обзор\w*|сводк\w*|прогресс\w*|итог\w*|overview|сколько\s+задач|скорост\w*|velocity|"
            r"динамик\w*|burn-?down|"
            r"как\s+(?:идёт|идет|дела)\s+(?:в\s+|по\s+|со\s+)?спринт",
            re.I,
        ),
    ),
)
_OFF_TOPIC = re.compile(
    r"погод\w*|анекдот\w*|шутк\w*|стих\w*|хайку|песн\w*|фильм\w*|рецепт\w*|курс\s+(?:доллар|евро)\w*|пицц\w*|"
    r"переведи\w*",
    re.IGNORECASE,
)
_EXTENDED = re.compile(
    r"подробн\w*|расширенн\w*|детальн\w*|детализ\w*|развёрнут\w*|развернут\w*|прогноз\w*|динамик\w*|velocity|"
    r"скорост\w*|глубж\w*|extended|detailed|полн\w+\s+(?:отч[её]т|обзор)",
    re.IGNORECASE,
)

SHIPPED_ROUTES = Path(__file__).with_name("intent_routes.npz")
"""The route vectors shipped with the package (``python scripts/route_vectors.py`` rewrites them)."""

_router = SemanticRouter(ROUTES, cache_name="scrum_intent_routes.json", shipped=SHIPPED_ROUTES)


def detail_level(message: str) -> str:
    """EXTENDED when the request asks for detail, dynamics or a forecast; else BASIC."""
    return "EXTENDED" if _EXTENDED.search(message) else "BASIC"


def detect_intent(message: str) -> IntentDecision:
    """The intent of a team lead's request (see the module docstring)."""
    text = message.strip()
    if not text or _OFF_TOPIC.search(text):
        return IntentDecision(intent="UNSUPPORTED")
    intent = next((name for name, pattern in _RULES if pattern.search(text)), None)
    if intent is None and asks_what_hinders(text):
        # «что может помешать нам закончить спринт?», «что нас тормозит?»: what stands in the way is a risk
        intent = "TEAM_RISKS"
    if intent is None:
        route, score = _router.best(text)
        intent = route if route != "UNSUPPORTED" and score >= THRESHOLD else "UNSUPPORTED"
    if intent == "TEAM_OVERVIEW":
        return IntentDecision(intent=intent, params=IntentParams(detail_level=detail_level(text)))
    return IntentDecision(intent=intent)
