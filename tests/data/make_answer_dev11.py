"""Writes tests/data/answer_eval_dev11.json: an eleventh development split of the answer-level evaluation (issue 18).

Written on 2026-11-27 (branch ``hallu31``) before any code of that branch ran on it: the author read only the shipped
knowledge base's documents (``src/agentcore/rag/kb/default/*.md``) and the older generators' row format, never ran
``agentcore ask`` on these questions, and committed the file before measuring.  Its purpose is the other side of the
answer/decline decision: NEAR-MISS unanswerable questions, the kind users really ask — about a neighbouring case the
documents do not cover (another office or town, another role, another period, another kind of object, a relative the
program does not name), a number the documents do not state, a yes/no whose answer is not stated.  Each is written
next to a topic the documents do cover, so a retriever finds a close passage and an answerer is tempted to quote it.
The answerable rows have the same shapes (a role, a place, a kind of object the documents DO name), so a rule cannot
simply decline the shape.  Every unanswerable question was checked by reading the matching document (no office other
than Moscow, no braces or pregnancy care in DMS, no leave rule for part-timers or interns, no locker-key procedure, no
visa costs, no leave for moving, no study-leave length, no winter leave limit, no sick leave for a parent, no sick-pay
amount by length of service, no annual or 13th salary, no rule for working from another Russian town, no internet
money for hybrid staff, no room «Незабудка», no lunches delivered, no bicycle parking, no MacBook Air memory size, no
second-monitor size, no phone replacement period, no Wi-Fi password, no German courses, no MBA, no mentor bonus, no
car sharing, no team-lunch limit, no short Fridays, no laptop rule for holidays abroad, no contractor access rule, no
maximum on-call weeks, no DMS for siblings, no weekend office hours, no parking price, no DMS abroad, no rule for a
child falling ill during the parent's leave, no donor day off).

Composition: 21 answerable, 0 partial, 40 unanswerable.  Typed the way employees write: lower case, typos, slang,
yes/no, procedures, short questions, three in English.

Row format as in ``make_answer_eval.py``: (category, question, key facts, missing part); a key fact is a string
(alternatives separated by «|») a correct answer must contain.
"""

A, P, U = "answerable", "partial", "unanswerable"
ROWS = [
    # answerable, the same shapes as the near misses below
    (A, "имплантацию зубов дмс покрывает?", ["имплантация не входят"], None),
    (A, "лечение зубов входит в дмс?", ["Стоматология"], None),
    (A, "what is the hotel limit in kazan on a business trip?", ["5000 ₽"], None),
    (A, "суточные если командировка в казахстан скока", ["2500 ₽"], None),
    (A, "сколько мест в переговорке лютик", ["4 места"], None),
    (A, "бухгалтеру какой ноутбук выдают", ["MacBook Air"], None),
    (A, "украли рабочий телефон, что делать", ["1 час|security@romashka-soft.ru"], None),
    (A, "в какие дни привозят фрукты на кухню", ["понедельникам и четвергам"], None),
    (A, "сколько можно работать из-за границы в году", ["30 календарных дней"], None),
    (A, "кресло для дома на удаленке компенсируют?", ["15 000 ₽"], None),
    (A, "отпуск без содержания на свадьбу сколько дней дают", ["5 календарных дней"], None),
    (A, "летом можно в отпуск больше чем на две недели?", ["директором департамента"], None),
    (A, "аванс за первую половину месяца какого числа", ["25-го числа"], None),
    (A, "обед с клиентом в кафе сколько можно потратить на человека", ["3000 ₽"], None),
    (A, "в предпраздничный день на сколько короче работаем", ["1 час"], None),
    (A, "за неделю дежурства сколько доплачивают", ["5000 ₽"], None),
    (A, "в первый рабочий день во сколько приходить", ["10:00"], None),
    (A, "англ в партнерской школе компания оплачивает? сколько", ["50%"], None),
    (A, "пароль минимум сколько символов должен быть", ["12 символов"], None),
    (A, "потерял пропуск в офис что делать", ["ресепшен"], None),
    (A, "за сколько дней подавать заявление на отпуск без сохранения зарплаты", ["в день обращения"], None),
    # unanswerable near misses: another place, role, period, kind of object, relative
    (U, "а в питерском офисе парковка для сотрудников есть?", [], None),
    (U, "брекеты по дмс покрываются?", [], None),
    (U, "ведение беременности входит в дмс?", [], None),
    (U, "сколько дней отпуска положено совместителю", [], None),
    (U, "стажеру сколько дней отпуска в год", [], None),
    (U, "потерял ключ от шкафчика, что делать", [], None),
    (U, "визу для командировки компания оплачивает?", [], None),
    (U, "отпуск без сохранения зп на переезд сколько дней можно", [], None),
    (U, "учебный отпуск скока дней дают", [], None),
    (U, "зимой есть ограничение на длинный отпуск?", [], None),
    (U, "больничный по уходу за мамой как оформить", [], None),
    (U, "сколько платят по больничному если стаж 2 года", [], None),
    (U, "годовая премия когда выплачивается", [], None),
    (U, "13я зарплата у нас есть?", [], None),
    (U, "можно ли работать из другого города россии и сколько дней", [], None),
    (U, "гибридным сотрудникам компенсируют интернет? сколько", [], None),
    (U, "сколько мест в переговорке незабудка", [], None),
    (U, "обеды в офис по каким дням привозят", [], None),
    (U, "велопарковка у бц есть?", [], None),
    (U, "сколько памяти в макбук эйр который выдают", [], None),
    (U, "второй монитор какой диагонали дают", [], None),
    (U, "телефоны рабочие меняют раз во сколько лет", [], None),
    (U, "пароль от гостевого wifi в офисе какой", [], None),
    (U, "курсы немецкого компания оплачивает?", [], None),
    (U, "mba за счет компании можно?", [], None),
    (U, "наставнику доплачивают за новичка?", [], None),
    (U, "каршеринг до клиента компенсируют?", [], None),
    (U, "обед с командой за счет компании какой лимит на человека", [], None),
    (U, "по пятницам сокращенный день?", [], None),
    (U, "how many vacation days do interns get?", [], None),
    (U, "can i take my work laptop on vacation abroad?", [], None),
    (U, "доступ к продакшену для подрядчика как оформить", [], None),
    (U, "сколько недель дежурства максимум за квартал", [], None),
    (U, "дмс для брата или сестры можно оформить?", [], None),
    (U, "а по субботам офис во сколько закрывается", [], None),
    (U, "сколько стоит парковочное место у бц", [], None),
    (U, "дмс действует за границей?", [], None),
    (U, "в отпуске заболел ребенок — отпуск продлят?", [], None),
    (U, "за сдачу крови отгул дают?", [], None),
    (U, "does the company pay for a visa for a business trip abroad?", [], None),
]


def main() -> None:
    from answer_eval_split import write_split

    write_split(ROWS, prefix="w", split="dev11", name="answer_eval_dev11.json")


if __name__ == "__main__":
    main()
