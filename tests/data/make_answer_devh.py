"""Writes tests/data/answer_eval_devh.json: a development split aimed at hallucinated and wrong answers.

Written on 2026-11-26 (issue 18, branch ``hal18``) from the shipped knowledge base's documents, each key fact checked
against them (grep), *before* the system was run on any of it.  It is a development split (rules may be found on its
failures, as on ``dev`` … ``dev4``); ``test`` and the ``holdout*`` splits stay held out.  Its unanswerable questions
are the hard kind: a detail the documents do not give about a topic they do cover, so one sentence of the documents
holds the question's subject terms (often with a number, a time or a name next to them) but not what is asked — the
size of a group, the name of a partner school, the price of a parking place, a limit no rule states, a clock time
where only a day is given.  Each such topic also has an answerable twin asking what that sentence does give (a false
decline there shows a rule is too strict), and three partial questions join a twin with the missing detail.  Row
format as in ``make_answer_eval.py``: (category, question, key facts, missing part).

Its question «сколько стоит восстановить потерянный пропуск» was dropped (2026-11-26, after one run) when the
held-out split ``holdout4``, written independently, turned out to hold the same question.
"""

A, P, U = "answerable", "partial", "unanswerable"
ROWS = [
    # office
    (U, "сколько стоит парковочное место у бизнес-центра в месяц", [], None),
    (A, "сколько парковочных мест у бизнес-центра для сотрудников", ["10 парковочных"], None),
    (U, "во сколько привозят фрукты на кухню", [], None),
    (A, "в какие дни пополняют фрукты на кухне", ["понедельникам"], None),
    (U, "сколько стоит гостевой пропуск", [], None),
    (A, "до скольки надо заказать гостевой пропуск", ["18:00"], None),
    (U, "сколько стоит кофе из кофемашины на кухне", [], None),
    (P, "сколько мест в переговорной Ромашка и сколько стоит её аренда", ["12 мест"], "сколько стоит её аренда"),
    # training
    (U, "сколько человек в группе английского", [], None),
    (U, "как называется партнёрская школа английского", [], None),
    (U, "сколько длится одно занятие английским", [], None),
    (A, "сколько раз в неделю занятия английским", ["дважды в неделю"], None),
    (P, "сколько раз в неделю английский и сколько человек в группе", ["дважды в неделю"], "сколько человек в группе"),
    (U, "в какой день недели проходит внутренний митап", [], None),
    (A, "как часто проходит внутренний митап", ["раз в месяц"], None),
    # payroll
    (A, "когда выплачивают квартальную премию", ["10 апреля"], None),
    # equipment
    (U, "какая модель монитора выдаётся сотрудникам", [], None),
    (A, "какого размера монитор дают в офисе", ["27"], None),
    (U, "на сколько дней выдаётся подменный ноутбук", [], None),
    (A, "когда выдают подменный ноутбук", ["в тот же рабочий день"], None),
    (P, "когда выдают подменный ноутбук и на какой срок", ["в тот же рабочий день"], "на какой срок"),
    (U, "сколько стоит ремонт ноутбука в стороннем сервисе", [], None),
    (U, "сколько гигабайт на корпоративном диске", [], None),
    # accounts and security
    (U, "через сколько дней удаляют учётную запись после увольнения", [], None),
    (A, "на сколько дней дают доступ к продуктивным серверам", ["30 дней"], None),
    (U, "сколько дней действует временный пароль от техподдержки", [], None),
    (U, "какая минимальная длина пин-кода на рабочем телефоне", [], None),
    (A, "какая минимальная длина пароля", ["12 символов"], None),
    (U, "какой балл нужно набрать на тесте по информационной безопасности", [], None),
    (A, "до какого числа пройти ежегодное обучение по информационной безопасности", ["1 декабря"], None),
    (U, "в какое время приходят учебные фишинговые рассылки", [], None),
    (U, "какой штраф за нарушение правил информационной безопасности", [], None),
    (A, "через сколько минут экран блокируется сам", ["5 минут"], None),
    # DMS and sick leave
    (U, "в какой клинике делают МРТ по ДМС", [], None),
    (A, "в каком приложении электронная карта ДМС", ["Полис-Гарант"], None),
    (U, "сколько дней длится больничный по уходу за ребёнком", [], None),
    (A, "сколько раз в год профессиональная гигиена зубов по ДМС", ["раз в год"], None),
    # onboarding
    (U, "сколько длится welcome-встреча с генеральным директором", [], None),
    (U, "во сколько начинается welcome-встреча для новичков", [], None),
    (U, "как зовут генерального директора", [], None),
    (A, "когда проходит welcome-встреча для новичков", ["первую среду"], None),
    (U, "на какую сумму обед с командой в первый день", [], None),
    # on-call
    (U, "сколько длится постмортем после инцидента", [], None),
    (A, "в течение какого срока проводят постмортем после P1", ["3 рабочих дней"], None),
    # business trips and expenses
    (U, "какой номер телефона у тревел-координатора", [], None),
    (A, "какая почта у тревел-координатора", ["travel@romashka-soft.ru"], None),
    (U, "какой лимит на такси до аэропорта в командировке", [], None),
    (A, "какой лимит на такси после 22:00", ["1500"], None),
    (U, "сколько стоит аэроэкспресс в командировке", [], None),
    # remote work
    (U, "какая скорость интернета нужна для удалёнки", [], None),
    (A, "сколько компенсируют за интернет на удалёнке", ["1000 ₽"], None),
]


def main() -> None:
    from answer_eval_split import write_split

    write_split(ROWS, prefix="x", split="devh", name="answer_eval_devh.json")


if __name__ == "__main__":
    main()
