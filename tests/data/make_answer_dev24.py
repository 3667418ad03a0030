"""Writes tests/data/answer_eval_dev24.json: a twenty-fourth development split of the answer-level evaluation
(issue 18).

Written on 2026-11-27 (branch ``hn``) before any code of that branch ran on it: the author read only the shipped
knowledge base's documents (``src/agentcore/rag/kb/default/*.md``) and the older generators' row format, never ran
``agentcore ask`` on these questions, and committed the file before measuring.  Its purpose is the hallucinated
answer: a question (or one part of it) the documents do not answer, about something a document nearly says, so that
the nearest sentence is a near miss —

- another person than the one the rule is stated for (a parent instead of a child on sick leave, a mother-in-law
  instead of the listed relatives, the second on-call engineer, hybrid instead of fully remote staff, guests instead
  of employees at the car park, contractors instead of employees on production access, a brother's wedding instead of
  one's own);
- another kind of the same thing (study or maternity leave where only annual and unpaid leave have figures, a
  pregnancy benefit where only the sick-leave benefit's date is, individual English lessons where only group ones are
  paid, German where only English is, a 2FA code where only the password's wrong attempts lock the account, the
  release branch where only merging into ``main`` needs approvals, a hotfix where only the planned release has a code
  freeze, a locker key where only the lost pass has a procedure);
- another period (a yearly bonus where only the quarterly one is dated);
- a condition the documents do not state (health days during probation);
- PARTIAL questions: one part the documents answer, one such near miss (a long-service leave, a visa, a contractor's
  health day, the retro's host, a guest at the weekend, a laptop flooded with coffee, a gym pass, a night taxi during
  on-call duty, a pass's PIN, a salary split over two cards);
- ANSWERABLE controls about the same neighbourhoods (the unpaid leave for a birth, the child's sick leave, the child's
  DMS price, the hotfix's approval, the second on-call engineer's call, the remote workplace allowance, the English
  share, the quarterly bonus's date), so that a rule declining the near misses is seen when it declines these.

Composition: 8 answerable, 10 partial, 18 unanswerable.  Typed the way employees write in chat: lower case, slang,
no question mark now and then.

Row format as in ``make_answer_eval.py``: (category, question, key facts, missing part); a key fact is a string
(alternatives separated by «|») a correct answer must contain.
"""

A, P, U = "answerable", "partial", "unanswerable"
ROWS = [
    # unanswerable: another person than the rule's
    (U, "больничный по уходу за мамой как оформлять", [], None),
    (U, "дмс для тещи сколько стоит", [], None),
    (U, "второму дежурному за неделю доплачивают сколько", [], None),
    (U, "гибридникам интернет компенсируют сколько в месяц", [], None),
    (U, "гостям сколько парковочных мест у бц", [], None),
    (U, "доступ к прод серверам подрядчикам на сколько дней выдают", [], None),
    (U, "на свадьбу брата сколько дней за свой счет можно взять", [], None),
    # unanswerable: another kind of the same thing
    (U, "на сессию в вузе учебного отпуска скок положено", [], None),
    (U, "декрет сколько длится", [], None),
    (U, "пособие по беременности с какой выплатой приходит", [], None),
    (U, "индивидуальные занятия английским компания оплачивает на сколько процентов", [], None),
    (U, "немецкий учить компания поможет деньгами?", [], None),
    (U, "после скольки неверных 2fa кодов блокируют учетку", [], None),
    (U, "сколько апрувов надо для мр в релизную ветку", [], None),
    (U, "код фриз для хотфикса во сколько", [], None),
    (U, "потерял ключ от шкафчика, че делать", [], None),
    # unanswerable: another period, a condition not stated
    (U, "годовая премия когда приходит", [], None),
    (U, "дни здоровья на испытательном сроке можно брать?", [], None),
    # partial: one part answered, one a near miss
    (P, "сколько дней отпуска в году и сколько добавляют за стаж больше 5 лет", ["28 календарных дней"], "за стаж"),
    (P, "суточные за границей скока и визу оформляет компания?", ["2500 ₽"], "виза"),
    (P, "день здоровья до скольки оформить и положен ли он совместителям", ["12:00"], "совместители"),
    (P, "ретро сколько длится и кто ее ведет если скрам мастер в отпуске", ["1 час"], "замена скрам-мастера"),
    (P, "гостевой пропуск до скольки заказывать и пустят ли гостя в субботу", ["18:00"], "гость в выходные"),
    (
        P,
        "ноут сломался когда дадут подменный и кто платит за ремонт если залил кофе",
        ["в тот же рабочий день"],
        "залитый ноутбук",
    ),
    (P, "бюджет на обучение скок в год и можно ли потратить на абонемент в спортзал", ["40 000 ₽"], "спортзал"),
    (
        P,
        "за неделю дежурства сколько платят и компенсируют ли такси в офис ночью при инциденте",
        ["5000 ₽"],
        "такси ночью на дежурстве",
    ),
    (P, "пароль минимум сколько символов и как часто менять пин от пропуска", ["12 символов"], "пин от пропуска"),
    (P, "аванс какого числа и можно ли получать зп на две карты", ["25-го числа"], "две карты"),
    # answerable controls in the same neighbourhoods
    (A, "за свой счет на рождение ребенка сколько дней можно", ["5 календарных дней"], None),
    (A, "больничный по уходу за ребенком как оформляется", ["через ЭЛН"], None),
    (A, "дмс для ребенка сотрудника сколько стоит в год", ["30 000 ₽"], None),
    (A, "хотфикс сколько апрувов нужно чтоб влить", ["одного одобрения"], None),
    (A, "если дежурный не подтвердил p1 за 15 минут кому звонит бот", ["второму дежурному"], None),
    (A, "удаленщикам на стол и кресло сколько компенсируют", ["15 000 ₽"], None),
    (A, "английский язык сколько процентов компания оплачивает", ["50%"], None),
    (A, "квартальную премию когда выплачивают", ["10 апреля"], None),
]


def main() -> None:
    from answer_eval_split import write_split

    write_split(ROWS, prefix="hn", split="dev24", name="answer_eval_dev24.json")


if __name__ == "__main__":
    main()
