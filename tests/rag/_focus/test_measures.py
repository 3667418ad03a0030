"""What a count question measures (``agentcore.rag._focus.measures``; issue 18, branch ``fd3``): a noun a preposition
governs is never the noun «сколько» counts, and a rate per a unit of time asks no span."""

from __future__ import annotations

from tests.rag.focus_probe import answers

from agentcore.rag._focus.measures import measure_asked


def test_a_noun_after_a_preposition_is_not_counted() -> None:
    # money per person, not a count of people
    assert measure_asked("обед с клиентом скока на человека компенсят") is None
    # the bare genitive is still the counted noun
    assert measure_asked("сколько человек в команде") == ("people", "человек")
    assert measure_asked("сколько на человека мест") == ("count", "место")


def test_a_rate_per_night_asks_no_span() -> None:
    assert measure_asked("гостиница в командировке на сколько за ночь") is None
    # without a rate, «на / за сколько» still asks a span
    assert measure_asked("на сколько дней блокируют") == ("span", "")
    assert measure_asked("за сколько до начала курса") == ("span", "")


def test_an_amount_per_person_is_answered_by_the_limit_per_person() -> None:
    heading = "Возмещение расходов — Какие расходы возмещаются"
    sentence = "Представительские расходы — встреча с клиентом или партнёром в кафе: до 3000 ₽ на человека."
    assert answers("встреча с клиентом скока на человека компенсят", sentence, heading)


def test_a_hotel_rate_is_answered_by_the_limit_per_night() -> None:
    heading = "Командировки — Что оплачивает компания"
    sentence = "Гостиница до 7000 ₽ за ночь в Москве и Санкт-Петербурге и до 5000 ₽ за ночь в других городах."
    assert answers("гостиница в командировке на сколько за ночь", sentence, heading)


def test_a_particle_after_the_rate_is_no_preposition_of_a_span() -> None:
    # «максимум» is read first as a particle: it does not make «на сколько» a span
    assert measure_asked("гостиница на сколько за ночь максимум") is None


def test_a_clipped_limit_word_is_not_the_counted_noun() -> None:
    # «макс» / «мин» are «максимум» / «минимум» clipped: the limit asked, not a count of «макс»
    assert measure_asked("сколько макс можно потратить") is None
    assert measure_asked("сколько мин надо отработать") is None
    assert measure_asked("сколько максимум можно потратить") is None
    # a noun after the clipping is still the counted one
    assert measure_asked("сколько макс мест в переговорке") == ("count", "место")


def test_a_clipped_limit_word_takes_the_sum_for_its_figure() -> None:
    heading = "Возмещение расходов — Какие расходы возмещаются"
    sentence = "Такси после 22:00, если вы задержались на работе, — до 1500 ₽ за поездку до дома."
    assert answers("такси после 22 возмещают? сколько макс", sentence, heading)


def test_a_lasting_is_answered_by_the_bound_it_lasts_until() -> None:
    heading = "Добровольное медицинское страхование (ДМС) — Вопросы"
    sentence = "При увольнении полис действует до конца месяца, в котором сотрудник уволился."
    assert answers("после увольнения полис сколько ещё действует", sentence, heading)


def test_a_deadline_of_another_act_is_no_lasting() -> None:
    heading = "Добровольное медицинское страхование (ДМС) — ДМС для родственников"
    sentence = "Заявку на полис подайте в HR до конца месяца."
    assert not answers("полис сколько действует", sentence, heading)


def test_one_lexicon_of_lasting_verbs_asks_bounds_and_spans() -> None:
    # measures.LASTING_VERBS: a verb the bound of a lasting read («сохраняется до конца …») asks a lasting too, and a
    # verb a question asks a lasting with («сколько живёт токен») gives a span without a figure («живёт час»)
    from agentcore.rag._focus.figures import SPAN_RE
    from agentcore.rag._focus.measures import LASTING_BOUND_RE

    assert measure_asked("сколько сохраняется доступ к почте после увольнения") == ("lasting", "")
    assert measure_asked("сколько остаётся в силе полис") == ("lasting", "")
    assert measure_asked("сколько длятся курсы") == ("lasting", "")
    assert SPAN_RE.search("Токен живёт час.")
    assert SPAN_RE.search("Доступ к почте сохраняется неделю после увольнения.")
    assert SPAN_RE.search("Курсы длятся неделю.")
    assert LASTING_BOUND_RE.search("Токен живёт до конца сессии.")
    # «работать» asks no lasting: a clock time, a count of people
    assert measure_asked("до скольки работает ресепшен") is None
    assert measure_asked("сколько человек работает в техподдержке") == ("people", "человек")


def test_a_remainder_or_a_count_kept_is_no_lasting() -> None:
    # rv40 finding 2: «остаётся / сохраняется» after «сколько» + a noun ask a remainder or a count of the noun, not
    # how long a thing lasts; «сохраняется» asks a lasting only right after «сколько», «остаётся» only as «в силе»
    assert measure_asked("сколько человек остаётся на дежурстве?") == ("people", "человек")
    assert measure_asked("сколько сотрудников остаётся на удалёнке") == ("people", "сотрудник")
    assert measure_asked("сколько мест остаётся в переговорке") == ("count", "место")
    assert measure_asked("сколько копий сохраняется") == ("count", "копия")
    assert measure_asked("сколько писем сохраняется в архиве") == ("count", "письмо")
    assert measure_asked("сколько раз сохраняется резервная копия") == ("times", "")
    assert measure_asked("сколько дней остается до отпуска") == ("span", "")
    assert measure_asked("сколько остается дней отпуска") is None


def test_only_a_verb_of_lasting_bounds_a_lasting() -> None:
    # rv40 finding 3: a noun or a perfective of «продолжить» is no lasting, nor «занимает / идёт … до конца»
    from agentcore.rag._focus.measures import LASTING_BOUND_RE

    assert LASTING_BOUND_RE.search("Обучение продолжается до конца месяца.")
    for sentence in (
        "Продолжительность работ до конца месяца определяет руководитель.",
        "Продолжение обучения до окончания испытательного срока невозможно.",
        "Сотрудник продолжил работу до конца смены.",
        "Мы продолжим обсуждение до конца недели.",
        "Согласование занимает время до конца квартала.",
        "Проект идёт до конца года.",
    ):
        assert not LASTING_BOUND_RE.search(sentence), sentence


def test_in_force_going_or_remaining_before_a_unit_is_no_span() -> None:
    # rv40 finding 4: a span said by a verb without a figure is «длится / продолжается / занимает / живёт / сохраняется»
    # + a unit; «действует второй год», «идёт 2025 год», «остаётся год до …» give no length
    from agentcore.rag._focus.figures import SPAN_RE

    assert SPAN_RE.search("Проверка занимает неделю.")
    for sentence in ("Пропуск действует год.", "Совещание идёт час.", "До отпуска остаётся неделю."):
        assert not SPAN_RE.search(sentence), sentence


def test_a_counted_noun_before_a_verb_of_lasting_asks_a_count() -> None:
    # «сколько человек идёт»: «человек» is the noun «сколько» counts, the verb is its predicate — a count of people
    assert measure_asked("сколько человек идет на обучение") == ("people", "человек")
    assert measure_asked("сколько мест занимает парковка") == ("count", "место")
    # guards: no word, an adverb or a unit of time between «сколько» and the verb still asks a lasting
    assert measure_asked("сколько длится обучение") == ("lasting", "")
    assert measure_asked("сколько обычно идет обучение") == ("lasting", "")
    assert measure_asked("сколько дней длится обучение") == ("lasting", "")
    assert measure_asked("сколько времени занимает обучение") == ("lasting", "")


def test_a_noun_subject_before_the_verb_of_lasting_asks_its_lasting() -> None:
    # rv42: «занятия» is a genitive singular too, so «сколько занятия длятся» was read as a count of lessons; a
    # plural verb agrees with the nominative plural only
    heading = "Обучение — Английский язык"
    sentence = "Занятия английским проходят дважды в неделю и длятся 1,5 часа."
    assert answers("сколько занятия английским длятся", sentence, heading)
    assert measure_asked("сколько встречи длятся") == ("lasting", "")
    # an indeclinable noun, a modifier before the noun, a phrase a preposition governs
    assert measure_asked("сколько ретро длится") == ("lasting", "")
    assert measure_asked("сколько испытательный срок длится") == ("lasting", "")
    assert measure_asked("сколько у нас длится спринт") == ("lasting", "")
    # guards: the genitive «сколько» counts is still counted
    assert measure_asked("сколько занятий длится") == ("count", "занятие")
    assert measure_asked("сколько мест занимает парковка") == ("count", "место")
    assert measure_asked("сколько человек идёт на обучение") == ("people", "человек")
    assert not answers("сколько занятий английским длится", sentence, heading)
