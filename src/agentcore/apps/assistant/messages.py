"""Every user-facing string of the assistant, verbatim from seed 000 (the contract), plus the help text.

Seed fix: the seed prints the word count under «#слогов построчно» and the syllables under «#слов итого» (the
labels are swapped).  We print syllables per line under «#слогов построчно» and the word count under
«#слов итого» — see ``docs/assistant.md``.
"""

from __future__ import annotations

GOODBYE = "До свидания!"
# Not in the seed: a «/…» word that is no command.
UNKNOWN_COMMAND = "Неизвестная команда «{command}». Справка — {help}, выход — {exit}."

CLASSIFY_START = "Анализирую релевантность запроса.."
LLM_ERROR = "Ошибка при запросе LLM, завершаюсь.."
LLM_PARSE_ERROR = "Ошибка при разборе ответа LLM, завершаюсь.."
# Not in the seed: the line after either, with the failure's public reason («языковая модель отклонила учётные данные
# сервиса (HTTP 401)»).
LLM_ERROR_REASON = "Причина: {reason}."
IRRELEVANT = "Запрос не связан с функционалом агента."
RELEVANT = "Запрос релевантен, думаю.."

SELECT_START = "Выбираю подходящий инструмент.."
SELECTION_FAIL = "Не удалось определить инструмент. Просьба переформулировать запрос."
SELECTED = "Выбран инструмент {name} с параметрами {params}"

VALIDATE_START = "Валидирую инструмент.."
NOT_UNDERSTOOD = "Не совсем понял вопрос. Просьба переформулировать."
QUESTION_TOO_LONG = "Вопрос слишком длинный. Просьба сформулировать более кратко."
THEME_TOO_LONG = "Тема слишком длинная. Просьба сформулировать более кратко."
# Not in the seed: the second line after a rejection says the limit and the setting that changes it.
QUESTION_LIMIT = (
    "Вопрос для поиска — не длиннее {limit} символов (сейчас {length}); "
    "ограничение меняется настройкой PARAM_QUESTION_MAXLEN."
)
THEME_LIMIT = (
    "Тема — не длиннее {limit} символов (сейчас {length}); ограничение меняется настройкой PARAM_THEME_MAXLEN."
)
RAG_READY = "Инструмент rag_search проверен и готов к вызову. Запрос: {question}"
HAIKU_READY = "Инструмент generate_haiku проверен и готов к вызову. Тема: {theme}"
UNKNOWN_TOOL = "Не удалось провалидировать запрос. Просьба переформулировать."

EXECUTE_START = "Выполняю инструмент.."
RAG_FAILURE = "Произошла чудовищная ошибка при запросе на RAG сервис.. Тысяча извинений! Попробуем снова?"
RAG_ANSWER = "Ответ RAG: {answer}"
RAG_TITLES = "Заголовки топ-{top_k} документов: {titles}"
HAIKU_FAILURE = "Произошла чудовищная ошибка при генерации хайку.. Тысяча извинений! Попробуем снова?"
HAIKU_TEXT = "Хайку: {text}"
HAIKU_SYLLABLES = "#слогов построчно: {syllables}"
HAIKU_WORDS = "#слов итого: {words}"


def help_text(
    exit_commands: frozenset[str],
    help_commands: frozenset[str],
    provider: str,
    max_question: int,
    max_theme: int,
    *,
    terminal: bool = True,
) -> str:
    """The help message (shown at session start, on a help command and after an irrelevant request).

    ``terminal=False`` (the ``/v1`` model ``assistant``, the console's Chat page): without the exit commands and
    Ctrl-D, which end nothing in a browser."""
    commands = f"Справка: {', '.join(sorted(help_commands))}."
    if terminal:
        commands += f" Выход: {', '.join(sorted(exit_commands))} (или Ctrl-D)."
    return (
        "Я ассистент службы поддержки. Умею:\n"
        f"  • отвечать на вопросы по базе знаний (rag_search), вопрос — до {max_question} символов,\n"
        "    например: «Как оформить отпуск?», «Что такое спринт?»;\n"
        f"  • сочинять хайку на заданную тему (generate_haiku), тема — до {max_theme} символов,\n"
        "    например: «Напиши хайку про осень».\n"
        f"{commands}\n"
        f"Модель: {provider}."
    )
