"""Writes tests/data/answer_eval_dev9.json: a ninth development split of the answer-level evaluation (issue 18).

Written on 2026-11-26 (branch ``focus29``) before any code of that branch ran on it: the author read only the shipped
knowledge base's documents (``src/agentcore/rag/kb/default/*.md``) and the older generators' row format, never ran
``agentcore ask`` on these questions, and committed the file before measuring.  It is the branch's check that a change
of the method generalises: rules are found on the older development splits' failures (dev8 included), never on this
split's rows.  Every key fact is checked against the documents by ``tests/data/test_answer_eval_data.py``; every
unanswerable question and every missing part was grepped for its key words across all documents (no options, dress
code, mortgage, referral bonus, promotion, kindergarten, Copilot, seniority bonus, cash pay, nicknames, iPad, gym,
German lessons, contractors, WhatsApp, changing the insurer, paternity leave, braces or pets in any document).

Composition close to the older splits (about 60 % answerable, 15 % partial, 25 % unanswerable), weighted to facts of
the HR/IT documents the older splits asked least about (quarterly bonus, holiday pay dates, health days, equipment
loss and removal, help-desk priorities and statuses, DMS coverage, training limits, onboarding, working hours, WIP
limits, burndown, passwords, expenses, the office), typed the way employees write: lower case, typos («скока»,
«ноут», «вип»), slang, situations, yes/no, three in English.

Row format as in ``make_answer_eval.py``: (category, question, key facts, missing part); a key fact is a string
(alternatives separated by «|») a correct answer must contain.
"""

A, P, U = "answerable", "partial", "unanswerable"
ROWS = [
    # pay, leave, sick leave
    (A, "квартальную премию в какие числа переводят", ["10 апреля"], None),
    (A, "зп выпадает на субботу, деньги когда тогда придут", ["последний рабочий день перед ним"], None),
    (A, "в расчетном листке цифры не сходятся, куда писать", ["buh@romashka-soft.ru"], None),
    (A, "отпускные скока дней до начала отпуска присылают", ["3 рабочих дня"], None),
    (A, "я работаю 4 месяца, мне уже положен отпуск?", ["6 месяцев"], None),
    (A, "сколько человек из одной команды могут одновременно уйти в отпуск", ["трети"], None),
    (A, "дни отпуска которые не отгулял сгорают в конце года?", ["переносится на следующий год"], None),
    (A, "до скольки утра надо предупредить руководителя что заболел", ["11:00"], None),
    (A, "день здоровья это сколько раз в году можно", ["3 оплачиваемых дня здоровья"], None),
    (A, "кто оплачивает первые дни больничного", ["первые 3 дня"], None),
    # equipment, help desk
    (A, "ноут сдох совсем, работать не на чем, куда звонить", ["1111"], None),
    (A, "у меня украли телефон с рабочей почтой, в какой срок сообщить", ["1 час"], None),
    (A, "заказал док-станцию, через скока выдадут", ["5 рабочих дней"], None),
    (A, "можно второй монитор из офиса домой забрать?", ["вынос"], None),
    (A, "у техподдержки есть бот в телеге?", ["@romashka_help_bot"], None),
    (A, "заявку с высоким приоритетом за какой срок должны решить", ["1 рабочий день"], None),
    (A, "если не отвечать на заявку в статусе ожидает ответа, что будет", ["закрывается автоматически"], None),
    (A, "сроки по заявке просрочили, как пожаловаться", ["Эскалировать"], None),
    # DMS, training, onboarding
    (A, "новичку полис дмс с какого момента начинает действовать", ["3 месяца|1-го числа месяца"], None),
    (A, "импланты зубов по дмс покрываются?", ["не входят"], None),
    (A, "врача на дом по страховке можно вызвать если живу за мкадом", ["30 км от МКАД"], None),
    (A, "после увольнения до какого момента работает дмс", ["до конца месяца"], None),
    (A, "на испытательном сколько можно потратить из бюджета на обучение", ["10 000"], None),
    (A, "курс за 150 тыс, компания оплатит без условий?", ["ученический договор"], None),
    (A, "еду с докладом на конференцию, дорогу и отель кто оплачивает", ["проезд и проживание полностью"], None),
    (A, "к какому времени приходить в самый первый день", ["10:00"], None),
    (A, "мой бадди со мной как часто должен встречаться", ["не реже раза в неделю"], None),
    # schedule, kanban, scrum, passwords, expenses, office
    (A, "перед праздниками рабочий день короче?", ["на 1 час"], None),
    (A, "вышел в выходной на аварийный релиз, как это оплачивается", ["в двойном размере|отгулом"], None),
    (A, "живу во владике, разница с москвой 7 часов, как мне работать", ["не менее 3 часов"], None),
    (A, "вип лимит в техподдержке какой на одного инженера", ["5 заявок"], None),
    (A, "линия на бурндауне поползла вверх, о чем это говорит", ["добавили работу"], None),
    (A, "после скольки неправильных вводов пароля заблочат учетку", ["5 неверных попыток"], None),
    (A, "такси домой поздно вечером компенсируют? какой лимит", ["1500"], None),
    (A, "на обустройство рабочего места дома сколько дают", ["15 000"], None),
    (A, "какой пароль от гостевого вайфая в офисе", ["на ресепшене"], None),
    (A, "how many parking spots does the office have?", ["10 парковочных мест"], None),
    # partial: one half answered, the other in no document
    (P, "сколько дней за свой счет на рождение ребенка и положен ли папе декрет", ["5 календарных дней"], "декрет"),
    (P, "когда приходит окончательный расчет за месяц и можно получать зп наличкой", ["10-го числа"], "наличкой"),
    (P, "какой вид у логина учетки и можно ли вместо него свой ник", ["первая буква имени"], "свой ник"),
    (P, "скока стоит дмс на ребенка и оплачивают ли брекеты", ["30 000"], "брекеты"),
    (P, "какой макбук дают разрабам и можно ли еще айпад получить", ["MacBook Pro 14"], "айпад"),
    (P, "по каким дням привозят фрукты на кухню и есть ли в офисе спортзал", ["понедельникам и четвергам"], "спортзал"),
    (P, "когда набор на английский и можно ли вместо него немецкий", ["сентябре и феврале"], "немецкий"),
    (P, "какая реакция на критическую заявку и есть ли sla для подрядчиков", ["30 минут"], "подрядчиков"),
    (
        P,
        "how fast must a critical ticket be solved, and can I write to support in whatsapp?",
        ["4 часа"],
        "whatsapp",
    ),
    # unanswerable, worded next to a real rule
    (U, "есть ли у сотрудников опционы компании", [], None),
    (U, "какой дресс код в офисе", [], None),
    (U, "помогает ли компания с ипотекой", [], None),
    (U, "сколько платят за то что привел друга на работу", [], None),
    (U, "как часто пересматривают зарплату и когда повышение", [], None),
    (U, "компенсируют детский садик?", [], None),
    (U, "дают ли разрабам подписку на copilot", [], None),
    (U, "есть ли надбавка за выслугу лет", [], None),
    (U, "можно ли поменять страховую по дмс на другую", [], None),
    (U, "можно прийти в офис с котом?", [], None),
    (U, "does the company pay for a gym membership?", [], None),
    (U, "сколько дней дают на переезд в другую квартиру", [], None),
    (U, "положен ли 13-й оклад в конце года", [], None),
    (U, "можно ли работать по договору гпх вместо трудового", [], None),
]


def main() -> None:
    from answer_eval_split import write_split

    write_split(ROWS, prefix="s", split="dev9", name="answer_eval_dev9.json")


if __name__ == "__main__":
    main()
