"""Writes tests/data/answer_eval_dev26.json: a twenty-sixth development split of the answer-level evaluation
(issue 18).

Written on 2026-11-27 (branch ``hal2``) before any code of that branch ran on it: the author read only the shipped
knowledge base's documents (``src/agentcore/rag/kb/default/*.md``), the older generators' row format and the
unanswerable rows of dev11, dev19 and dev24 (so as not to repeat their kinds of near miss), never ran ``agentcore
ask`` on these questions, and committed the file before measuring.  Its purpose is the hallucinated answer to a
question the documents do not answer, with kinds of near miss the earlier splits do not hold:

- UNANSWERABLE near misses (25):
  - a count or frequency where the document gives only an amount or a deadline for the same thing (how many taxi
    rides a month where only «до 1500 ₽ за поездку» is, how many times a leave may be moved where only the deadline
    of a move is, how many times a ticket may be escalated, how many days off for weekend overtime where only «отгул»
    is, how long one English lesson lasts where only «дважды в неделю» is);
  - the other bound of a limit (the maximum length of a password where only the minimum is, the largest
    ``AGENTCORE_LLM_TIMEOUT`` where only its default is);
  - the consequence or penalty of breaking a rule where only the rule is stated (a late worklog, smoking outside the
    zone, missing a team day, an unlocked screen);
  - the reason for a rule the document does not explain (laptops replaced every 3 years, a 2-hour booking limit);
  - another channel or medium than the one stated (a paper 2-NDFL certificate where only the e-mailed one is);
  - another time: since when a rule holds, whether it changes next year;
  - another place (an office in another city where only the Moscow office is);
  - the reverse action on an object whose creation is described (cancelling an expense claim or a hot-desk booking,
    leaving the DMS programme, bringing a borrowed monitor back);
  - a decision time where only the filing deadline is (working abroad, a training request);
  - a condition that leaves the stated case (night work done without the manager's prior approval);
  - a resource the requirements do not list (RAM where only disk space and the Python version are).
- ANSWERABLE questions of the same shapes (16): a consequence, a reason, a count, a decision time, a place, a
  reverse action the documents do state (an overdue expense report, why time is tracked, why work abroad is
  limited, why summer leave is capped, the St Petersburg hotel limit, how often a refused claim may be fixed, when an
  unclaimed booking is released, how long a remote-work decision takes, certificates' preparation time, the minimum
  password length, a trip abroad's lead time in English, disk space, a ticket left unanswered, reopening a solved
  ticket, when fruit is delivered, taking the laptop on a trip).

Every unanswerable question was checked by reading the matching document: no count of taxi rides, of leave moves or
of escalations, no number of days off for overtime, no lesson length, no maximum password length or timeout, no
penalty for a late worklog, for smoking, for a missed team day or an unlocked screen, no reason for the laptop cycle
or the booking limit, no paper certificate, no date of the hybrid format, no plan for next year's budget, no office
outside Moscow, no cancellation of a claim or of a desk booking, no way to leave DMS, no return of a borrowed monitor
(only of all equipment on dismissal), no decision time for work abroad or for training, no rule for unapproved night
work, no RAM requirement.  Typed the way employees write in chat: lower case, slang, no question mark now and then.

Row format as in ``make_answer_eval.py``: (category, question, key facts, missing part); a key fact is a string
(alternatives separated by «|») a correct answer must contain.
"""

A, U = "answerable", "unanswerable"
ROWS = [
    # unanswerable: a count or frequency where only an amount or a deadline is stated
    (U, "такси после 22 сколько раз в месяц можно возместить", [], None),
    (U, "сколько раз в год можно переносить согласованный отпуск", [], None),
    (U, "сколько раз можно эскалировать одну заявку в техподдержку", [], None),
    (U, "поработал в субботу, отгул на сколько дней дадут", [], None),
    (U, "сколько длится одно групповое занятие английским", [], None),
    # unanswerable: the other bound of a limit
    (U, "максимальная длина пароля сколько символов", [], None),
    (U, "AGENTCORE_LLM_TIMEOUT какое максимальное значение можно поставить", [], None),
    # unanswerable: the consequence of breaking a rule
    (U, "что будет если не заполнил ворклог до пятницы", [], None),
    (U, "штраф за курение не в курилке какой", [], None),
    (U, "что будет если не пришел в офис в командный день", [], None),
    (U, "what is the penalty for leaving my screen unlocked?", [], None),
    # unanswerable: the reason for a rule
    (U, "почему ноуты меняют только раз в 3 года", [], None),
    (U, "почему переговорку нельзя бронировать больше чем на 2 часа", [], None),
    # unanswerable: another channel, time or place
    (U, "справку 2-ндфл можно получить на бумаге?", [], None),
    (U, "с какого года у нас гибридный формат работы", [], None),
    (U, "в следующем году бюджет на обучение увеличат?", [], None),
    (U, "адрес офиса в казани какой", [], None),
    # unanswerable: the reverse action
    (U, "как отменить заявку на возмещение расходов", [], None),
    (U, "как отменить бронь рабочего места", [], None),
    (U, "как отказаться от дмс", [], None),
    (U, "как вернуть в офис монитор который брал домой", [], None),
    # unanswerable: a decision time, a condition, a resource not stated
    (U, "заявку на работу из-за границы сколько рассматривают", [], None),
    (U, "how long does the company take to approve a training request?", [], None),
    (U, "работал ночью без согласования с руководителем, оплатят в двойном размере?", [], None),
    (U, "сколько оперативной памяти нужно для agentcore", [], None),
    # answerable: the same shapes
    (A, "не сдал авансовый отчет вовремя что будет", ["удержан из зарплаты"], None),
    (A, "зачем вести учет времени в джире", ["загрузка команд"], None),
    (A, "почему нельзя больше 30 дней работать из-за границы", ["налоговым резидентством"], None),
    (A, "почему летом нельзя больше 14 дней отпуска подряд", ["многие хотят отдыхать одновременно"], None),
    (A, "в питере гостиница в командировке до скольки оплачивается", ["7000 ₽"], None),
    (A, "сколько раз можно исправить отклоненную заявку на возмещение", ["один раз"], None),
    (A, "если никто не пришел в переговорку бронь снимается через сколько", ["15 минут"], None),
    (A, "сколько ждать решения по переходу на удаленку", ["10 рабочих дней"], None),
    (A, "справка 2-ндфл сколько дней готовится", ["3 рабочих дней"], None),
    (A, "пароль минимум из скольких символов должен состоять", ["12 символов"], None),
    (A, "how many working days in advance must i request a business trip abroad?", ["20 рабочих дней"], None),
    (A, "сколько места на диске нужно для agentcore", ["500 МБ"], None),
    (A, "что будет если не отвечать на заявку в статусе ожидает ответа", ["закрывается автоматически"], None),
    (A, "проблема вернулась после решения заявки, как ее переоткрыть", ["ответьте на письмо"], None),
    (A, "фрукты на кухню когда привозят", ["по понедельникам и четвергам"], None),
    (A, "ноутбук можно взять с собой в командировку?", ["брать домой и в командировки"], None),
]


def main() -> None:
    from answer_eval_split import write_split

    write_split(ROWS, prefix="hl", split="dev26", name="answer_eval_dev26.json")


if __name__ == "__main__":
    main()
