"""Entity resolution end to end: the red-team requests on the offline planner against the fake portal over HTTP."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from agentcore.apps.crm.bitrix import BitrixClient, WebhookAuth
from agentcore.apps.crm.fake_portal import FakePortal, FakePortalServer
from agentcore.apps.crm.mentions import find_mentions, is_question, stems
from agentcore.apps.crm.model_client import ModelClient
from agentcore.apps.crm.orchestrator import Orchestrator
from agentcore.config import Settings

pytestmark = pytest.mark.e2e


@pytest.fixture
def agent(make_orchestrator: Callable[..., Orchestrator], portal_server: FakePortalServer) -> Orchestrator:
    from agentcore.apps.crm import offline as _offline  # noqa: F401 - registers the offline planner

    client = ModelClient.from_settings(Settings(provider="offline"))
    return make_orchestrator(client, bitrix=BitrixClient(WebhookAuth(portal_server.webhook_url)), mode="full")


async def test_a_named_deal_wins_over_the_current_one_and_still_needs_yes(
    agent: Orchestrator, portal: FakePortal
) -> None:
    await agent.handle_message("u1", "Покажи сделку 1")
    asked = await agent.handle_message("u1", "Удали сделку «Смирнова: консультация»")
    assert [(c.method, c.params) for c in asked.pending_confirmations] == [("crm.deal.delete", {"id": 5})]
    assert portal.storage.get("deal", 5) is not None
    await agent.handle_message("u1", "да")
    assert portal.storage.get("deal", 5) is None and portal.storage.get("deal", 1) is not None


async def test_deals_of_a_company(agent: Orchestrator) -> None:
    listed = await agent.handle_message("u1", "Покажи сделки компании Вектор")
    assert listed.steps[0].method == "crm.deal.list"
    assert "Вектор: внедрение CRM" in listed.assistant and "Ромашка" not in listed.assistant


async def test_an_ambiguous_name_is_asked_about(agent: Orchestrator, portal: FakePortal) -> None:
    asked = await agent.handle_message("u1", "Переведи сделку Вектор в стадию Переговоры")
    assert not asked.pending_confirmations and "#3 «Вектор: внедрение CRM»" in asked.assistant
    assert "#4 «Вектор: обучение сотрудников»" in asked.assistant


async def test_stage_and_person_by_name(agent: Orchestrator, portal: FakePortal) -> None:
    await agent.handle_message("u1", "Переведи сделку «Вектор: внедрение CRM» в стадию Переговоры")
    await agent.handle_message("u1", "да")
    assert portal.storage.get("deal", 3)["STAGE_ID"] == "UC_NEGOTIATION"  # a custom stage: known only by its name
    await agent.handle_message("u1", "Назначь ответственным Ольгу Кузнецову")
    await agent.handle_message("u1", "да")
    assert portal.storage.get("deal", 3)["ASSIGNED_BY_ID"] == "2"


@pytest.mark.parametrize(
    "question",
    [
        "на какой стадии сделка «Ромашка: поставка насосов»?",
        "какая сумма у сделки 1 «Ромашка: поставка насосов»?",
        "у сделки ромашка сервисный контракт сумма 180 тыс?",
    ],
)
async def test_a_question_is_never_a_write(agent: Orchestrator, portal: FakePortal, question: str) -> None:
    before = {d["ID"]: d for d in portal.storage.all("deal")}
    answer = await agent.handle_message("u1", question)
    assert not answer.pending_confirmations
    assert all(s.method.endswith((".get", ".list")) for s in answer.steps)
    await agent.handle_message("u1", "да")
    assert {d["ID"]: d for d in portal.storage.all("deal")} == before


def test_mentions() -> None:
    assert find_mentions("Удали сделку «Смирнова: консультация»").deal == "Смирнова: консультация"
    assert find_mentions("Покажи сделки компании Вектор").company == "Вектор"
    found = find_mentions("Переведи сделку Вектор в стадию Переговоры")
    assert (found.deal, found.stage) == ("Вектор", "Переговоры")
    assert find_mentions("Назначь ответственным Ольгу Кузнецову").person == "Ольгу Кузнецову"
    assert find_mentions("на какой стадии сделка «Ромашка: поставка насосов»?").stage is None
    assert stems("Вектором Смирновой Кузнецову") == ["вектор", "смирнов", "кузнецов"]


@pytest.mark.parametrize(
    ("text", "question"),
    [
        ("на какой стадии сделка «Ромашка: поставка насосов»?", True),
        ("какая сумма у сделки 1?", True),
        ("сделка 2 уже в работе?", True),
        ("удали сделку 3?", False),
        ("Можешь поменять сумму сделки 3 на 100к?", False),
        ("Поставь сумму 100 000", False),
    ],
)
def test_questions(text: str, question: bool) -> None:
    assert is_question(text) is question


@pytest.mark.parametrize("answer", ["3", "первую", "внедрение"])
async def test_the_answer_to_which_one_completes_the_request(
    agent: Orchestrator, portal: FakePortal, answer: str
) -> None:
    asked = await agent.handle_message("u1", "Переведи сделку Вектор в стадию Переговоры")
    assert "Какую из них" in asked.assistant and not asked.pending_confirmations
    picked = await agent.handle_message("u1", answer)
    assert [(c.method, c.params) for c in picked.pending_confirmations] == [
        ("crm.deal.update", {"id": 3, "fields": {"STAGE_ID": "UC_NEGOTIATION"}})
    ]
    await agent.handle_message("u1", "да")
    assert portal.storage.get("deal", 3)["STAGE_ID"] == "UC_NEGOTIATION"
    assert portal.storage.get("deal", 4)["STAGE_ID"] == "WON"


async def test_an_employee_picked_by_position(agent: Orchestrator, portal: FakePortal) -> None:
    asked = await agent.handle_message("u1", "Назначь ответственным Соколову по сделке 5")
    assert "#3 Дмитрий Соколов" in asked.assistant and "#4 Мария Соколова" in asked.assistant
    await agent.handle_message("u1", "вторую")
    await agent.handle_message("u1", "да")
    assert portal.storage.get("deal", 5)["ASSIGNED_BY_ID"] == "4"


def test_one_typo_in_a_common_command() -> None:
    from agentcore.apps.crm.mentions import imperatives

    assert imperatives("Перведи сделку") == {"перевести"}
    assert imperatives("удпли сделку 3") == {"удалить"}
    assert imperatives("поставка насосов") == set()


async def test_a_stage_of_another_pipeline(agent: Orchestrator, portal: FakePortal) -> None:
    from datetime import UTC, datetime

    from agentcore.apps.crm.fake_portal.entities import new_entity

    fields = {"TITLE": "Сервис: ремонт насоса", "CATEGORY_ID": 1, "STAGE_ID": "C1:NEW"}
    portal.storage.put("deal", 6, new_entity("deal", 6, fields, user_id="1", now=datetime.now(UTC)))
    await agent.handle_message("u1", "Переведи сделку «Сервис: ремонт насоса» в стадию Выезд мастера")
    await agent.handle_message("u1", "да")
    assert portal.storage.get("deal", 6)["STAGE_ID"] == "C1:EXECUTING"


@pytest.mark.parametrize("message", ["Покажи первую сделку", "Покажи второй контакт", "первый раз слышу"])
async def test_a_new_message_with_an_ordinal_in_it_is_no_answer_to_which_one(
    agent: Orchestrator, portal: FakePortal, message: str
) -> None:
    """After «which one?» only an answer that is the pick completes the earlier request: a new message holding an
    ordinal word ran the rename (which needs no «да») on the option of that position."""
    titles = {d["ID"]: d["TITLE"] for d in portal.storage.all("deal")}
    asked = await agent.handle_message("u1", "Переименуй сделку Вектор в «Тест»")
    assert "Какую из них" in asked.assistant
    await agent.handle_message("u1", message)
    assert {d["ID"]: d["TITLE"] for d in portal.storage.all("deal")} == titles


@pytest.mark.parametrize("answer", ["вторую", "давай вторую сделку", "Вторая, пожалуйста", "4"])
async def test_an_answer_naming_a_position_completes_the_rename(
    agent: Orchestrator, portal: FakePortal, answer: str
) -> None:
    await agent.handle_message("u1", "Переименуй сделку Вектор в «Тест»")
    await agent.handle_message("u1", answer)
    assert portal.storage.get("deal", 4)["TITLE"] == "Тест"
    assert portal.storage.get("deal", 3)["TITLE"] == "Вектор: внедрение CRM"


@pytest.mark.parametrize(
    "message",
    ["Переименуй сделку «Вектор: внедрение CRM» в «Сделка 5»", "Переименуй эту сделку в «Сделка №5 — повтор»"],
)
async def test_a_number_inside_a_quoted_name_names_no_deal(
    agent: Orchestrator, portal: FakePortal, message: str
) -> None:
    """«Сделка 5» in quotes is the new title: the rename (which needs no «да») went to deal 5."""
    await agent.handle_message("u1", "Покажи сделку 3")
    await agent.handle_message("u1", message)
    assert portal.storage.get("deal", 3)["TITLE"].startswith("Сделка")
    assert portal.storage.get("deal", 5)["TITLE"] == "Смирнова: консультация"


async def test_same_named_deals_are_told_apart_by_amount_and_company(agent: Orchestrator, portal: FakePortal) -> None:
    """Tryout 26 #21: «По «Дубль» нашлось несколько: #6 «Дубль»; #7 «Дубль»» gave nothing to choose by."""
    from datetime import UTC, datetime

    from agentcore.apps.crm.fake_portal.entities import new_entity

    for number, amount, company in ((6, 10000, 1), (7, 250000, 2)):
        fields = {"TITLE": "Дубль", "OPPORTUNITY": amount, "COMPANY_ID": company}
        portal.storage.put("deal", number, new_entity("deal", number, fields, user_id="1", now=datetime.now(UTC)))
    asked = await agent.handle_message("u1", "Измени сумму сделки «Дубль» на 5000")
    assert "#6 «Дубль» — 10 000 ₽, компания «ООО «Ромашка»»" in asked.assistant, asked.assistant
    assert "#7 «Дубль» — 250 000 ₽, компания «АО «Вектор»»" in asked.assistant
    picked = await agent.handle_message("u1", "вторую")
    assert [(c.method, c.params) for c in picked.pending_confirmations] == [
        ("crm.deal.update", {"id": 7, "fields": {"OPPORTUNITY": 5000}})
    ]


@pytest.mark.parametrize(
    ("text", "newest"),
    [
        ("Покажи последнюю созданную сделку", ("deal", 1)),
        ("последний контакт", ("contact", 1)),
        ("Покажи последнюю компанию", ("company", 1)),
        ("самую новую сделку", ("deal", 1)),
        ("последние 3 сделки", ("deal", 3)),
        ("покажи 2 последние компании", ("company", 2)),
        ("последние три контакта", ("contact", 3)),
        ("Измени сумму последней сделки на 100 000", ("deal", 1)),
        ("отмени последнее действие", None),
        ("Создай сделку «Последняя сделка»", None),
        ("Создай новую сделку", None),
    ],
)
def test_newest_mentions(text: str, newest: tuple[str, int] | None) -> None:
    found = find_mentions(text).newest
    assert (found[:2] if found else None) == newest


async def _add_deal(agent: Orchestrator, title: str, **fields: object) -> int:
    return int((await agent.call_bitrix("crm.deal.add", {"fields": {"TITLE": title, **fields}}))["result"])


async def test_the_newest_deal_is_the_last_created_not_the_last_shown(agent: Orchestrator) -> None:
    newest = await _add_deal(agent, "Свежая сделка")
    await agent.handle_message("u1", "Покажи сделку 1")
    shown = await agent.handle_message("u1", "Покажи последнюю созданную сделку")
    assert [(s.method, s.params) for s in shown.steps] == [("crm.deal.get", {"id": newest})]
    assert "Свежая сделка" in shown.assistant and "Ромашка" not in shown.assistant
    same = await agent.handle_message("u1", "самую новую сделку")
    assert not same.pending_confirmations  # «новую» here is not «создай новую»
    assert "Свежая сделка" in same.assistant and "Ромашка" not in same.assistant


async def test_the_last_three_deals(agent: Orchestrator) -> None:
    listed = await agent.handle_message("u1", "Покажи последние 3 сделки")
    (step,) = listed.steps
    assert step.method == "crm.deal.list" and step.params["filter"] == {"ID": ["5", "4", "3"]}
    assert "Найдено сделок: 3" in listed.assistant and "Ромашка" not in listed.assistant


async def test_the_newest_contact_and_company(agent: Orchestrator) -> None:
    contact = await agent.handle_message("u1", "Покажи последний контакт")
    assert [(s.method, s.params) for s in contact.steps] == [("crm.contact.get", {"id": 3})]
    company = await agent.handle_message("u1", "Покажи последнюю компанию")
    assert [(s.method, s.params) for s in company.steps] == [("crm.company.get", {"id": 3})]


async def test_the_newest_deal_of_a_company_or_a_name(agent: Orchestrator) -> None:
    of_company = await agent.handle_message("u1", "Покажи последнюю сделку компании Вектор")
    assert [(s.method, s.params) for s in of_company.steps] == [("crm.deal.get", {"id": 4})]
    by_name = await agent.handle_message("u1", "Покажи последнюю сделку Ромашка")
    assert [(s.method, s.params) for s in by_name.steps] == [("crm.deal.get", {"id": 2})]


async def test_a_change_of_the_last_deal_targets_the_newest_and_still_needs_yes(
    agent: Orchestrator, portal: FakePortal
) -> None:
    await agent.handle_message("u1", "Покажи сделку 1")
    asked = await agent.handle_message("u1", "Измени сумму последней сделки на 100 000")
    assert [(c.method, c.params) for c in asked.pending_confirmations] == [
        ("crm.deal.update", {"id": 5, "fields": {"OPPORTUNITY": 100000}})
    ]
    several = await agent.handle_message("u1", "Удали последние 2 сделки")
    assert len(several.pending_confirmations) == 1 and "назовите одну" in several.assistant
    assert portal.storage.get("deal", 5) is not None and portal.storage.get("deal", 4) is not None


@pytest.mark.parametrize("answer", ["сделку 1", "#1", "№ 2"])
async def test_an_answer_naming_a_deal_outside_the_options_picks_none(
    agent: Orchestrator, portal: FakePortal, answer: str
) -> None:
    """Asked «which one?» between #3 and #4, «сделку 1» is deal #1 — not the first option: taken as a position it
    renamed deal 3 (a rename needs no «да»), a wrong deal changed silently."""
    titles = {d["ID"]: d["TITLE"] for d in portal.storage.all("deal")}
    asked = await agent.handle_message("u1", "Переименуй сделку Вектор в «Новое имя»")
    assert "Какую из них" in asked.assistant
    answered = await agent.handle_message("u1", answer)
    assert not any(s.method == "crm.deal.update" for s in answered.steps)
    assert {d["ID"]: d["TITLE"] for d in portal.storage.all("deal")} == titles


@pytest.mark.parametrize(
    ("message", "offered"),
    [
        ("Измени сумму сделки Смирнва на 10 000", "Похожие: #5 «Смирнова: консультация»"),
        ("Покажи сделку Вектр", "#3 «Вектор: внедрение CRM»"),
        ("Создай сделку «Т» для компании Ромошка", "Похожие: #1 «ООО «Ромашка»»"),
    ],
)
async def test_a_misspelt_name_offers_close_records_and_picks_none(
    agent: Orchestrator, portal: FakePortal, message: str, offered: str
) -> None:
    """A name one letter off matched nothing and the reply said only «Проверьте название»: now the close records
    are offered — never picked, nothing written or queued."""
    before = {d["ID"]: dict(d) for d in portal.storage.all("deal")}
    answer = await agent.handle_message("u1", message)
    assert offered in answer.assistant and "повторите запрос с номером" in answer.assistant
    assert not answer.pending_confirmations and not answer.steps
    assert {d["ID"]: dict(d) for d in portal.storage.all("deal")} == before


@pytest.mark.parametrize(
    "message",
    [
        "Найди контакт +7 900 111-22-33",
        "Найди контакт по телефону 89001112233",
        "чей это номер 8 (900) 111-22-33",
    ],
)
async def test_a_contact_by_phone_in_any_spelling(agent: Orchestrator, message: str) -> None:
    """The phone was searched as a name («Ищу контакт «123-45-67»», «Ищу контакт «телефон»») and nothing was found;
    Bitrix24 compares a phone whole, so it is looked for in the usual spellings."""
    answer = await agent.handle_message("u1", message)
    assert [(s.method, s.params) for s in answer.steps] == [("crm.contact.get", {"id": 1})]
    assert "Иван Петров" in answer.assistant


async def test_a_company_by_phone_and_an_unknown_phone(agent: Orchestrator) -> None:
    company = await agent.handle_message("u1", "Покажи компанию с телефоном 84951002030")
    assert [(s.method, s.params) for s in company.steps] == [("crm.company.get", {"id": 1})]
    unknown = await agent.handle_message("u1", "Найди контакт +7 900 000-00-00")
    assert not unknown.steps and "Не нашёл контакт с телефоном +7 900 000-00-00" in unknown.assistant


def test_amounts_are_no_phones() -> None:
    assert find_mentions("Создай сделку на 1 500 000 000 руб. для компании Ромашка").phone is None
    assert find_mentions("Найди контакт +7 900 111-22-33").phone == ("+7 900 111-22-33", "contact")


async def test_a_named_contact_is_deleted_only_after_yes(agent: Orchestrator, portal: FakePortal) -> None:
    asked = await agent.handle_message("u1", "Удали контакт Петров")
    assert [(c.method, c.params) for c in asked.pending_confirmations] == [("crm.contact.delete", {"id": 1})]
    assert "Удалить контакт «Иван Петров» (#1)" in asked.assistant and portal.storage.get("contact", 1) is not None
    await agent.handle_message("u1", "да")
    assert portal.storage.get("contact", 1) is None and portal.storage.get("contact", 2) is not None


@pytest.mark.parametrize("answer", ["та, что у Вектора", "которая на 20 000"])
async def test_same_titled_deals_told_apart_by_company_or_amount(
    agent: Orchestrator, portal: FakePortal, answer: str
) -> None:
    """Two deals of one title are listed with their amount and company; an answer naming either picks that one
    (it was not understood: only the titles, the same for both, were compared)."""
    first = await _add_deal(agent, "Поставка оборудования", OPPORTUNITY=10000, COMPANY_ID=1)
    second = await _add_deal(agent, "Поставка оборудования", OPPORTUNITY=20000, COMPANY_ID=2)
    asked = await agent.handle_message("u1", "Переименуй сделку Поставка оборудования в «Новое»")
    assert "Какую из них" in asked.assistant and "компания «АО «Вектор»»" in asked.assistant
    await agent.handle_message("u1", answer)
    assert portal.storage.get("deal", second)["TITLE"] == "Новое"
    assert portal.storage.get("deal", first)["TITLE"] == "Поставка оборудования"


async def test_which_contact_is_answered_too(agent: Orchestrator, portal: FakePortal) -> None:
    """«Which one?» about contacts (or companies) listed them, but the answer completed only deal requests: «второго»
    was a new message and the delete was lost."""
    other = int(
        (await agent.call_bitrix("crm.contact.add", {"fields": {"NAME": "Олег", "LAST_NAME": "Петров"}}))["result"]
    )
    asked = await agent.handle_message("u1", "Удали контакт Петров")
    assert "Какую из них" in asked.assistant and not asked.pending_confirmations
    picked = await agent.handle_message("u1", "второго")
    assert [(c.method, c.params) for c in picked.pending_confirmations] == [("crm.contact.delete", {"id": other})]
    await agent.handle_message("u1", "да")
    assert portal.storage.get("contact", other) is None and portal.storage.get("contact", 1) is not None


@pytest.mark.parametrize(
    ("message", "answer", "deal"),
    [("Поменяй у Ромашки сумму на 300 000", "вторую", 2), ("Поставь Вектору стадию выиграна", "3", 3)],
)
async def test_a_name_without_a_noun_is_looked_up_not_the_deal_shown_last(
    agent: Orchestrator, message: str, answer: str, deal: int
) -> None:
    """After «Покажи сделку 5», «Поменяй у Ромашки сумму …» asked to change deal 5 («Смирнова: консультация»): the
    name written with no «сделка» before it was not read. Now it is looked up (two Ромашка deals: which one?), and
    the pick completes the request as «у сделки 2», never as a bare number that named no deal."""
    await agent.handle_message("u1", "Покажи сделку 5")
    asked = await agent.handle_message("u1", message)
    assert "Какую из них" in asked.assistant and not asked.pending_confirmations
    picked = await agent.handle_message("u1", answer)
    assert [c.params["id"] for c in picked.pending_confirmations] == [deal]


def test_calendar_and_places_are_no_names() -> None:
    assert find_mentions("Перенеси дату закрытия на 31 Декабря").deal is None
    assert find_mentions("Какая погода в Москве?").deal is None
