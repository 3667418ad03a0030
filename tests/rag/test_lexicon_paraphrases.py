"""Everyday words an employee writes for a yes/no part's noun or verb and the documents' own words for them (issue 18,
branch ``yn``): the colloquial lexicon reads them, so the focus check finds the noun of the part in the sentence that
states the rule — a day off «за свой счёт» (a phrase of four words, read whole), days or money that «сгорают» (are
not carried over), a drink by its kind («пиво» → «алкоголь»), «вебка» (a camera), «сбой» (an incident)."""

from __future__ import annotations

from tests.rag.focus_probe import answers

from agentcore.rag._lexicon import MAX_PHRASE, matches

_UNPAID = (
    "По семейным обстоятельствам — регистрация брака, рождение ребёнка, смерть близкого родственника — сотрудник "
    "может взять до 5 календарных дней отпуска без сохранения заработной платы."
)
_UNPAID_HEADING = "Отпуск: правила и оформление — Отпуск без сохранения зарплаты"


def test_a_day_off_at_ones_own_expense_is_unpaid_leave() -> None:
    assert MAX_PHRASE >= 4
    assert answers("выходной за свой счет на свадьбу дают?", _UNPAID, _UNPAID_HEADING)
    assert answers("отгул за свой счёт на свадьбу дадут?", _UNPAID, _UNPAID_HEADING)
    # the whole phrase is the unpaid leave; «за свой счёт» alone (a relative's insurance) gets nothing of it
    assert all("счёт" not in m.words for m in matches("родителей за свой счёт в дмс"))


def test_days_that_burn_are_days_not_carried_over() -> None:
    heading = "Больничный и дни здоровья — Дни здоровья"
    sentence = "Дни здоровья не переносятся на следующий год и не компенсируются."
    assert answers("сгорают ли дни здоровья", sentence, heading)
    # an everyday verb («~=»): the focus check's, never a search query's
    [match] = matches("сгорает")
    assert not match.query


def test_a_drink_is_alcohol() -> None:
    heading = "Возмещение расходов — Какие расходы возмещаются"
    sentence = "Не возмещаются штрафы, алкоголь, личные покупки и расходы без чека."
    assert answers("пиво компенсируют?", sentence, heading)
    # the client lunch's limit names no drink: not an answer
    lunch = "Представительские расходы — встреча с клиентом или партнёром в кафе: до 3000 ₽ на человека."
    assert not answers("пиво на встрече с клиентом компенсируют?", lunch, heading)


def test_a_webcam_and_an_outage() -> None:
    camera = "На видеовстречах включайте камеру на дейли и ретроспективах, если нет технических проблем."
    heading = "Удалённая и гибридная работа — Правила удалённой работы"
    assert answers("вебку на созвонах включать надо?", camera, heading)
    duty = "За каждую неделю дежурства выплачивается 5000 ₽, даже если инцидентов не было."
    assert answers("платят ли дежурному если сбоев не было", duty, "Дежурства (on-call) — Компенсация")


def test_letting_in_is_inviting() -> None:
    sentence = (
        "Внешних участников — руководителей, стейкхолдеров — на ретроспективу не приглашают: людям должно быть "
        "безопасно говорить о проблемах открыто."
    )
    heading = "Ретроспектива спринта — Кто участвует"
    assert answers("стейкхолдеров пускают на ретру?", sentence, heading)
    # the retrospective's rule is no answer about the review
    assert not answers("на обзор спринта пускают клиентов?", sentence, heading)


def test_carrying_equipment_home_is_taking_it_out() -> None:
    sentence = (
        "Монитор и другое оборудование выносится из офиса только по заявке на вынос, оформленной через техподдержку."
    )
    heading = "Оборудование и ноутбуки — Вынос и возврат"
    assert answers("монитор домой утащить можно?", sentence, heading)
    assert not answers("монитор домой купить можно за счет компании?", sentence, heading)


def test_approving_is_agreeing() -> None:
    sentence = "Заявку согласуют непосредственный руководитель и финансовый директор."
    assert answers("кто одобряет заявку на командировку", sentence, "Командировки — Оформление")


def test_money_falling_on_a_card_is_paid() -> None:
    sentence = "Отпускные перечисляются не позднее чем за 3 рабочих дня до начала отпуска."
    heading = "Отпуск: правила и оформление — Как оформить отпуск"
    assert answers("отпускные за сколько дней до отпуска упадут на карту", sentence, heading)
    # «упасть» alone is still a service going down
    [match] = matches("сервис упал")
    assert ("сбой",) in match.alternatives


def test_a_trip_abroad_in_one_word() -> None:
    heading = "Командировки — Оформление"
    sentence = "Заявку на зарубежную поездку подайте не позднее чем за 20 рабочих дней."
    assert answers("за сколько до загранкомандировки подавать заявку", sentence, heading)


def test_leave_not_taken_is_unused_leave() -> None:
    heading = "Отпуск: правила и оформление — Неиспользованные дни"
    sentence = "Остаток неиспользованного отпуска переносится на следующий год."
    # the asker's qualifier is the documents' one in other words, not another case of the noun
    assert answers("неотгулянный отпуск сгорает?", sentence, heading)


def test_a_probation_period_is_the_probation() -> None:
    sentence = "Во время испытательного срока можно потратить не больше 10 000 ₽."
    heading = "Корпоративное обучение — Бюджет на обучение"
    assert answers("в испытательный период какой лимит на курсы", sentence, heading)
