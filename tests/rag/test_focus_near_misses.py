"""Near misses a value part must not take for its answer (issue 18, branch ``nb``, split dev19): a figure that counts
another noun than the one asked, and a figure the question says itself."""

from __future__ import annotations

from tests.rag.focus_probe import answers

# --- a figure counts its own noun ----------------------------------------------------------------------------------


def test_a_figure_counts_the_first_noun_after_it_not_a_noun_further_on() -> None:
    heading = "Владелец продукта (Product Owner)"
    sentence = "Владелец продукта — одна из трёх ответственностей в скрам-команде наряду с разработчиками."
    # «трёх» counts responsibilities; «скрам-команде» stands three words after it
    assert not answers("сколько команд у одного владельца продукта", sentence, heading)


def test_an_adjective_sharing_the_asked_nouns_root_is_counted_by_no_figure() -> None:
    heading = "Скрам-мастер — Скрам-мастер в «Ромашка Софт»"
    # «1 рабочего дня» counts days: «рабочего» only shares a root with «разработчик»
    sentence = "Скрам-мастер берёт блокеры в работу в течение 1 рабочего дня."
    assert not answers("сколько разработчиков в одной скрам-команде", sentence, heading)
    # nor is a verb before a figure the noun it counts («работает с двумя командами» counts teams)
    sentence = "В ООО «Ромашка Софт» один скрам-мастер работает с двумя командами."
    assert not answers("сколько разработчиков в одной скрам-команде", sentence, heading)


def test_a_figure_still_counts_its_noun_past_adjectives_and_figures() -> None:
    assert answers(
        "сколько парковочных мест у бизнес-центра",
        "У бизнес-центра есть 10 парковочных мест для сотрудников.",
        "Офис и переговорные комнаты — Кухня, парковка и порядок",
    )
    assert answers(
        "сколько конфигураций впн можно создать",
        "На одного сотрудника можно создать не более 3 конфигураций.",
        "Настройка VPN — Установка",
    )
    assert answers(
        "сколько человек влезает в одуванчик",
        "«Одуванчик» — звукоизолированная кабина на 1–2 человека для звонков.",
        "Офис и переговорные комнаты — Переговорные комнаты",
    )


# --- a figure the question says as a word is its own --------------------------------------------------------------


def test_a_numeral_the_question_says_in_another_form_supplies_no_count() -> None:
    heading = "Эпики и пользовательские истории — Иерархия в Jira"
    sentence = (
        "Подзадачи создаются разработчиками на планировании спринта, одна подзадача — не больше одного рабочего дня."
    )
    assert not answers("сколько подзадач максимум может быть в одной истории", sentence, heading)


def test_a_numeral_the_question_does_not_say_still_supplies_the_count() -> None:
    heading = "Скрам-мастер — Скрам-мастер в «Ромашка Софт»"
    sentence = "В ООО «Ромашка Софт» один скрам-мастер работает с двумя командами."
    assert answers("сколько команд у одного скрам-мастера", sentence, heading)


# --- the case a question names, which the sentence's rule does not cover -------------------------------------------


def test_a_clock_time_outside_the_rules_bound_is_another_case() -> None:
    heading = "Возмещение расходов — Какие расходы возмещаются"
    sentence = (
        "Такси после 22:00, если вы задержались на работе по рабочей необходимости, — до 1500 ₽ за поездку до дома."
    )
    assert not answers("задержался до 20:00, такси домой сколько возмещают", sentence, heading)
    assert answers("задержался до 23:00, такси домой сколько возмещают", sentence, heading)


def test_an_act_said_in_the_passive_names_no_doer() -> None:
    heading = "Онбординг новых сотрудников — Наставник"
    sentence = "Каждому новичку назначается наставник из команды на весь испытательный срок."
    assert not answers("кто назначает наставника новичку", sentence, heading)
    # a person in the instrumental is the doer of a passive
    heading = "Отпуск: правила и оформление — Летний период"
    sentence = "Более длинный летний отпуск согласуется с директором департамента."
    assert answers("кто согласует длинный летний отпуск", sentence, heading)


def test_a_person_the_question_names_in_a_colloquial_word_is_its_own() -> None:
    heading = "Онбординг новых сотрудников — Welcome-встреча"
    sentence = "Каждую первую среду месяца генеральный директор проводит welcome-встречу."
    # the lexicon's «генеральный директор» for «гендир» / «гендиректор» is the person the question names as away
    assert not answers("кто проводит welcome-встречу если гендир на больничном", sentence, heading)
    assert not answers("кто проводит welcome-встречу если гендиректор на больничном", sentence, heading)
    # a person the question does not name is still supplied
    assert answers("кто проводит welcome-встречу", sentence, heading)
