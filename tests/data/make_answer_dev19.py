"""Writes tests/data/answer_eval_dev19.json: a nineteenth development split of the answer-level evaluation (issue 18).

Written on 2026-11-27 (branch ``nb``) before any code of that branch ran on it: the author read only the shipped
knowledge base's documents (``src/agentcore/rag/kb/default/*.md``), the older generators' row format and their
docstrings (so as not to repeat the kinds of near miss dev11, dev13 and dev16 already hold), never ran ``agentcore
ask`` on these questions, and committed the file before measuring.  Its purpose is the hallucinated answer to an
unanswerable question, with kinds of near miss the earlier splits do not hold:

- UNANSWERABLE near misses (40):
  - a figure asked in a unit or for an attribute the documents do not give, next to a figure they do give for the
    same object (an SSD size where only the MacBook Pro's memory is stated, an internet speed where only its money is,
    metres from the metro where only minutes on foot are, an attachment size in MB where only the log files' 5 MB is,
    a percentage of salary where only a bonus's dates are, an index size where only the install's 500 MB is);
  - a qualifier that reverses or leaves the stated case («без подтверждающего документа», a taxi at 20:00 where only
    after 22:00 is paid, unpaid leave where only the annual leave is extended by illness, «уже уволился», a cancelled
    trip's daily allowance, a contractor's health days);
  - an event before or after the one stated (the invitation's lead time where only «приходит автоматически» is, a
    review after a rollback where only a P1 post-mortem is, the pay date of unused leave where only that it is paid
    is, DMS after dismissal, the old VPN profile after a reissue, a day off after a duty week, a second lockout, the
    earliest next password change, a pass after dismissal, a temporary password's life);
  - a role or a stand-in the documents do not name (who leads the grooming or the welcome meeting when its host is
    away, who appoints the mentor, who signs the study contract for the company, how many teams a product owner has
    where only the Scrum Master's two are stated);
  - a count of a thing where only its neighbour's count is given (engineers in the on-call schedule where only «one
    week in 6–8» is, stakeholders invited to the review, developers in a team where only an example «из пяти» is, the
    subtasks of a story where only a subtask's size is, the questions of the security test, rooms booked at once, guest
    passes a day, the digits of a 2FA code, phones for 2FA where only 3 VPN profiles are, the largest top_k);
  - an amount the documents leave open (the team lunch of the first day «за счёт компании», a welcome meeting's
    length, a salary rise after probation).
- ANSWERABLE questions (24) worded apart from the documents (slang, another verb, a case instead of the rule:
  «апрувов» for «одобрений», «расчетку» for «расчётный листок», «народу поместится» for «мест», «завернули»
  for a refused claim), so the rules that refuse a near miss are seen to keep a true paraphrase.

Every unanswerable question was checked by reading the matching document: no disk size of any laptop, no internet
speed, no attachment limit, no taxi before 22:00, no unpaid leave without its document, no rule for documents after
dismissal, no end date of a pass after dismissal, no return of a cancelled trip's allowance, no extension of unpaid
leave by illness, no contractors' health days, no number of teams per product owner, no stand-in for the director's
welcome meeting or the Scrum Master's grooming, no lead time of the welcome invitation, no review term after a
rollback, no pay date of unused leave compensation, no DMS extension after dismissal, no life of an old VPN profile
after a reissue, no day off after a duty week, no minimum password age, no second lockout length, no size of the
on-call rota, no count of stakeholders, developers per team, subtasks per story, test questions, rooms per person,
guest passes a day, 2FA digits or 2FA phones, no life of a temporary password, no index size, no largest top_k, no
distance in metres, no salary rise, no bonus percentage, no signatory of the study contract, no one named as
appointing the mentor, no sum for the first day's lunch, no length of the welcome meeting.

Composition: 24 answerable, 0 partial, 40 unanswerable.  Typed the way employees write: lower case, typos, slang.

Row format as in ``make_answer_eval.py``: (category, question, key facts, missing part); a key fact is a string
(alternatives separated by «|») a correct answer must contain.
"""

A, P, U = "answerable", "partial", "unanswerable"
ROWS = [
    # answerable: the fact worded apart from the question (slang, another verb, a case instead of the rule)
    (A, "больничный закрыли, за сколько дней надо скинуть номер элн в кадры", ["2 рабочих дней"], None),
    (A, "до какого числа загрузить новые реквизиты карты чтоб зп пришла уже на нее", ["20-го числа"], None),
    (A, "расчетку за сколько до зарплаты выкладывают", ["за один рабочий день до выплаты"], None),
    (A, "если день зарплаты попал на субботу, когда придут деньги", ["последний рабочий день"], None),
    (A, "живу во владивостоке, +7 к москве, сколько часов надо пересекаться с командой", ["не менее 3 часов"], None),
    (
        A,
        "сколько в год можно брать оплачиваемых дней если плохо себя чувствуешь но к врачу не надо",
        ["3 оплачиваемых дня"],
        None,
    ),
    (A, "ноут сломался, когда выдадут временный", ["в тот же рабочий день"], None),
    (A, "в васильке сколько народу поместится", ["6 мест"], None),
    (A, "сколько раз можно ошибиться с паролем до блокировки", ["5 неверных попыток"], None),
    (A, "сколько платят за интернет тем кто полностью на удаленке", ["1000 ₽"], None),
    (A, "купил кабель для работы, сколько дней есть чтобы подать на возврат денег", ["30 календарных дней"], None),
    (
        A,
        "кто зовет заказчиков на демо в конце спринта",
        ["Приглашения рассылает владелец продукта|приглашает на него стейкхолдеров"],
        None,
    ),
    (A, "сколько апрувов надо чтобы смержить мр", ["не менее 2 одобрений"], None),
    (A, "кто принимает решение откатить релиз", ["релиз-менеджер"], None),
    (A, "в какой день недели замораживают код перед релизом", ["в среду второй недели|среда, вторая неделя"], None),
    (A, "из командировки вернулся, за сколько дней отчитаться за аванс", ["3 рабочих дней"], None),
    (A, "с какой длительности перелета в командировке оплатят бизнес-класс", ["дольше 6 часов"], None),
    (A, "сколько минут ждут прежде чем снять бронь переговорки", ["15 минут"], None),
    (A, "сколько тикетов одновременно может держать в работе инженер поддержки", ["5 заявок"], None),
    (A, "заявку на возмещение завернули, сколько раз можно переделать", ["один раз"], None),
    (A, "кликнул по ссылке из подозрительного письма, в какой срок сообщить", ["1 часа"], None),
    (A, "новичку с какого числа начнет действовать полис дмс", ["с 1-го числа месяца"], None),
    (
        A,
        "уволюсь через полгода после дорогого курса, придется возвращать деньги?",
        ["12 месяцев|пропорционально неотработанному"],
        None,
    ),
    (A, "кто составляет расписание онколлов на квартал", ["руководитель ИТ-инфраструктуры"], None),
    # unanswerable: a figure in a unit or for an attribute the documents do not give
    (U, "какой объем ssd у макбук про для разработчиков", [], None),
    (U, "интернет удаленщикам компенсируют какой скорости", [], None),
    (U, "какой максимальный размер вложения к заявке в техподдержку в мб", [], None),
    (U, "сколько метров от метро до офиса", [], None),
    (U, "квартальная премия сколько процентов от оклада", [], None),
    (U, "сколько мб занимает индекс базы знаний", [], None),
    # unanswerable: a qualifier that reverses or leaves the stated case
    (U, "задержался до 20:00, такси домой сколько возмещают", [], None),
    (U, "нет подтверждающего документа, отпуск за свой счет на свадьбу дадут?", [], None),
    (U, "заболел во время отпуска за свой счет, его продлят?", [], None),
    (U, "я уже уволился, как заказать справку 2-ндфл", [], None),
    (U, "командировку отменили, выданные суточные надо вернуть?", [], None),
    (U, "подрядчикам дни здоровья положены?", [], None),
    # unanswerable: an event before or after the one stated
    (U, "за сколько дней до welcome-встречи приходит приглашение", [], None),
    (U, "после отката релиза в какой срок проводят разбор", [], None),
    (U, "компенсацию за неиспользованный отпуск при увольнении когда выплачивают", [], None),
    (U, "после увольнения дмс можно продлить за свой счет?", [], None),
    (U, "после перевыпуска конфига впн старый сколько еще работает", [], None),
    (U, "после недели дежурства отгул дают?", [], None),
    (U, "учетку заблокировали второй раз подряд, на сколько теперь", [], None),
    (U, "поменял пароль, через сколько дней можно сменить его снова", [], None),
    (U, "уволился, до какого числа будет работать пропуск", [], None),
    (U, "временный пароль от техподдержки сколько действует", [], None),
    # unanswerable: a role or a stand-in the documents do not name
    (U, "кто проводит welcome-встречу если гендиректор в отпуске", [], None),
    (U, "кто ведет груминг если скрам-мастер в отпуске", [], None),
    (U, "кто назначает наставника новичку", [], None),
    (U, "кто подписывает ученический договор от компании", [], None),
    (U, "сколько команд у одного владельца продукта", [], None),
    # unanswerable: a count where only a neighbour's count is given
    (U, "сколько инженеров в графике дежурств", [], None),
    (U, "сколько стейкхолдеров обычно зовут на обзор спринта", [], None),
    (U, "сколько разработчиков в одной скрам-команде", [], None),
    (U, "сколько подзадач максимум может быть в одной истории", [], None),
    (U, "сколько вопросов в ежегодном тесте по иб", [], None),
    (U, "сколько переговорок можно забронировать на себя одновременно", [], None),
    (U, "сколько гостевых пропусков можно заказать на один день", [], None),
    (U, "сколько цифр в коде двухфакторки", [], None),
    (U, "на скольких телефонах можно держать 2fa", [], None),
    (U, "какое максимальное значение top_k у рэг можно задать", [], None),
    # unanswerable: an amount the documents leave open
    (U, "обед с командой в первый день на какую сумму", [], None),
    (U, "сколько длится welcome-встреча с гендиректором", [], None),
    (U, "на сколько процентов поднимают зп после испытательного", [], None),
]


def main() -> None:
    from answer_eval_split import write_split

    write_split(ROWS, prefix="nb", split="dev19", name="answer_eval_dev19.json")


if __name__ == "__main__":
    main()
