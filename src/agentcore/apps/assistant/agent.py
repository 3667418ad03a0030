"""The interactive assistant of seed 000: classify → select → validate → execute, to the letter.

Each step logs with its prefix (``[main]``, ``[cls]``, ``[select]``, ``[valid]``, ``[exec]``) and the seed's
``function // Event: detail`` lines; stdout gets the seed's short messages.  The agent is synchronous (a REPL);
LLM calls go through the async gateway on a background loop (:mod:`agentcore.llm.sync`).
"""

from __future__ import annotations

import enum
import json
import logging
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Protocol, TypeVar

import httpx
from pydantic import BaseModel

from agentcore.apps.assistant import messages as msg
from agentcore.apps.assistant import offline as _offline  # noqa: F401 - registers its steps' offline handlers
from agentcore.apps.assistant.clients import ServiceClient, ServiceError
from agentcore.apps.assistant.schemas import IntentVerdict, ToolSelection
from agentcore.apps.assistant.settings import AssistantSettings
from agentcore.apps.assistant.smalltalk import is_smalltalk
from agentcore.config import Settings
from agentcore.llm.errors import LLMError, StructuredOutputError
from agentcore.llm.history import MessageHistory
from agentcore.llm.models import LLMMessage, LLMRequest
from agentcore.text import fix_layout
from agentcore.text.courtesy import core_question, strip_courtesy_tail
from agentcore.trace.logs import step_logger

T = TypeVar("T", bound=BaseModel)
R = TypeVar("R")
LOGGER_NAME = "agentcore.assistant"
PLAIN_ERROR_CODES = frozenset({"theme_not_usable"})
"""Service error codes whose message the user should read as is (not an outage: nothing to apologise for)."""

CLASSIFY_PROMPT = (
    "Ты — классификатор запросов ассистента службы поддержки. Ассистент умеет ровно две вещи: "
    "1) отвечать на вопросы по внутренней базе знаний компании (документация agentcore, правила компании: "
    "отпуск, удалённая работа, командировки, оборудование, доступы, VPN, онбординг, техподдержка; "
    "термины Scrum и Agile); 2) сочинять хайку на заданную тему. Проанализируй диалог и реши, относится ли "
    "ПОСЛЕДНИЙ запрос пользователя к этим функциям. Приветствия, просьбы о погоде, переводе, вычислениях, "
    "новостях и прочее — не относятся."
)
SELECT_PROMPT = (
    "Ты выбираешь инструмент для последнего запроса пользователя. Инструменты: "
    "rag_search(question: str) — ответ по базе знаний, question — короткий вопрос (до {qmax} символов) "
    "своими словами пользователя; generate_haiku(theme: str) — хайку, theme — тема (до {tmax} символов), "
    "одно-два слова в именительном падеже («про кота» → «кот», «о зимней ночи» → «зимняя ночь»). "
    "Если инструмент определить нельзя — tool_name = null."
)


class Outcome(enum.Enum):
    """What the REPL does after a turn."""

    CONTINUE = "continue"
    EXIT = "exit"  # the user said goodbye
    FATAL = "fatal"  # an LLM error ended the session ("завершаюсь..")


class StructuredLLM(Protocol):
    """The LLM as the assistant needs it: one structured call, synchronous."""

    def parse(self, request: LLMRequest, output_type: type[T]) -> T: ...


class Printer(Protocol):
    """Where the short user-facing messages go (a rich console in the CLI, a list in tests).

    ``kind`` says what a line is, so a terminal can style (or, in quiet mode, hide) it: ``status`` (the steps'
    progress lines: «Анализирую релевантность запроса..» … «Выполняю инструмент..»), ``result`` (the answer or
    the haiku), ``detail`` (lines that belong to the result: titles, syllable and word counts), ``help``,
    ``warn``, ``error``, ``ok`` (the goodbye).
    """

    def __call__(self, text: str, kind: str = "info") -> None: ...


@dataclass
class ValidatedCall:
    """A tool call that passed step 4."""

    tool: str
    value: str


class AssistantAgent:
    """Seed 000's agent.

    Args:
        settings: the Config table (commands, limits, top-k).
        llm: structured LLM calls (steps 2 and 3).
        rag: client of the RAG service (``/health``, ``/search``).
        haiku: client of the Haiku service (``/health``, ``/generate_haiku``).
        say: prints one short message to the user; ``kind`` is a style hint (see :class:`Printer`).
        provider_name: shown in the help text (the offline provider says it is not an LLM).
    """

    def __init__(
        self,
        settings: Settings,
        llm: StructuredLLM,
        rag: ServiceClient,
        haiku: ServiceClient,
        say: Printer,
        provider_name: str = "",
    ) -> None:
        self.settings = settings
        self.own = AssistantSettings.of(settings)
        # The Haiku service's theme limit: the ``services`` section, which the Haiku app reads too.
        self.theme_maxlen: int = settings.services.haiku_theme_maxlen
        self.llm = llm
        self.rag = rag
        self.haiku = haiku
        self.say = say
        self.provider_name = provider_name
        self.history = MessageHistory(limit=self.own.context_hist_limit, max_chars=self.own.message_max_chars)
        self.session_started = False
        self.in_terminal = True
        """False when served over ``/v1``: the help then names no exit command (nothing ends in a browser)."""
        self.llm_failure: LLMError | None = None
        """The model call that ended the dialog (its public message is said under the seed's line; ``/v1`` reports
        it with its code)."""
        self.log_main = step_logger("main", LOGGER_NAME)
        self.log_cls = step_logger("cls", LOGGER_NAME)
        self.log_select = step_logger("select", LOGGER_NAME)
        self.log_valid = step_logger("valid", LOGGER_NAME)
        self.log_exec = step_logger("exec", LOGGER_NAME)

    # ------------------------------------------------------------------------------------ helpers
    def help_text(self) -> str:
        """The help message."""
        core = self.settings.core
        return msg.help_text(
            core.exit_commands,
            core.help_commands,
            self.provider_name,
            self.own.param_question_maxlen,
            self.theme_maxlen,
            terminal=self.in_terminal,
        )

    def _reply(self, text: str, kind: str = "info") -> None:
        """Print an agent message and add it to the history (the seed's "и добавляет в историю сообщений")."""
        self.say(text, kind)
        self.history.add("assistant", text)

    def _context(self, system_prompt: str) -> list[LLMMessage]:
        return [LLMMessage(role="system", content=system_prompt), *self.history.context()]

    # ------------------------------------------------------------------------------- the REPL
    def run(self, read_input: Callable[[], str | None]) -> int:
        """Run the dialog until an exit command, end of input or a fatal LLM error.

        ``read_input`` returns the next line, or ``None`` at end of input (Ctrl-D).  Returns the exit code:
        0 after a goodbye, 1 after a fatal LLM error.
        """
        while True:
            self.start()
            try:
                text = read_input()
            except (EOFError, KeyboardInterrupt):
                text = None
            if text is None:
                self.end()
                return 0
            outcome = self.handle_input(text)
            if outcome is Outcome.EXIT:
                return 0
            if outcome is Outcome.FATAL:
                return 1

    def start(self) -> None:
        """Step 1.1: help + ``AgentStart`` on a new session, else ``AgentRestart``."""
        if not self.session_started:
            self.session_started = True
            self.say(self.help_text(), "help")
            self.log_main.debug("AgentStart")
        else:
            self.log_main.debug("AgentRestart")

    def end(self) -> None:
        """«До свидания!» + ``AgentEnd``."""
        self.say(msg.GOODBYE, "ok")
        self.log_main.debug("AgentEnd")

    def handle_input(self, text: str) -> Outcome:
        """Step 1.2 and then steps 2–5 for one line of user input."""
        command = text.strip().lower()
        if not command:
            return Outcome.CONTINUE
        # «Пока!», «Выход.», «Помощь!»: the command with the sentence's closing mark (a lone «?» stays the help command)
        bare = command.rstrip(" .!…")
        commands = {command, bare} if bare else {command}
        if commands & self.settings.core.exit_commands:
            self.end()
            return Outcome.EXIT
        if command.startswith("/") and " " not in command and not commands & self.settings.core.help_commands:
            # «/», «/foo», «/hepl»: a command mistyped, not a question for the knowledge base («/» was answered with
            # the ERR-110 article, quoting «Произошла чудовищная ошибка…» as if it had happened)
            self.say(msg.UNKNOWN_COMMAND.format(command=text.strip(), help="/help", exit="/q"), "warn")
            self.log_main.debug("AgentUnknownCommand")
            return Outcome.CONTINUE
        text = self._fix_layout(text)
        if commands & self.settings.core.help_commands or is_smalltalk(text):
            self.say(self.help_text(), "help")
            self.log_main.debug("AgentHelp")
            return Outcome.CONTINUE
        self.history.add("user", text.strip())
        return self.process_turn()

    def _fix_layout(self, text: str) -> str:
        """The line with words typed on the English layout but meant in Russian switched («ghbdtn» → «привет»;
        :func:`agentcore.text.fix_layout`); English words stay.  The fixed line is what the history
        holds and the model reads."""
        from agentcore.rag import get_analyzer

        fixed = fix_layout(text, get_analyzer().stopwords)
        if fixed != text:
            self.log_main.debug("Layout fixed: %r → %r", text, fixed)
        return fixed

    def process_turn(self) -> Outcome:
        """Steps 2–5 on the current history."""
        verdict = self.classify_intent()
        if verdict is None:
            return Outcome.FATAL
        if not verdict:
            return Outcome.CONTINUE
        selection = self.select_tool_call()
        if isinstance(selection, Outcome):
            return selection
        call = self.validate_tool_call(selection)
        if call is None:
            return Outcome.CONTINUE
        self.execute_tool(call)
        return Outcome.CONTINUE

    # ------------------------------------------------------------------------ step 2: classify
    def classify_intent(self) -> bool | None:
        """Step 2. ``True`` relevant, ``False`` irrelevant (back to step 1), ``None`` fatal (exit)."""
        self.say(msg.CLASSIFY_START, "status")
        self.log_cls.debug("AgentClassify")
        request = LLMRequest(messages=self._context(CLASSIFY_PROMPT), step="assistant.classify", temperature=0.0)
        verdict = self._ask(request, IntentVerdict, "classify_intent", self.log_cls)
        if verdict is None:
            return None
        if not verdict.relevant:
            self._reply(msg.IRRELEVANT, "warn")
            self.say(self.help_text(), "help")
            self.log_cls.warning("classify_intent // Irrelevant query")
            return False
        self._reply(msg.RELEVANT, "status")
        self.log_cls.debug("classify_intent // Relevant query")
        return True

    def _ask(self, request: LLMRequest, output_type: type[T], function: str, log: logging.LoggerAdapter) -> T | None:
        try:
            return self.llm.parse(request, output_type)
        except StructuredOutputError as exc:
            self.say(msg.LLM_PARSE_ERROR, "error")
            self._say_why(exc)
            log.critical("%s // LLM Response Parse Error: %s", function, exc)
        except LLMError as exc:
            self.say(msg.LLM_ERROR, "error")
            self._say_why(exc)
            log.critical("%s // LLM Error: %s", function, exc)
        return None

    def _say_why(self, exc: LLMError) -> None:
        """Under the seed's «… завершаюсь..», the failure's public reason (a wrong key, no connection, a timeout): the
        seed's line alone did not say whether to fix the key or the URL.  No upstream text, so no secret."""
        self.llm_failure = exc
        self.say(msg.LLM_ERROR_REASON.format(reason=exc.public_message), "error")

    # -------------------------------------------------------------------------- step 3: select
    def select_tool_call(self) -> ToolSelection | Outcome:
        """Step 3. A selection, ``Outcome.CONTINUE`` on selection failure (back to step 1), ``Outcome.FATAL``."""
        self.say(msg.SELECT_START, "status")
        self.log_select.debug("AgentSelect")
        prompt = SELECT_PROMPT.format(qmax=self.own.param_question_maxlen, tmax=self.theme_maxlen)
        request = LLMRequest(messages=self._context(prompt), step="assistant.select", temperature=0.0)
        selection = self._ask(request, ToolSelection, "select_tool_call", self.log_select)
        if selection is None:
            return Outcome.FATAL
        if not selection.tool_name:
            self._reply(msg.SELECTION_FAIL, "warn")
            self.log_select.warning("select_tool_call // Selection Fail")
            return Outcome.CONTINUE
        selection = self._tidy(selection)
        params = json.dumps(selection.parameters, ensure_ascii=False)
        self._reply(msg.SELECTED.format(name=selection.tool_name, params=params), "status")
        self.log_select.debug("select_tool_call // Selection OK")
        return selection

    def _tidy(self, selection: ToolSelection) -> ToolSelection:
        """The parameter the seed's limits apply to: the question itself, without greetings, «подскажите,
        пожалуйста» or the request to the bot (shortened by filler words, then to the words the search reads, only
        while over ``PARAM_QUESTION_MAXLEN``: :func:`~agentcore.text.courtesy.core_question`); a theme without a
        closing «пожалуйста» / «если можно».  Whatever model chose the tool, a verbatim copy of the user's line is cut
        down the same way."""
        params = dict(selection.parameters)
        if selection.tool_name == "rag_search" and isinstance(params.get("question"), str):
            from agentcore.rag import get_analyzer

            # the search's own stop words: what the shortening may drop costs the search nothing
            stopwords = get_analyzer().stopwords
            params["question"] = core_question(params["question"], self.own.param_question_maxlen, stopwords)
        elif selection.tool_name == "generate_haiku" and isinstance(params.get("theme"), str):
            params["theme"] = strip_courtesy_tail(" ".join(params["theme"].split()))
        else:
            return selection
        return selection.model_copy(update={"parameters": params})

    # ------------------------------------------------------------------------ step 4: validate
    def validate_tool_call(self, selection: ToolSelection) -> ValidatedCall | None:
        """Step 4. The validated call, or ``None`` after the seed's message (back to step 1)."""
        self.say(msg.VALIDATE_START, "status")
        self.log_valid.debug("AgentValidate")
        specs = {
            "rag_search": ("question", self.own.param_question_maxlen, msg.QUESTION_TOO_LONG, msg.RAG_READY),
            "generate_haiku": ("theme", self.theme_maxlen, msg.THEME_TOO_LONG, msg.HAIKU_READY),
        }
        limit_lines = {"rag_search": msg.QUESTION_LIMIT, "generate_haiku": msg.THEME_LIMIT}
        name = selection.tool_name or ""
        if name not in specs:
            self._reply(msg.UNKNOWN_TOOL, "warn")
            self.log_valid.warning("validate_tool_call // Unknown tool: %s", name)
            return None
        param, max_len, too_long, ready = specs[name]
        if param not in selection.parameters or selection.parameters[param] is None:
            self._reply(msg.NOT_UNDERSTOOD, "warn")
            self.log_valid.warning("validate_tool_call // Missing Param: %s::%s", name, param)
            return None
        value = str(selection.parameters[param]).strip()
        if not value:
            self._reply(msg.NOT_UNDERSTOOD, "warn")
            self.log_valid.warning("validate_tool_call // Empty Param: %s::%s", name, param)
            return None
        if len(value) > max_len:
            self._reply(too_long, "warn")
            self.say(limit_lines[name].format(limit=max_len, length=len(value)), "detail")
            self.log_valid.warning("validate_tool_call // Too Long Param: %s::%s", name, param)
            return None
        self._reply(ready.format(**{param: value}), "status")
        self.log_valid.debug("validate_tool_call // Validation OK")
        return ValidatedCall(name, value)

    # ------------------------------------------------------------------------- step 5: execute
    def execute_tool(self, call: ValidatedCall) -> None:
        """Step 5: call the service, print the result or the seed's apology."""
        self.say(msg.EXECUTE_START, "status")
        self.log_exec.debug("AgentExecute")
        if call.tool == "rag_search":
            self.answer_question(call.value)
        else:
            self.generate_haiku(call.value)

    def check_health(self, client: ServiceClient, function: str) -> bool:
        """``/health`` of a service; logs the seed's lines on failure."""
        try:
            body = client.health()
        except (httpx.HTTPError, httpx.InvalidURL, ValueError) as exc:
            self.log_exec.error("check_health // Unexpected error: %s", _describe(exc))
            self.log_exec.error("%s // Health check failed", function)
            return False
        if body.get("status") != "ok":
            self.log_exec.error("%s // Health check failed", function)
            return False
        return True

    def call_service(
        self,
        client: ServiceClient,
        function: str,
        path: str,
        payload: dict[str, object],
        parse: Callable[[dict[str, Any]], R],
        error_event: str,
        apology: str,
    ) -> R | None:
        """Seed 000 step 5 for either service: ``/health``, then ``path``; ``parse`` reads the answer.

        On any failure: the seed's log lines (``check_health // Unexpected error``, ``<function> // Health check
        failed``, ``<function> // <error_event>: …`` or ``<function> // Unexpected error: …``), the apology printed
        and added to the history, and ``None``.  An error the service marks as the user's to fix
        (:data:`PLAIN_ERROR_CODES`, e.g. a haiku theme no word of the lexicon can carry) is printed in the
        service's own words instead of the apology.
        """
        if not self.check_health(client, function):
            self._reply(apology, "error")
            return None
        try:
            return parse(client.post(path, payload))
        except ServiceError as exc:
            self.log_exec.error("%s // %s: %s", function, error_event, exc)
            if exc.code in PLAIN_ERROR_CODES:  # the service's own words explain it better than an apology
                self._reply(str(exc), "warn")
                return None
        except (httpx.HTTPError, httpx.InvalidURL, ValueError, KeyError, TypeError) as exc:
            self.log_exec.error("%s // Unexpected error: %s", function, _describe(exc))
        self._reply(apology, "error")
        return None

    def answer_question(self, question: str) -> None:
        """Step 5.2.1: ``/health`` then ``/search`` of the RAG service."""
        top_k = self.settings.rag.top_k

        def parse(result: dict[str, Any]) -> tuple[str, list[str], list[str]]:
            titles = [str(t) for t in result["chunk_title_list"]]
            return str(result["answer"]), titles, [str(t) for t in result["chunk_texts"]]

        payload: dict[str, object] = {"question": question, "top_k": top_k}
        found = self.call_service(
            self.rag, "answer_question", "/search", payload, parse, "Search error", msg.RAG_FAILURE
        )
        if found is None:
            return
        answer, titles, texts = found
        self._reply(msg.RAG_ANSWER.format(answer=answer), "result")
        self.say(msg.RAG_TITLES.format(top_k=top_k, titles=", ".join(titles)), "detail")
        self.log_exec.debug("rag_chunks_message: %s", _chunks_message(titles, texts))

    def generate_haiku(self, theme: str) -> None:
        """Step 5.2.2: ``/health`` then ``/generate_haiku`` of the Haiku service."""

        def parse(result: dict[str, Any]) -> tuple[list[str], list[int], int]:
            lines = [line.strip() for line in str(result["haiku_text"]).splitlines() if line.strip()]
            return lines, [int(n) for n in result["syllables_per_line"]], int(result["total_words"])

        made = self.call_service(
            self.haiku,
            "generate_haiku",
            "/generate_haiku",
            {"theme": theme},
            parse,
            "Generation error",
            msg.HAIKU_FAILURE,
        )
        if made is None:
            return
        lines, syllables, words = made
        self._reply(msg.HAIKU_TEXT.format(text=" | ".join(lines)), "result")
        # Seed fix: syllables under «#слогов построчно», word count under «#слов итого» (the seed swapped them).
        self.say(msg.HAIKU_SYLLABLES.format(syllables="-".join(str(n) for n in syllables)), "detail")
        self.say(msg.HAIKU_WORDS.format(words=words), "detail")


def _describe(exc: BaseException) -> str:
    text = str(exc)
    return f"{type(exc).__name__}: {text}" if text else type(exc).__name__


def _chunks_message(titles: list[str], texts: list[str]) -> str:
    """The chunks for the debug log, one block per chunk."""
    blocks = []
    for index, (title, text) in enumerate(zip(titles, texts, strict=False), start=1):
        blocks.append(f"\n  [{index}] {title}\n      {' '.join(text.split())}")
    return "".join(blocks) or " (нет чанков)"
