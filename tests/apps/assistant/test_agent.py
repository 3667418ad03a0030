"""Every branch of seed 000, with the exact stdout message and log line (scripted model, mocked services)."""

from __future__ import annotations

import json
import logging
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import httpx
import pytest

from agentcore.apps.assistant import AssistantAgent, Outcome
from agentcore.apps.assistant import messages as msg
from agentcore.apps.assistant.clients import ServiceClient
from agentcore.apps.assistant.settings import AssistantSettings
from agentcore.config import Settings
from agentcore.llm import MockLLMGateway
from agentcore.llm.errors import LLMAuthError, LLMHTTPError
from agentcore.llm.sync import SyncGateway

RELEVANT = '{"relevant": true, "reason": "x"}'
IRRELEVANT = '{"relevant": false, "reason": "x"}'
RAG_OK = {
    "answer": "Отпуск оформляется в HR-портале.",
    "chunk_title_list": ["Отпуск", "Больничный"],
    "chunk_texts": ["Текст про отпуск", "Текст про больничный"],
}
HAIKU_OK = {
    "haiku_text": "Тихий пруд в ночи\nЛягушка прыгает в воду\nВсплеск в тишине",
    "syllables_per_line": [5, 7, 5],
    "total_words": 10,
}


def select(tool: str | None, **params: Any) -> str:
    return json.dumps({"tool_name": tool, "parameters": params}, ensure_ascii=False)


Handler = Callable[[httpx.Request], httpx.Response]


def service(health: Handler | dict[str, Any] | None = None, **routes: Handler | dict[str, Any]) -> ServiceClient:
    """A ServiceClient over an in-memory transport: dict → 200 JSON, callable → custom response."""
    table: dict[str, Handler | dict[str, Any]] = {"/health": health if health is not None else {"status": "ok"}}
    table.update({"/" + name: value for name, value in routes.items()})

    def handle(request: httpx.Request) -> httpx.Response:
        target = table.get(request.url.path)
        if target is None:
            return httpx.Response(404, json={"detail": "Not Found"})
        if callable(target):
            return target(request)
        return httpx.Response(200, json=target)

    return ServiceClient("http://svc", client=httpx.Client(transport=httpx.MockTransport(handle)))


class Harness:
    def __init__(
        self,
        settings: Settings,
        llm_items: list[Any],
        rag: ServiceClient | None = None,
        haiku: ServiceClient | None = None,
    ) -> None:
        self.gateway = MockLLMGateway(llm_items)
        self.printed: list[str] = []
        self.kinds: list[tuple[str, str]] = []

        def say(text: str, kind: str = "info") -> None:
            self.printed.append(text)
            self.kinds.append((kind, text))

        self.agent = AssistantAgent(
            settings,
            SyncGateway(self.gateway),
            rag or service(search=RAG_OK),
            haiku or service(generate_haiku=HAIKU_OK),
            say,
            provider_name="scripted",
        )
        self.agent.session_started = True

    def turn(self, text: str) -> Outcome:
        self.printed.clear()
        self.kinds.clear()
        return self.agent.handle_input(text)

    @property
    def history(self) -> list[tuple[str, str | None]]:
        return [(m.role, m.content) for m in self.agent.history.all()]


def logs(caplog: pytest.LogCaptureFixture) -> list[tuple[str, str]]:
    return [(r.levelname, r.getMessage()) for r in caplog.records if r.name.startswith("agentcore.assistant")]


@pytest.fixture(autouse=True)
def _debug_logs(caplog: pytest.LogCaptureFixture) -> None:
    caplog.set_level(logging.DEBUG, logger="agentcore")


# --------------------------------------------------------------------------------------- step 1
def test_session_start_prints_help_then_restart(settings: Settings, caplog: pytest.LogCaptureFixture) -> None:
    h = Harness(settings, [])
    h.agent.session_started = False
    lines = iter(["", "/q"])
    code = h.agent.run(lambda: next(lines))
    assert code == 0
    assert "Я ассистент службы поддержки" in h.printed[0]
    assert h.printed[-1] == msg.GOODBYE
    assert logs(caplog) == [
        ("DEBUG", "[main] AgentStart"),
        ("DEBUG", "[main] AgentRestart"),
        ("DEBUG", "[main] AgentEnd"),
    ]


@pytest.mark.parametrize(
    "command",
    # with the sentence's closing mark too (tryout 28 D9: «Пока!» was «Запрос не связан…», «Выход.» a RAG question)
    ["/exit", "/quit", "/q", "exit", "quit", "q", "  EXIT  ", "выход", "Пока", "стоп", "Пока!", "Выход.", "стоп!!!"],
)
def test_exit_commands(settings: Settings, caplog: pytest.LogCaptureFixture, command: str) -> None:
    h = Harness(settings, [])
    assert h.turn(command) is Outcome.EXIT
    assert h.printed == ["До свидания!"]
    assert ("DEBUG", "[main] AgentEnd") in logs(caplog)
    assert h.gateway.call_count == 0


@pytest.mark.parametrize("command", ["/", "/foo", "/hepl", "/Q!?"])
def test_an_unknown_slash_command_is_said_to_be_unknown(
    settings: Settings, caplog: pytest.LogCaptureFixture, command: str
) -> None:
    """Tryout 28 D10: «/» went to the knowledge base and was answered with the ERR-110 article («Произошла чудовищная
    ошибка…»), «/foo» with whatever passage came first."""
    h = Harness(settings, [])
    assert h.turn(command) is Outcome.CONTINUE
    assert h.printed == [f"Неизвестная команда «{command}». Справка — /help, выход — /q."]
    assert h.gateway.call_count == 0 and h.history == []
    assert h.turn("/Q") is Outcome.EXIT  # a known one in any case still works


@pytest.mark.parametrize("command", ["/help", "help", "?", "помощь", "Справка", "Помощь!", "справка.", "/help!"])
def test_help_commands(settings: Settings, caplog: pytest.LogCaptureFixture, command: str) -> None:
    h = Harness(settings, [])
    assert h.turn(command) is Outcome.CONTINUE
    assert len(h.printed) == 1 and "generate_haiku" in h.printed[0]
    assert logs(caplog) == [("DEBUG", "[main] AgentHelp")]
    assert h.history == []


@pytest.mark.parametrize(
    "text",
    [
        "Привет",
        "Привет! Что ты умеешь?",
        "Что ты умеешь?",
        "кто ты",
        "Добрый день",
        "Чем можешь помочь?",
        # thanks, acknowledgements and bare pleas for help used to be rebuffed or searched for («Помоги» → RAG)
        "Спасибо!",
        "спасибо большое",
        "ок",
        "Понятно, спасибо",
        "Помоги",
        "помогите мне",
        "Расскажи о себе",
        # greetings asked as a question, and English small talk, reached rag_search («hi there» → «нет ответа»)
        "Привет, как дела?",
        "hi there",
        "what's up?",
        "Hi, how are you?",
        "Good morning!",
        "thanks a lot",
    ],
)
def test_greetings_and_capability_questions_get_the_help(
    settings: Settings, caplog: pytest.LogCaptureFixture, text: str
) -> None:
    h = Harness(settings, [])  # no LLM answer scripted: classification must not run
    assert h.turn(text) is Outcome.CONTINUE
    assert len(h.printed) == 1 and "generate_haiku" in h.printed[0] and msg.IRRELEVANT not in h.printed
    assert logs(caplog) == [("DEBUG", "[main] AgentHelp")]
    assert h.gateway.call_count == 0


def test_a_greeting_with_a_question_is_answered(settings: Settings) -> None:
    h = Harness(settings, [RELEVANT, select("rag_search", question="Как оформить отпуск?")])
    h.turn("Привет, как оформить отпуск?")
    assert h.printed[-2] == msg.RAG_ANSWER.format(answer=RAG_OK["answer"])


def test_every_line_says_what_it_is(settings: Settings) -> None:
    h = Harness(settings, [RELEVANT, select("rag_search", question="Как оформить отпуск?")])
    h.turn("Как оформить отпуск?")
    kinds = [kind for kind, _ in h.kinds]
    assert kinds == ["status"] * 7 + ["result", "detail"]
    h = Harness(settings, [RELEVANT, select("generate_haiku", theme="осень")])
    h.turn("хайку про осень")
    assert [kind for kind, _ in h.kinds][-3:] == ["result", "detail", "detail"]


def test_unusable_theme_is_said_plainly(settings: Settings, caplog: pytest.LogCaptureFixture) -> None:
    plain = "Не получается сложить хайку на тему «kubernetes»: в словаре хайку нет подходящих слов."

    def refuse(request: httpx.Request) -> httpx.Response:
        return httpx.Response(422, json={"error": plain, "code": "theme_not_usable"})

    script = [RELEVANT, select("generate_haiku", theme="kubernetes")]
    h = Harness(settings, script, haiku=service(generate_haiku=refuse))
    assert h.turn("хайку про kubernetes") is Outcome.CONTINUE
    assert h.printed[-1] == plain and msg.HAIKU_FAILURE not in h.printed
    assert h.history[-1] == ("assistant", plain)
    assert ("ERROR", f"[exec] generate_haiku // Generation error: {plain}") in logs(caplog)


def test_end_of_input_says_goodbye(settings: Settings) -> None:
    h = Harness(settings, [])
    assert h.agent.run(lambda: None) == 0
    assert h.printed[-1] == msg.GOODBYE


def test_ctrl_c_in_input_ends_like_exit(settings: Settings) -> None:
    h = Harness(settings, [])

    def interrupted() -> str:
        raise KeyboardInterrupt

    assert h.agent.run(interrupted) == 0
    assert h.printed[-1] == msg.GOODBYE


# --------------------------------------------------------------------------------------- step 2
def test_llm_error_in_classify_exits(settings: Settings, caplog: pytest.LogCaptureFixture) -> None:
    h = Harness(settings, [LLMHTTPError(400, "bad request")])
    assert h.turn("вопрос") is Outcome.FATAL
    assert h.printed == [
        msg.CLASSIFY_START,
        "Ошибка при запросе LLM, завершаюсь..",
        "Причина: языковая модель вернула ошибку (HTTP 400).",  # not the upstream's text
    ]
    assert ("CRITICAL", "[cls] classify_intent // LLM Error: HTTP 400: bad request") in logs(caplog)
    assert ("DEBUG", "[cls] AgentClassify") in logs(caplog)


def test_parse_error_in_classify_exits(settings: Settings, caplog: pytest.LogCaptureFixture) -> None:
    h = Harness(settings, ["мусор", "мусор", "мусор"])
    assert h.turn("вопрос") is Outcome.FATAL
    assert h.printed[-2:] == [
        "Ошибка при разборе ответа LLM, завершаюсь..",
        "Причина: ответ языковой модели не прошёл проверку формата.",
    ]
    level, line = logs(caplog)[-1]
    assert level == "CRITICAL" and line.startswith("[cls] classify_intent // LLM Response Parse Error: ")


def test_a_wrong_key_is_named_under_the_seeds_line(settings: Settings) -> None:
    """Tryout 28 D7: with a wrong GIGACHAT_CREDENTIALS the dialog said only «Ошибка при запросе LLM, завершаюсь..» —
    not whether the key, the address or the network was wrong (the reason was in the log file only)."""
    h = Harness(settings, [LLMAuthError(401, "credentials doesn't match db data")])
    assert h.turn("вопрос") is Outcome.FATAL
    assert h.printed[-2:] == [msg.LLM_ERROR, "Причина: языковая модель отклонила учётные данные сервиса (HTTP 401)."]
    assert "db data" not in " ".join(h.printed)


def test_exit_code_after_fatal_error(settings: Settings) -> None:
    h = Harness(settings, [LLMHTTPError(401, "Unauthorized")])
    lines = iter(["вопрос"])
    assert h.agent.run(lambda: next(lines)) == 1


def test_irrelevant_query(settings: Settings, caplog: pytest.LogCaptureFixture) -> None:
    h = Harness(settings, [IRRELEVANT])
    assert h.turn("Какая погода?") is Outcome.CONTINUE
    assert h.printed[:2] == [msg.CLASSIFY_START, "Запрос не связан с функционалом агента."]
    assert "Я ассистент службы поддержки" in h.printed[2]
    assert ("WARNING", "[cls] classify_intent // Irrelevant query") in logs(caplog)
    assert h.history == [("user", "Какая погода?"), ("assistant", "Запрос не связан с функционалом агента.")]


def test_classify_sees_history(settings: Settings) -> None:
    h = Harness(settings, [IRRELEVANT, IRRELEVANT])
    h.turn("первый")
    h.turn("второй")
    sent = h.gateway.requests[1]
    assert sent.step == "assistant.classify"
    assert [m.content for m in sent.messages[1:]] == ["первый", msg.IRRELEVANT, "второй"]


def test_context_limit(settings: Settings) -> None:
    AssistantSettings.of(settings).context_hist_limit = 3
    h = Harness(settings, [IRRELEVANT] * 3)
    for text in ("a", "b", "c"):
        h.turn(text)
    assert len(h.gateway.requests[2].messages) == 1 + 3
    assert len(h.agent.history) == 6


# --------------------------------------------------------------------------------------- step 3
def test_llm_error_in_select_exits(settings: Settings, caplog: pytest.LogCaptureFixture) -> None:
    h = Harness(settings, [RELEVANT, LLMHTTPError(500, "boom")])
    assert h.turn("вопрос") is Outcome.FATAL
    assert h.printed == [
        msg.CLASSIFY_START,
        msg.RELEVANT,
        msg.SELECT_START,
        msg.LLM_ERROR,
        "Причина: языковая модель вернула ошибку (HTTP 500).",
    ]
    assert ("CRITICAL", "[select] select_tool_call // LLM Error: HTTP 500: boom") in logs(caplog)
    assert ("DEBUG", "[cls] classify_intent // Relevant query") in logs(caplog)
    assert ("DEBUG", "[select] AgentSelect") in logs(caplog)


def test_parse_error_in_select_exits(settings: Settings, caplog: pytest.LogCaptureFixture) -> None:
    h = Harness(settings, [RELEVANT, "{", "{", "{"])
    assert h.turn("вопрос") is Outcome.FATAL
    assert h.printed[-2] == msg.LLM_PARSE_ERROR
    assert logs(caplog)[-1][1].startswith("[select] select_tool_call // LLM Response Parse Error: ")


def test_selection_fail(settings: Settings, caplog: pytest.LogCaptureFixture) -> None:
    h = Harness(settings, [RELEVANT, select(None)])
    assert h.turn("вопрос") is Outcome.CONTINUE
    assert h.printed[-1] == "Не удалось определить инструмент. Просьба переформулировать запрос."
    assert ("WARNING", "[select] select_tool_call // Selection Fail") in logs(caplog)
    assert h.history[-1] == ("assistant", msg.SELECTION_FAIL)


def test_selection_ok_message(settings: Settings, caplog: pytest.LogCaptureFixture) -> None:
    h = Harness(settings, [RELEVANT, select("rag_search", question="Как оформить отпуск?")])
    h.turn("Как оформить отпуск?")
    assert 'Выбран инструмент rag_search с параметрами {"question": "Как оформить отпуск?"}' in h.printed
    assert ("DEBUG", "[select] select_tool_call // Selection OK") in logs(caplog)


# --------------------------------------------------------------------------------------- step 4
@pytest.mark.parametrize(
    ("tool", "params", "message", "log"),
    [
        ("rag_search", {}, msg.NOT_UNDERSTOOD, "Missing Param: rag_search::question"),
        ("rag_search", {"question": "  "}, msg.NOT_UNDERSTOOD, "Empty Param: rag_search::question"),
        ("rag_search", {"question": "я" * 31}, msg.QUESTION_TOO_LONG, "Too Long Param: rag_search::question"),
        ("generate_haiku", {}, msg.NOT_UNDERSTOOD, "Missing Param: generate_haiku::theme"),
        ("generate_haiku", {"theme": ""}, msg.NOT_UNDERSTOOD, "Empty Param: generate_haiku::theme"),
        ("generate_haiku", {"theme": "я" * 21}, msg.THEME_TOO_LONG, "Too Long Param: generate_haiku::theme"),
        ("send_email", {"to": "x"}, msg.UNKNOWN_TOOL, "Unknown tool: send_email"),
    ],
)
def test_validation_failures(
    settings: Settings, caplog: pytest.LogCaptureFixture, tool: str, params: dict[str, Any], message: str, log: str
) -> None:
    h = Harness(settings, [RELEVANT, select(tool, **params)])
    assert h.turn("запрос") is Outcome.CONTINUE
    at = h.printed.index(msg.VALIDATE_START)
    assert h.printed[at + 1] == message
    assert ("WARNING", f"[valid] validate_tool_call // {log}") in logs(caplog)
    assert ("DEBUG", "[valid] AgentValidate") in logs(caplog)
    assert h.history[-1] == ("assistant", message)


@pytest.mark.parametrize(
    ("tool", "params", "message", "second"),
    [
        (
            "rag_search",
            {"question": "я" * 31},
            msg.QUESTION_TOO_LONG,
            "Вопрос для поиска — не длиннее 30 символов (сейчас 31); "
            "ограничение меняется настройкой PARAM_QUESTION_MAXLEN.",
        ),
        (
            "generate_haiku",
            {"theme": "я" * 21},
            msg.THEME_TOO_LONG,
            "Тема — не длиннее 20 символов (сейчас 21); ограничение меняется настройкой PARAM_THEME_MAXLEN.",
        ),
    ],
)
def test_too_long_says_the_limit_and_its_setting(
    settings: Settings, tool: str, params: dict[str, Any], message: str, second: str
) -> None:
    h = Harness(settings, [RELEVANT, select(tool, **params)])
    h.turn("запрос")
    assert h.printed[-3:] == [msg.VALIDATE_START, message, second]
    assert ("detail", second) in h.kinds
    assert h.history[-1] == ("assistant", message)  # the seed's message goes to the history, the hint does not


def test_too_long_limit_follows_the_setting(settings: Settings) -> None:
    h = Harness(
        settings.model_copy(update={"assistant": AssistantSettings(param_question_maxlen=12)}),
        [RELEVANT, select("rag_search", question="Двухфакторная аутентификация")],  # no shorter core either
    )
    h.turn("запрос")
    assert h.printed[-1].startswith("Вопрос для поиска — не длиннее 12 символов (сейчас 28)")


@pytest.mark.parametrize(
    ("line", "question"),
    [
        ("Привет! Как мне взять отпуск в августе?", "Как взять отпуск в августе?"),
        ("Подскажите, пожалуйста, как оформить больничный?", "Как оформить больничный?"),
        ("Здравствуйте, бот! Хотел спросить, как подключиться к VPN?", "Как подключиться к VPN?"),
        ("Подскажите, https://hr.ru/a что там?", "https://hr.ru/a что там?"),  # was «Https://hr. ru/a …»
    ],
)
def test_a_model_copying_the_users_line_gets_the_question_itself(settings: Settings, line: str, question: str) -> None:
    seen: list[dict[str, Any]] = []

    def search(request: httpx.Request) -> httpx.Response:
        seen.append(json.loads(request.content))
        return httpx.Response(200, json=RAG_OK)

    h = Harness(settings, [RELEVANT, select("rag_search", question=line)], rag=service(search=search))
    h.turn(line)
    assert f"Инструмент rag_search проверен и готов к вызову. Запрос: {question}" in h.printed
    assert seen == [{"question": question, "top_k": settings.param_rag_top_k}]


def test_a_theme_loses_its_closing_politeness(settings: Settings) -> None:
    h = Harness(settings, [RELEVANT, select("generate_haiku", theme="зима, если можно")])
    h.turn("хайку про зиму, если можно")
    assert "Инструмент generate_haiku проверен и готов к вызову. Тема: зима" in h.printed


def test_limits_are_inclusive(settings: Settings) -> None:
    h = Harness(settings, [RELEVANT, select("rag_search", question="я" * 30)])
    h.turn("запрос")
    assert f"Инструмент rag_search проверен и готов к вызову. Запрос: {'я' * 30}" in h.printed


# --------------------------------------------------------------------------------------- step 5: RAG
def test_rag_success(settings: Settings, caplog: pytest.LogCaptureFixture) -> None:
    seen: list[dict[str, Any]] = []

    def search(request: httpx.Request) -> httpx.Response:
        seen.append(json.loads(request.content))
        return httpx.Response(200, json=RAG_OK)

    h = Harness(settings, [RELEVANT, select("rag_search", question="Как оформить отпуск?")], rag=service(search=search))
    assert h.turn("Как оформить отпуск?") is Outcome.CONTINUE
    assert seen == [{"question": "Как оформить отпуск?", "top_k": 2}]
    assert h.printed[-4:] == [
        "Инструмент rag_search проверен и готов к вызову. Запрос: Как оформить отпуск?",
        msg.EXECUTE_START,
        "Ответ RAG: Отпуск оформляется в HR-портале.",
        "Заголовки топ-2 документов: Отпуск, Больничный",
    ]
    records = logs(caplog)
    assert ("DEBUG", "[exec] AgentExecute") in records
    assert ("DEBUG", "[valid] validate_tool_call // Validation OK") in records
    chunk_line = next(line for _, line in records if "rag_chunks_message" in line)
    assert chunk_line.startswith("[exec] rag_chunks_message: ") and "Текст про больничный" in chunk_line
    assert h.history[-1] == ("assistant", "Ответ RAG: Отпуск оформляется в HR-портале.")
    assert ("user", "Как оформить отпуск?") in h.history
    assert [role for role, _ in h.history] == ["user"] + ["assistant"] * 4


@contextmanager
def _real_rag(settings: Settings, tmp_path: Path, gateway: Any | None = None) -> Iterator[ServiceClient]:
    """The real RAG service (its app over a loopback socket) on the small knowledge base of the retrieval tests."""
    from tests.rag.conftest import KB

    from agentcore.apps.rag.http import create_app
    from agentcore.rag.embeddings import HashingEmbedder
    from agentcore.rag.engine import RagEngine
    from agentcore.serving import BackgroundServer

    folder = tmp_path / "kb"
    folder.mkdir()
    for name, text in KB.items():
        (folder / name).write_text(text, encoding="utf-8")
    rag = Settings(data_dir=tmp_path / "rag", provider="offline", rag_collection="test", rag_embedder="none")
    engine = RagEngine(rag, embedder=HashingEmbedder(), backend=None)
    engine.indexer.index_path(folder, "test")
    server = BackgroundServer(create_app(rag, engine=engine, gateway=gateway)).start()
    try:
        yield ServiceClient(server.url, client=httpx.Client(timeout=30))
    finally:
        server.stop()


def test_rag_answer_names_the_part_the_documents_lack(settings: Settings, tmp_path: Path) -> None:
    """Issue 18: the assistant's ``rag_search`` shows the claim-checked answer — supported claims with their
    citations, the closing line «В документах не нашлось: …», the sections cited."""
    question = "Когда зарплата и есть ли премия?"
    wide = settings.model_copy(update={"assistant": AssistantSettings(param_question_maxlen=60)})
    with _real_rag(settings, tmp_path) as rag:
        h = Harness(wide, [RELEVANT, select("rag_search", question=question)], rag=rag)
        h.turn(question)
    answer = (
        "Ответ RAG: Заработная плата выплачивается два раза в месяц: аванс 25 числа и остаток 10 числа следующего "
        "месяца [1].\nВ документах не нашлось: есть ли премия.\nИсточники: [1] Зарплата."
    )
    assert h.printed[-2:] == [answer, "Заголовки топ-2 документов: Зарплата, Удалённый доступ"]
    assert h.history[-1] == ("assistant", answer)


def test_rag_answer_never_shows_a_false_claim_of_the_model(settings: Settings, tmp_path: Path) -> None:
    from agentcore.llm import ScriptedProvider
    from agentcore.llm.gateway import SimpleLLMGateway

    model = SimpleLLMGateway(
        ScriptedProvider(["Отпуск длится 28 календарных дней [1]. Отпуск длится 45 календарных дней [1]."])
    )
    question = "Сколько дней составляет отпуск?"
    wide = settings.model_copy(update={"assistant": AssistantSettings(param_question_maxlen=60)})
    with _real_rag(settings, tmp_path, model) as rag:
        h = Harness(wide, [RELEVANT, select("rag_search", question=question)], rag=rag)
        h.turn(question)
    assert h.printed[-2] == "Ответ RAG: Отпуск длится 28 календарных дней [1].\nИсточники: [1] Отпуск."


def _failing(status: int = 200, body: Any = None, exc: Exception | None = None) -> Handler:
    def handler(request: httpx.Request) -> httpx.Response:
        if exc is not None:
            raise exc
        if isinstance(body, str):
            return httpx.Response(status, text=body)
        return httpx.Response(status, json=body)

    return handler


@pytest.mark.parametrize(
    ("rag", "expected_logs"),
    [
        (
            service(health=_failing(exc=httpx.ConnectError("refused")), search=RAG_OK),
            [
                ("ERROR", "[exec] check_health // Unexpected error: ConnectError: refused"),
                ("ERROR", "[exec] answer_question // Health check failed"),
            ],
        ),
        (
            service(health={"status": "degraded"}, search=RAG_OK),
            [("ERROR", "[exec] answer_question // Health check failed")],
        ),
        (
            service(search=_failing(exc=httpx.ReadTimeout("timed out"))),
            [("ERROR", "[exec] answer_question // Unexpected error: ReadTimeout: timed out")],
        ),
        (
            service(search=_failing(500, "<html>Internal Server Error</html>")),
            [
                (
                    "ERROR",
                    "[exec] answer_question // Unexpected error: HTTPStatusError: Server error '500 Internal "
                    "Server Error' for url 'http://svc/search'\nFor more information check: "
                    "https://developer.mozilla.org/en-US/docs/Web/HTTP/Status/500",
                )
            ],
        ),
        (
            service(search={"error": "коллекция пуста"}),
            [("ERROR", "[exec] answer_question // Search error: коллекция пуста")],
        ),
        (
            service(search=_failing(422, {"error": "top_k must be positive"})),
            [("ERROR", "[exec] answer_question // Search error: top_k must be positive")],
        ),
        (
            service(search={"answer": "без полей"}),
            [("ERROR", "[exec] answer_question // Unexpected error: KeyError: 'chunk_title_list'")],
        ),
    ],
)
def test_rag_failures(
    settings: Settings, caplog: pytest.LogCaptureFixture, rag: ServiceClient, expected_logs: list[tuple[str, str]]
) -> None:
    h = Harness(settings, [RELEVANT, select("rag_search", question="Вопрос?")], rag=rag)
    assert h.turn("Вопрос?") is Outcome.CONTINUE
    assert h.printed[-1] == msg.RAG_FAILURE
    errors = [(level, line) for level, line in logs(caplog) if level == "ERROR"]
    assert errors == expected_logs
    assert h.history[-1] == ("assistant", msg.RAG_FAILURE)


# --------------------------------------------------------------------------------------- step 5: haiku
def test_haiku_success_with_fixed_labels(settings: Settings) -> None:
    h = Harness(settings, [RELEVANT, select("generate_haiku", theme="пруд")])
    h.turn("хайку про пруд")
    assert h.printed[-3:] == [
        "Хайку: Тихий пруд в ночи | Лягушка прыгает в воду | Всплеск в тишине",
        "#слогов построчно: 5-7-5",
        "#слов итого: 10",
    ]
    assert h.history[-1] == ("assistant", "Хайку: Тихий пруд в ночи | Лягушка прыгает в воду | Всплеск в тишине")


@pytest.mark.parametrize(
    ("haiku", "expected_logs"),
    [
        (
            service(health=_failing(exc=httpx.ConnectError("refused")), generate_haiku=HAIKU_OK),
            [
                ("ERROR", "[exec] check_health // Unexpected error: ConnectError: refused"),
                ("ERROR", "[exec] generate_haiku // Health check failed"),
            ],
        ),
        (
            service(health={"status": "down"}, generate_haiku=HAIKU_OK),
            [("ERROR", "[exec] generate_haiku // Health check failed")],
        ),
        (
            service(generate_haiku=_failing(exc=httpx.ReadTimeout("timed out"))),
            [("ERROR", "[exec] generate_haiku // Unexpected error: ReadTimeout: timed out")],
        ),
        (
            service(generate_haiku={"error": "LLM недоступна"}),
            [("ERROR", "[exec] generate_haiku // Generation error: LLM недоступна")],
        ),
        (
            service(generate_haiku={"haiku_text": "a", "syllables_per_line": "x", "total_words": 1}),
            [
                (
                    "ERROR",
                    "[exec] generate_haiku // Unexpected error: ValueError: invalid literal for int() with base 10: "
                    "'x'",
                )
            ],
        ),
    ],
)
def test_haiku_failures(
    settings: Settings, caplog: pytest.LogCaptureFixture, haiku: ServiceClient, expected_logs: list[tuple[str, str]]
) -> None:
    h = Harness(settings, [RELEVANT, select("generate_haiku", theme="осень")], haiku=haiku)
    assert h.turn("хайку про осень") is Outcome.CONTINUE
    assert h.printed[-1] == msg.HAIKU_FAILURE
    assert [(lv, line) for lv, line in logs(caplog) if lv == "ERROR"] == expected_logs


def test_long_messages_are_truncated_in_history(settings: Settings) -> None:
    AssistantSettings.of(settings).message_max_chars = 100
    h = Harness(settings, [IRRELEVANT])
    h.turn("я" * 5000)
    stored = h.agent.history.all()[0].content or ""
    assert len(stored) == 100 and stored.endswith("…")


def test_uppercase_configured_commands(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("EXIT_COMMANDS", "{'/bye', 'Выход'}")
    h = Harness(Settings(), [])
    assert h.turn("ВЫХОД") is Outcome.EXIT


def test_invalid_service_url_is_an_apology_not_a_crash(settings: Settings, caplog: pytest.LogCaptureFixture) -> None:
    rag = ServiceClient("http://[::1", client=httpx.Client())
    h = Harness(settings, [RELEVANT, select("rag_search", question="Вопрос?")], rag=rag)
    assert h.turn("Вопрос?") is Outcome.CONTINUE
    assert h.printed[-1] == msg.RAG_FAILURE
    assert ("ERROR", "[exec] answer_question // Health check failed") in logs(caplog)


def test_unhealthy_status_with_error_code(settings: Settings, caplog: pytest.LogCaptureFixture) -> None:
    rag = service(health=_failing(503, {"status": "error", "error": "индекс недоступен"}), search=RAG_OK)
    h = Harness(settings, [RELEVANT, select("rag_search", question="Вопрос?")], rag=rag)
    h.turn("Вопрос?")
    assert [line for level, line in logs(caplog) if level == "ERROR"] == [
        "[exec] answer_question // Health check failed"
    ]


def test_offline_selection_does_not_mistake_words_for_poems() -> None:
    from agentcore.apps.assistant.offline import select as offline_select
    from agentcore.llm.models import LLMMessage

    pick = offline_select([LLMMessage(role="user", content="Что делать при стихийном бедствии?")])
    assert pick.tool_name == "rag_search"
    haiku = offline_select([LLMMessage(role="user", content="Сочини стихи про весну")])
    assert haiku.tool_name == "generate_haiku" and haiku.parameters == {"theme": "весна"}  # in the nominative


@pytest.mark.parametrize(
    ("request_text", "theme"),
    [
        ("Напиши хайку про кота", "кот"),
        ("хайку о зимней ночи", "зимняя ночь"),
        ("сочини стихи на тему осени", "осень"),
        ("хайку про осень, пожалуйста", "осень"),
        # every case a preposition can ask for (they used to reach the Haiku service as typed: «с котом»)
        ("хайку с котом", "кот"),  # instrumental
        ("напиши хайку для мамы", "мама"),  # genitive
        ("хайку к новому году", "новый год"),  # dative
        ("хайку насчёт весны", "весна"),
        ("хайку для мамы про весну", "весна"),  # «про» names the theme, «для» the addressee
        ("хайку к 8 марта", "8 марта"),  # a noun after a number keeps its case
    ],
)
def test_offline_selection_puts_the_theme_into_the_nominative(request_text: str, theme: str) -> None:
    from agentcore.apps.assistant.offline import select as offline_select
    from agentcore.llm.models import LLMMessage

    pick = offline_select([LLMMessage(role="user", content=request_text)])
    assert pick.tool_name == "generate_haiku" and pick.parameters == {"theme": theme}
    chosen = msg.SELECTED.format(name="generate_haiku", params=json.dumps({"theme": theme}, ensure_ascii=False))
    follow_up = offline_select(
        [
            LLMMessage(role="user", content=request_text),
            LLMMessage(role="assistant", content=chosen),
            LLMMessage(role="user", content="а про зиму?"),
        ]
    )
    assert follow_up.parameters == {"theme": "зима"}


# --------------------------------------------------------------------------------- layout slips (issue 18)
def test_a_greeting_on_the_wrong_layout_gets_the_help(settings: Settings, caplog: pytest.LogCaptureFixture) -> None:
    h = Harness(settings, [])
    assert h.turn("ghbdtn") is Outcome.CONTINUE
    assert len(h.printed) == 1 and "generate_haiku" in h.printed[0]
    assert ("DEBUG", "[main] AgentHelp") in logs(caplog)
    assert h.gateway.call_count == 0


def test_a_question_on_the_wrong_layout_is_read_in_russian(settings: Settings) -> None:
    seen: list[dict[str, Any]] = []

    def search(request: httpx.Request) -> httpx.Response:
        seen.append(json.loads(request.content))
        return httpx.Response(200, json=RAG_OK)

    line = "rfr jajhvbnm jngecr?"
    h = Harness(settings, [RELEVANT, select("rag_search", question="как оформить отпуск?")], rag=service(search=search))
    h.turn(line)
    assert h.history[0] == ("user", "как оформить отпуск?")  # what the model reads
    assert seen and seen[0]["question"] == "как оформить отпуск?"


def test_english_stays_english(settings: Settings) -> None:
    h = Harness(settings, [RELEVANT, select("rag_search", question="How do I set up the VPN?")])
    h.turn("How do I set up the VPN?")
    assert h.history[0] == ("user", "How do I set up the VPN?")
