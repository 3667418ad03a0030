"""Writes tests/data/answer_eval_dev10.json: a tenth development split of the answer-level evaluation (issue 18).

Written on 2026-11-27 (branch ``decide31``) before any code of that branch ran on it: the author read only the shipped
knowledge base's documents (``src/agentcore/rag/kb/default/*.md``) and the older generators' row format (not the
``dev9`` rows, which are kept totals only), never ran ``agentcore ask`` on these questions, and committed the file
before measuring.  It is the branch's fresh check of the answer/decline decision: rules are found on the older
development splits' declines, never on this split's rows.  Every key fact (each «|» alternative) is checked against
the documents by ``tests/data/test_answer_eval_data.py``; every unanswerable question and every missing part was
grepped for its key words across all documents (no guest parking, children's gifts, leave in advance, merchandise,
referral bonus, non-resident tax, images, glasses, moving day, mortgage, presentation template, gym, dress code,
company car, apartments, electricity, cash, catering, pair programming, personal laptop, release manager's bonus,
travel insurance or GigaChat's price in any document).

Composition: 36 answerable, 9 partial, 15 unanswerable, over the HR and IT documents a help-desk bot is asked about
(sick leave, leave, pay, trips, laptops, the help desk, the office, remote work, expenses, DMS, training, onboarding,
passwords, VPN, on-call, releases, code review), a few on Scrum, Kanban and agentcore.  Typed the way employees
write: lower case, typos («скока», «ноут», «впн», «испыталка»), slang, situations, yes/no, procedures, short
questions, three in English.

Row format as in ``make_answer_eval.py``: (category, question, key facts, missing part); a key fact is a string
(alternatives separated by «|») a correct answer must contain.
"""

A, P, U = "answerable", "partial", "unanswerable"
ROWS = [
    # sick leave and leave
    (A, "на больничном первые дни кто оплачивает", ["3 дня"], None),
    (A, "до скольки утра надо написать руководителю что я заболел", ["11:00"], None),
    (A, "дней здоровья скока в год дается", ["3 оплачиваемых дня здоровья"], None),
    (A, "день здоровья до какого часа оформить надо", ["12:00"], None),
    (A, "отпуск в году сколько дней всего", ["28 календарных дней"], None),
    (A, "заявление на отпукс за сколько дней подавать", ["14 календарных дней"], None),
    (A, "когда перечисляют отпускные", ["3 рабочих дня"], None),
    (A, "я новенький, через сколько можно в первый отпуск", ["6 месяцев"], None),
    (A, "квартальную премию в какие числа платят", ["10 апреля"], None),
    # trips and expenses
    (A, "суточные по россии скока", ["700 ₽"], None),
    (A, "билеты в командировку сам покупаю или кто-то за меня?", ["тревел-координатор"], None),
    (A, "вернулся из командировки, за сколько дней сдать авансовый отчет", ["3 рабочих дней"], None),
    (
        A,
        "командировка выпала на субботу и воскресенье, мне что-то за это положено?",
        ["двойном размере|день отдыха"],
        None,
    ),
    (A, "задержался до ночи, такси домой компенсируют? какой лимит", ["1500 ₽"], None),
    (A, "в какой срок надо подать чек на возмещение", ["30 календарных дней"], None),
    # laptops, help desk, office
    (A, "какой ноут дают разрабам", ["MacBook Pro 14"], None),
    (A, "ноуты меняют раз во сколько лет", ["раз в 3 года"], None),
    (A, "ноут сломался, что делать", ["заявку в техподдержку"], None),
    (A, "техподдержка по выходным работает?", ["по будням"], None),
    (A, "заявка с высоким приоритетом за сколько решается", ["1 рабочий день"], None),
    (A, "заявка висит в статусе ожидает ответа, через сколько ее закроют сами", ["5 рабочих дней"], None),
    (A, "как эскалировать заявку если сроки сорвали", ["Эскалировать"], None),
    (A, "офис вечером до скольки работает вообще", ["22:00"], None),
    (A, "сколько человек влезает в переговорку василек", ["6 мест"], None),
    (A, "как забронить стол в офисе на день", ["Рабочие места"], None),
    # remote work, DMS, training, onboarding
    (A, "хочу на полную удаленку, сколько ждать решения", ["10 рабочих дней"], None),
    (A, "сколько компенсируют на обустройство рабочего места дома", ["15 000 ₽"], None),
    (A, "стоматология по дмс входит?", ["лечение, удаление"], None),
    (A, "бюджет на обучение в год скока", ["40 000 ₽"], None),
    (A, "английский компания оплачивает?", ["50%"], None),
    (A, "во сколько начинается первый рабочий день у новичка", ["10:00"], None),
    # passwords, VPN, on-call, releases, code review, Scrum, agentcore
    (A, "пороль раз во сколько дней менять надо", ["90 дней"], None),
    (A, "после скольких неправильных паролей блокнет учетку", ["5 неверных попыток"], None),
    (A, "впн в отеле не коннектится, пишет handshake did not complete", ["romashka-tcp"], None),
    (A, "в пятницу можно выкатывать релиз?", ["запрещены"], None),
    (A, "what's the WIP limit for the review column?", ["3 merge request"], None),
    # partial: one part in the documents, one not
    (P, "сколько суточных за границей и оплачивают ли страховку для выезда", ["2500"], "страховка для выезда"),
    (P, "лимит на гостиницу в регионах какой и можно ли жить в апартаментах", ["5000 ₽"], "апартаменты"),
    (P, "на удаленке интернет компенсируют? а электричество?", ["1000 ₽"], "электричество"),
    (P, "когда приходит аванс и можно ли получить его раньше", ["25-го числа"], "аванс раньше срока"),
    (P, "сколько мест в переговорке ромашка и можно ли туда заказать кейтеринг", ["12 мест"], "кейтеринг"),
    (P, "испыталка сколько длится и можно ли ее сократить", ["3 месяца"], "сократить испытательный срок"),
    (
        P,
        "how fast should a reviewer answer a merge request, and is pair programming mandatory?",
        ["1 рабочего дня"],
        "pair programming",
    ),
    (P, "через скока минут экран сам блокируется и можно ли работать с личного ноута", ["5 минут"], "личный ноутбук"),
    (P, "ретро во сколько и есть ли бонус скрам-мастеру за проведение", ["16:30"], "бонус скрам-мастеру"),
    # unanswerable, worded next to a real rule
    (U, "гостевая парковка у бизнес центра сколько стоит", [], None),
    (U, "дарят ли детям сотрудников подарки на новый год", [], None),
    (U, "можно взять отпуск авансом за следующий год?", [], None),
    (U, "какой мерч дают новичкам", [], None),
    (U, "сколько платят за рекомендацию друга на вакансию", [], None),
    (U, "какой ндфл у нерезидентов", [], None),
    (U, "agentcore умеет распознавать картинки?", [], None),
    (U, "компенсирует ли дмс очки если упало зрение", [], None),
    (U, "дают ли выходной на переезд", [], None),
    (U, "есть ли корпоративная ипотека", [], None),
    (U, "где взять шаблон презентации компании", [], None),
    (U, "в офисе есть спортзал?", [], None),
    (U, "в шортах в офис приходить можно? дресс-код есть?", [], None),
    (U, "is there a company car for business trips?", [], None),
    (U, "сколько стоит подписка на гигачат про", [], None),
]


def main() -> None:
    from answer_eval_split import write_split

    write_split(ROWS, prefix="v", split="dev10", name="answer_eval_dev10.json")


if __name__ == "__main__":
    main()
