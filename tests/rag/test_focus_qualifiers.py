"""A question's qualifier that the supplying sentence replaces by another is a neighbouring case the documents cover,
not the one asked about (issue 18, branch ``hallu31``: near-miss questions)."""

from __future__ import annotations

import numpy as np
from tests.rag.focus_probe import answers, far_embed

from agentcore.rag import check_focus, question_parts
from agentcore.rag._focus.qualifiers import AskedCase, replaces_the_case


def test_another_qualifier_of_the_same_noun_does_not_answer() -> None:
    heading = "Удалённая и гибридная работа — Компенсации"
    sentence = "Полностью удалённым сотрудникам компания компенсирует интернет — 1000 ₽ в месяц."
    assert not answers("гибридным сотрудникам компенсируют интернет? сколько", sentence, heading)
    # the qualifier the sentence states, or none at all, is answered
    assert answers("удаленным сотрудникам сколько компенсируют за интернет", sentence, heading)
    assert answers("сколько компенсируют за интернет сотрудникам", sentence, heading)


def test_a_kind_of_leave_the_sentence_does_not_state_is_not_its_length() -> None:
    heading = "Отпуск: правила и оформление"
    sentence = "В ООО «Ромашка Софт» ежегодный оплачиваемый отпуск составляет 28 календарных дней."
    assert not answers("учебный отпуск скока дней дают", sentence, heading)
    assert answers("ежегодный отпуск скока дней дают", sentence, heading)
    assert answers("отпуск скока дней дают", sentence, heading)


# --- the other ways a question names its case (branch ``wr``, dev13 near misses) ------------------------------------


def test_another_season_does_not_answer() -> None:
    heading = "Отпуск: правила и оформление — Летний период"
    summer = (
        "Летом (с 1 июня по 31 августа) многие хотят отдыхать одновременно, поэтому действует ограничение: в этот "
        "период можно уйти в отпуск не более чем на 14 календарных дней подряд."
    )
    assert not answers("осенью на сколько дней подряд максимум можно уйти в отпуск", summer, heading)
    assert answers("летом на сколько дней подряд максимум можно уйти в отпуск", summer, heading)
    assert answers("в июле на сколько дней подряд максимум можно уйти в отпуск", summer, heading)


def test_another_day_of_the_week_does_not_answer() -> None:
    heading = "Офис и переговорные комнаты — Часы работы офиса"
    sentence = "Здание офиса открыто по будням с 8:00 до 22:00."
    week = "График работы — Рабочая неделя\nВыходные — суббота и воскресенье, в среду короткий день."

    def answered(question: str) -> bool:
        passages = [f"{heading}\n{sentence}", week]
        return not check_focus(question, [sentence], passages, headings=[heading], embed=far_embed).decline

    assert not answered("до скольки открыто здание офиса по субботам")
    # a day among «будни», or no day at all: the rule is for it
    assert answered("до скольки открыто здание офиса в среду")
    assert answered("до скольки открыто здание офиса")


def test_another_code_of_the_series_does_not_answer() -> None:
    heading = "Дежурства — Разбор инцидентов"
    sentence = "По каждому инциденту P1 в течение 3 рабочих дней проводится постмортем."
    alerts = "Дежурства — Оповещения\nP2 (серьёзная деградация) — в течение 1 часа."

    def answered(question: str) -> bool:
        passages = [f"{heading}\n{sentence}", alerts]
        return not check_focus(question, [sentence], passages, headings=[heading], embed=far_embed).decline

    assert not answered("за сколько дней проводят постмортем по инциденту p2")
    assert answered("за сколько дней проводят постмортем по инциденту p1")


def test_another_person_governed_alike_does_not_answer() -> None:
    heading = "Больничный — По уходу за ребёнком"
    sentence = "Больничный по уходу за заболевшим ребёнком оформляется так же, через ЭЛН."
    relatives = "ДМС — Родственники\nСупруга, детей и родителей можно прикрепить к программе."

    def answered(question: str) -> bool:
        passages = [f"{heading}\n{sentence}", relatives]
        return not check_focus(question, [sentence], passages, headings=[heading], embed=far_embed).decline

    assert not answered("больничный по уходу за родителем как оформить")
    assert answered("больничный по уходу за ребенком как оформить")


def test_a_noun_the_sentence_names_under_another_head_does_not_answer() -> None:
    heading = "Отпуск — Отпуск без сохранения зарплаты"
    sentence = (
        "По семейным обстоятельствам — регистрация брака, рождение ребёнка, смерть близкого родственника — "
        "сотрудник может взять до 5 календарных дней отпуска без сохранения заработной платы."
    )
    # «выпускной ребёнка» is not «рождение ребёнка» (nor «отпуска»: the same root under another prefix)
    assert not answers("сколько дней за свой счет дают на выпускной ребенка", sentence, heading)
    assert answers("сколько дней за свой счет дают на рождение ребенка", sentence, heading)


def test_a_subject_borrowed_from_a_sentence_about_another_case_does_not_answer() -> None:
    heading = "Удалённая работа — Компенсации"
    remote = (
        "Полностью удалённым сотрудникам компания один раз оплачивает обустройство рабочего места (стол, кресло, "
        "освещение) на сумму до 15 000 ₽."
    )
    hybrid = "Гибридным сотрудникам дома можно использовать второй монитор из офиса."
    check = check_focus(
        "стол для дома гибридным сотрудникам оплачивают?",
        [remote, hybrid],
        [f"{heading}\n{remote} {hybrid}"],
        headings=[heading],
        shown_headings=[heading, heading],
        embed=far_embed,
    )
    assert check.decline


def test_a_conditions_figure_the_sentence_does_not_state_is_not_answered() -> None:
    heading = "Больничный — Оплата"
    sentence = (
        "За первые 10 рабочих дней болезни в календарном году компания доплачивает до 100% среднего заработка, "
        "размер пособия зависит от стажа."
    )
    passwords = "Пароли\nНельзя повторять 5 последних паролей."

    def answered(question: str) -> bool:
        passages = [f"{heading}\n{sentence}", passwords]
        return not check_focus(question, [sentence], passages, headings=[heading], embed=far_embed).decline

    # the documents say the amount depends on the length of service, not what it is for 5 years
    assert not answered("сколько доплачивают если стаж 5 лет")
    assert answered("сколько доплачивают по больничному в году")


def _near(texts: list[str], kind: str) -> np.ndarray:
    """An embedder that finds everything close in meaning (the paraphrase test always holds)."""
    return np.ones((len(texts), 4)) / 2.0


def test_a_paraphrase_under_a_condition_of_its_own_misses_the_circumstance_asked() -> None:
    heading = "Возмещение расходов — Какие расходы возмещаются"
    taxi = "Такси после 22:00, если вы задержались на работе, — до 1500 ₽ за поездку до дома."
    trips = "Командировки — Что оплачивает компания\nТакси до вокзала в командировке оплачивается."
    talks = "Обучение — Конференции\nПоездка на конференцию оформляется как командировка."

    def answered(question: str, sentence: str) -> bool:
        passages = [f"{heading}\n{sentence}", trips, talks]
        return not check_focus(question, [sentence], passages, headings=[heading], embed=_near).decline

    # the sentence's value is the rule of its own case (late at work), and «в командировке» is not in it
    assert not answered("лимит на такси в командировке сколько рублей", taxi)
    # without a condition of its own the paraphrase stands
    assert answered("лимит на такси в командировке сколько рублей", "Такси компенсируется до 1500 ₽ за поездку.")


def test_a_clock_time_of_a_participle_phrase_is_the_time_of_another_event() -> None:
    heading = "Офис — Часы работы офиса"

    def answered(sentence: str) -> bool:
        question = "по субботам офис во сколько закрывается"
        return not check_focus(
            question, [sentence], [f"{heading}\n{sentence}"], headings=[heading], embed=_near
        ).decline

    # «до 17:00» is when the request is filed («поданной накануне»), not when the office closes
    assert not answered("По субботам офис работает только по заявке офис-менеджеру, поданной накануне до 17:00.")
    assert answered("По субботам офис работает до 17:00.")


def test_a_qualifier_is_said_by_the_noun_of_its_stem() -> None:
    # «аварийный релиз» against «срочный релиз или авария»: «авария» says the qualifier (dev9 s029), while
    # «выпускной» is not said by «отпуска» (the same root under another prefix)
    sentence = (
        "Если работа в выходной или ночью необходима (например, срочный релиз или авария), она согласуется с "
        "руководителем заранее и оплачивается в двойном размере."
    )
    question = "вышел в выходной на аварийный релиз, как это оплачивается"
    part = question_parts(question)[0]
    assert not replaces_the_case(AskedCase.of(part), sentence)


# --- another filler of the same slot of a noun (branch ``rh``, dev16 near misses) ----------------------------------


def _answered_among(question: str, sentence: str, heading: str, *others: str) -> bool:
    """Whether ``sentence`` answers ``question`` when the run also retrieved ``others`` (meaning left out)."""
    passages = [f"{heading}\n{sentence}", *others]
    return not check_focus(question, [sentence], passages, headings=[heading], embed=far_embed).decline


def test_another_object_of_the_nouns_preposition_does_not_answer() -> None:
    heading = "Офис — Рабочие места"
    sentence = "Ключ от шкафчика на этаже выдаёт офис-менеджер."
    rooms = "Офис — Серверная\nВ серверную проходят только инженеры."
    # «ключ от серверной» is not «ключ от шкафчика»: the sentence fills the slot of «ключ» with another thing
    assert not _answered_among("кто на этаже выдаёт ключ от серверной", sentence, heading, rooms)
    assert _answered_among("кто на этаже выдаёт ключ от шкафчика", sentence, heading, rooms)
    # no filler in the question: the sentence's rule is one answer
    assert _answered_among("кто на этаже выдаёт ключи", sentence, heading, rooms)


def test_another_period_after_the_same_noun_does_not_answer() -> None:
    heading = "Дежурства — График"
    sentence = "График дежурств инженеров на квартал составляет руководитель ИТ-инфраструктуры."
    months = "Зарплата — Даты выплат\nЗарплата выплачивается два раза в месяц."
    assert not _answered_among("кто составляет график дежурств инженеров на месяц", sentence, heading, months)
    assert _answered_among("кто составляет график дежурств инженеров на квартал", sentence, heading, months)


def test_a_filler_no_passage_uses_may_be_the_askers_word_for_the_sentences() -> None:
    heading = "Доступы — Требования к паролю"
    sentence = "После 5 неверных попыток входа учётная запись блокируется на 15 минут."
    # «ввода» is in no passage: the asker's word for «входа», not another case
    assert answers("сколько попыток ввода пароля до блокировки учетной записи", sentence, heading)


def test_the_lexicons_spelling_of_a_filler_is_the_filler() -> None:
    heading = "Отпуск — Отпуск без сохранения зарплаты"
    sentence = "Сотрудник может взять до 5 календарных дней отпуска без сохранения заработной платы."
    salary = "Зарплата — Справки\nСодержание справки о доходах можно заказать в портале."
    # «без содержания» is the colloquial lexicon's «без сохранения заработной платы», not another case
    assert _answered_among("сколько дней отпуска без содержания можно взять", sentence, heading, salary)


def test_the_opposite_of_the_questions_condition_does_not_answer() -> None:
    heading = "Оборудование — Дополнительное оборудование"
    sentence = "Срок выдачи монитора — до 5 рабочих дней, если позиция есть на складе."
    # the question excludes the case the sentence states
    assert not answers("если позиции нет на складе, за сколько рабочих дней выдадут монитор", sentence, heading)
    assert answers("если позиция есть на складе, за сколько рабочих дней выдадут монитор", sentence, heading)
    assert answers("за сколько рабочих дней выдадут монитор со склада", sentence, heading)


def test_a_period_named_in_another_relation_of_time_does_not_answer() -> None:
    heading = "Онбординг — Наставник"
    lead = "Каждому новичку назначается наставник на весь испытательный срок."
    sentence = "Встречи с наставником — не реже раза в неделю."

    def answered(question: str) -> bool:
        passages = [f"{heading}\n{lead} {sentence}"]
        return not check_focus(question, [sentence], passages, headings=[heading], embed=far_embed).decline

    # «после испытательного срока» asks of the time after the period the lead names the rule for
    assert not answered("после испытательного срока как часто встречи с наставником")
    assert answered("во время испытательного срока как часто встречи с наставником")
    assert answered("как часто встречи с наставником")


def test_another_object_of_the_verb_does_not_answer() -> None:
    heading = "Канбан — Канбан-встречи"
    sentence = "Канбан-команды проводят ежедневную встречу у доски в офисе."
    retro = "Скрам — Ретро\nРетро проходит в пятницу."
    # «проводит ретро» is not «проводят встречу»: the sentence gives the verb another object
    assert not _answered_among("кто проводит ретро у доски в офисе", sentence, heading, retro)
    assert _answered_among("кто проводит встречу у доски в офисе", sentence, heading, retro)


def test_a_filler_the_sentences_context_says_is_said() -> None:
    heading = "График работы — Учёт времени"
    lead = "Время списывается на задачи в Jira, это ворклоги."
    sentence = "Заполнить учёт за неделю нужно до 18:00 пятницы."
    passages = [f"{heading}\n{lead} {sentence}"]
    # «заполнить ворклоги» / «заполнить учёт»: the sentence before names the worklogs the sentence speaks of
    check = check_focus(
        "до скольки заполнить ворклоги за неделю", [sentence], passages, headings=[heading], embed=far_embed
    )
    assert not check.decline


def test_a_rule_stated_for_other_purposes_does_not_answer() -> None:
    heading = "Код-ревью — Ветки и названия"
    sentence = "Ветка называется feature/TASK-1-name для новой функциональности и fix/TASK-1-name для исправлений."

    def answered(question: str) -> bool:
        passages = [f"{heading}\n{sentence}"]
        return not check_focus(question, [sentence], passages, headings=[heading], embed=_near).decline

    # «для рефакторинга» (a purpose no passage names) is set aside by the terms, but the sentence names other
    # purposes in its place: the rule of other cases, however close in meaning
    assert not answered("с каким префиксом называть ветку для рефакторинга")
    assert answered("с каким префиксом называть ветку для исправлений")
    assert answered("с каким префиксом называть ветку")


def test_a_general_object_under_a_heading_naming_the_asked_thing_answers() -> None:
    sentence = "Проводит встречу скрам-мастер в пятницу у доски."
    other = "Канбан — Канбан-встречи\nКанбан-команды проводят ежедневную встречу у доски в офисе."
    # «встречу» under «Ретроспектива спринта — …» is the retrospective: its section says what the general word is
    assert _answered_among("кто проводит ретроспективу у доски", sentence, "Ретроспектива спринта — Ведущий", other)
    # under a heading of other meetings it stays another object of the verb
    assert not _answered_among("кто проводит ретроспективу у доски", sentence, "Канбан — Канбан-встречи", other)
    # a noun's own filler is not said by the heading: «ключ от шкафчика» under a title naming «переговорные»
    office = "Офис и переговорные комнаты — Ключи"
    assert not _answered_among("кто выдаёт ключи от переговорной", "Ключ от шкафчика выдаёт офис-менеджер.", office)


# --- the recipient in the dative or after «для» (branch ``hn``, dev24 near misses) ---------------------------------


def test_another_recipient_does_not_answer() -> None:
    heading = "Офис и переговорные комнаты — Кухня, парковка и порядок"
    sentence = "У бизнес-центра есть 10 парковочных мест для сотрудников: место на день бронируется у офис-менеджера."
    passes = "Офис и переговорные комнаты — Пропуска"
    guest = "Гостевой пропуск для посетителя нужно заказать на ресепшене до 18:00, указав ФИО гостя."

    def answered(question: str) -> bool:
        passages = [f"{heading}\n{sentence}", f"{passes}\n{guest}"]
        shown = [sentence, guest]
        return not check_focus(
            question, shown, passages, headings=[heading, passes], shown_headings=[heading, passes], embed=_near
        ).decline

    # the dative of the question and the «для» of the sentence both name whom the rule is for, however close in
    # meaning the sentence is
    assert not answered("гостям сколько парковочных мест у бц")
    assert answered("сотрудникам сколько парковочных мест у бц")
    assert answered("сколько парковочных мест у бц")


def test_a_recipient_named_by_a_noun_of_the_sentences_qualifier_is_said() -> None:
    heading = "Удалённая и гибридная работа — Компенсации"
    sentence = "Полностью удалённым сотрудникам компания компенсирует интернет — 1000 ₽ в месяц."
    hybrid = "Удалённая и гибридная работа — Гибридный формат\nГибридным сотрудникам дома можно использовать монитор."

    def answered(question: str) -> bool:
        passages = [f"{heading}\n{sentence}", hybrid]
        return not check_focus(question, [sentence], passages, headings=[heading], embed=_near).decline

    assert not answered("гибридникам интернет компенсируют сколько в месяц")
    # «удаленщикам» is said by «удалённым сотрудникам»; a word the documents never use may be the asker's own
    assert answered("удаленщикам интернет сколько компенсируют в месяц")
    assert answered("стажерам интернет сколько компенсируют в месяц")


def test_other_recipient_reads_the_dative_and_dlya() -> None:
    terms = question_parts("гостям сколько парковочных мест")[0].terms
    asked = AskedCase("гостям сколько парковочных мест", terms)
    assert replaces_the_case(asked, "10 парковочных мест для сотрудников")
    assert not replaces_the_case(asked, "10 парковочных мест у бизнес-центра")


def test_recipients_are_people_in_a_bare_dative() -> None:
    """One reading of whom a rule is for (session cq), used by ``other_recipient`` and by the other-subject rule: an
    animate noun in the dative that no preposition governs — not a thing whose form only looks dative
    («переговорку»), nor a noun under a preposition («к прод серверам»)."""
    from agentcore.rag._focus.qualifiers import recipients, verbs_object

    assert recipients("новичку с какого числа начнёт действовать полис ДМС") == {"новичок"}
    assert recipients("положен ли папе декрет") == {"папа"}
    assert recipients("как забронировать переговорку") == set()
    assert recipients("доступ к прод серверам подрядчикам на сколько дней выдают") == {"подрядчик"}
    # the object of the first verb, read as the slots of a verb are
    assert verbs_object("как оформить налоговый вычет за обучение") == "вычет"
    assert verbs_object("как получить корпоративную сим-карту") == "сим-карта"


def test_a_condition_after_any_opener_sets_the_figure_the_sentence_must_state() -> None:
    # rv42: «при условии, что стаж 5 лет» was read as a clause «условии» ending at the comma (no figure), and the
    # opener's nouns «условие», «случай» were subject terms
    heading = "Больничный — Оплата"
    depends = (
        "За первые 10 рабочих дней болезни в календарном году компания доплачивает до 100% среднего заработка, "
        "размер пособия зависит от страхового стажа."
    )
    stated = "При страховом стаже от 5 лет компания доплачивает по больничному до 100% среднего заработка."
    passwords = "Пароли\nНельзя повторять 5 последних паролей."

    def answered(question: str, sentence: str) -> bool:
        passages = [f"{heading}\n{sentence}", passwords]
        return not check_focus(question, [sentence], passages, headings=[heading], embed=far_embed).decline

    for opener in ("если", "при условии, что", "в случае, если", "если только", "в тех случаях, когда"):
        question = f"сколько доплачивают по больничному {opener} страховой стаж 5 лет"
        assert not answered(question, depends), question  # the rule depends on the figure, it does not state it
        assert answered(question, stated), question
    (part,) = question_parts("сколько доплачивают при условии, что стаж 5 лет")
    assert "условие" not in part.terms
