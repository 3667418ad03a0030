"""Which FAQ questions the assistant refuses (seed 6's restrictions), decided before any model is asked.

Seed 6 limits the FAQ to general Scrum/Agile concepts: no «у нас в команде…», no proposals of actions or ways to
organise work, no invented tools, times or rules.  A question that can only be answered by breaking them is
refused, politely, with what the assistant can do instead — the refusal says so in its first sentence:

* **team rules** — the asker's own team, project or company («какие у нас правила code review?», «как в нашей
  команде оценивают задачи?»): only the team knows them;
* **people management** — what to do with a person («посоветуй, что делать с разработчиком, который срывает
  сроки», «как уволить тестировщика»): advice on people, not a concept;
* **off-topic** — plainly not Scrum/Agile (weather, recipes, code, exchange rates …).

The same verdict holds offline and with a model: :func:`refusal` runs in the FAQ handler before the model call, so
a refused question costs no call.  A question the rules do not refuse goes to the model (or, offline, to the
glossary, which answers «Я отвечаю только на общие вопросы о Scrum …» when no entry fits).
"""

from __future__ import annotations

import re
from typing import Literal

__all__ = ["REFUSALS", "RefusalKind", "refusal", "refusal_kind"]

RefusalKind = Literal["team_rules", "people", "off_topic"]

REFUSALS: dict[RefusalKind, str] = {
    "team_rules": (
        "Не могу ответить: правила и договорённости вашей команды знает только сама команда — спросите "
        "скрам-мастера или загляните в ваши рабочие соглашения. Я могу объяснить общие понятия Scrum и Agile: "
        "например, что такое Definition of Done, ретроспектива или story points."
    ),
    "people": (
        "Не могу ответить: советы по управлению конкретными людьми — не моя задача. Я могу объяснить общие "
        "понятия Scrum и Agile: например, роли скрам-мастера и владельца продукта или как устроена ретроспектива."
    ),
    "off_topic": (
        "Я отвечаю только на общие вопросы о Scrum и Agile: спринт, дейли, ретроспектива, бэклог, story points, "
        "velocity и т. п. Переформулируй вопрос в этих терминах."
    ),
}

_TEAM_RULES = re.compile(
    r"\bу\s+нас\b|\bу\s+меня\s+в\s+(?:команде|компании|отделе|проекте)|"
    r"\bв\s+(?:нашей|моей)\s+(?:команде|компании|конторе|организации|фирме|студии)|"
    r"\bв\s+нашем\s+(?:проекте|отделе|офисе|спринте|бэклоге)|"
    r"\bнаш\w*\s+(?:правил|регламент|процесс|договор[её]нност|команд|компани|отдел|проект|тимлид|"
    r"скрам|спринт|дейли|ретро|definition|dod|дод|релиз|стандарт)\w*|"
    r"\bмы\s+(?:обязаны|должны|используем|проводим|делаем|принимаем|оцениваем|работаем)\b|"
    r"\bпринято\s+(?:у\s+нас|в\s+команде)|\bу\s+вас\s+в\s+(?:команде|компании)",
    re.IGNORECASE,
)
_PEOPLE = re.compile(
    r"посоветуй\w*|подскажи\w*,?\s+(?:что|как)\s+(?:делать|быть|поступить)|"
    r"что\s+(?:мне\s+)?(?:делать|сделать)\s+с\s+(?:\w+\s+){0,2}"
    r"(?:разработчик|сотрудник|тестировщик|человек|коллег|джун|сеньор|тимлид|подчин[её]нн|аналитик|дизайнер|парн|девушк)|"
    r"как\s+(?:мне\s+)?(?:мотивировать|уволить|наказать|заставить|поговорить\s+с|убедить|отчитать|похвалить|"
    r"разговорить|расшевелить|повлиять\s+на|вести\s+себя\s+с)|"
    r"\bуволит\w*|\bувольн\w*|\bпремир\w*|\bлишить\s+преми\w*|\bзарплат\w*|\bповышени\w*\s+(?:зарплат|долж)\w*|"
    r"\bленит\w*|\bленив\w*|\bтоксичн\w*|\bконфликт\w*\s+(?:с|между)\b|\bне\s+слушается\b|\bхамит\b",
    re.IGNORECASE,
)
_OFF_TOPIC = re.compile(
    r"погод\w*|анекдот\w*|шутк\w*|\bстих\w*|хайку|песн\w*|фильм\w*|сериал\w*|рецепт\w*|борщ\w*|пицц\w*|"
    r"курс\s+(?:доллар|евро|рубл|валют|бит)\w*|биткоин\w*|акци[ияй]\s+\w+|гороскоп\w*|футбол\w*|"
    r"переведи\w*|напиши\s+(?:код|функци|скрипт|программ|письмо|эссе|сочинени)\w*|"
    r"\bpython\b|\bjavascript\b|\bsql[\s-]*запрос\w*|столиц\w*|президент\w*|отпуск\w*|больничн\w*|"
    r"\bвакцин\w*|\bдиет\w*|\bкредит\w*|\bипотек\w*|\bналог\w*",
    re.IGNORECASE,
)


def refusal_kind(question: str) -> RefusalKind | None:
    """Why ``question`` is refused (see the module docstring), or ``None`` when it may be answered."""
    if _PEOPLE.search(question):
        return "people"
    if _TEAM_RULES.search(question):
        return "team_rules"
    if _OFF_TOPIC.search(question):
        return "off_topic"
    return None


def refusal(question: str) -> str | None:
    """The refusal to send for ``question`` (its first sentence says it is a refusal), or ``None``."""
    kind = refusal_kind(question)
    return REFUSALS[kind] if kind else None
