"""Writes tests/data/answer_eval_dev12.json: a twelfth development split of the answer-level evaluation (issue 18).

Written on 2026-11-27 (branch ``fd``) before any code of that branch ran on it: the author read only the shipped
knowledge base's documents (``src/agentcore/rag/kb/default/*.md``) and the older generators' row format, never ran
``agentcore ask`` on these questions, and committed the file before measuring.  It is the branch's fresh check of
false declines: rules are found on the older development splits' declines as well as this one's, and the figures
measured before the branch's first change are its untouched estimate.  Questions are phrased the way employees write
(situations, verbs where the documents use nouns, slang, typos, short questions, three in English), not with the
documents' wording.  Every key fact (each «|» alternative) is checked against the documents by
``tests/data/test_answer_eval_data.py``; every unanswerable question and every missing part was grepped for its key
words across all documents (no swimming pool, vet, microwave, foreign passport, business cards, wedding money,
language bonus, salary review, first-grader's day off, voice messages, children in the office, driving school,
private VPN, dress code, fitness, loans, visas, bicycle parking, second degree, tablets, pregnancy, YouTube, incident
bonus, Copilot or probation pay in any document).

Composition: 35 answerable, 9 partial, 16 unanswerable near-misses, over the HR and IT documents (leave, sick leave,
pay, trips, expenses, DMS, the office, remote work, schedule, passwords, security, VPN, training, on-call, releases,
code review), a few on Scrum and agentcore.

Row format as in ``make_answer_eval.py``: (category, question, key facts, missing part); a key fact is a string
(alternatives separated by «|») a correct answer must contain.
"""

A, P, U = "answerable", "partial", "unanswerable"
ROWS = [
    # leave and sick leave
    (A, "у меня ноут умер прям посреди дня, работать вообще не на чем", ["1111"], None),
    (A, "заболел но к врачу идти смысла нет, можно просто денек отлежаться?", ["день здоровья"], None),
    (A, "женюсь в июле, скока дней дадут за свой счет", ["5 календарных дней"], None),
    (A, "хочу в августе свалить на 3 недели, отпустят?", ["14 календарных дней"], None),
    (A, "отпуск уже согласовали а даты поменялись, как перенести", ["2 недели"], None),
    (A, "сколько народу из команды может одновременно уйти в отпуск", ["трети"], None),
    (A, "если уволюсь деньги за неотгуленный отпуск вернут?", ["компенсация"], None),
    (A, "ребенок заболел, мне можно на больничный уйти?", ["через ЭЛН"], None),
    (A, "бумажку из поликлиники нести в hr надо?", ["не нужны"], None),
    # pay, trips, expenses
    (A, "зарплата выпала на воскресенье, когда придет", ["последний рабочий день"], None),
    (A, "хочу получать зп на карту другого банка, что сделать", ["20-го числа"], None),
    (A, "нужна справка с работы для визы где заказать", ["разделе «Справки»"], None),
    (A, "еду в командировку в ереван, за сколько подавать заявку", ["20 рабочих дней"], None),
    (A, "лечу во владик часов 8, бизнес класс можно взять?", ["6 часов"], None),
    (A, "командировка в казань, сколько максимум на отель за ночь", ["5000"], None),
    (A, "купил переходник за свои 2 тыщи, вернут?", ["3000"], None),
    (A, "отклонили возмещение, можно исправить и отправить снова?", ["5 рабочих дней"], None),
    (A, "when will I get my money back for expenses?", ["ближайшей выплатой"], None),
    # DMS, office, remote work, schedule
    (A, "маму можно застраховать по дмс?", ["38 000|корпоративному тарифу"], None),
    (A, "зуб разболелся, по страховке полечат?", ["лечение, удаление"], None),
    (A, "потерял пропуск(", ["ресепшен"], None),
    (A, "можно прийти поработать в офис в субботу?", ["17:00"], None),
    (A, "где бронить переговорки?", ["Яндекс 360"], None),
    (A, "хочу месяц поработать с бали, так можно?", ["30 календарных дней"], None),
    (A, "do I have to tell my manager when I work from home?", ["предупреждать об этом не нужно"], None),
    (A, "если пришел к 8 во сколько можно уходить", ["9 часов"], None),
    # passwords, security, VPN, training, on-call, releases, agentcore
    (A, "забыл пароль, а телефона с двухфакторкой нет", ["временный пароль"], None),
    (A, "сменил телефон, как перенести 2фа", ["перепривязать"], None),
    (A, "нужен доступ к репе в гитлабе, куда писать", ["типом «Доступ»"], None),
    (A, "отправил табличку с данными клиентов не тому человеку, что теперь", ["1 часа"], None),
    (A, "впн вроде подключен, а сайты не грузятся", ["3 минут"], None),
    (A, "курс стоит 120 тысяч, надо что-то подписывать?", ["ученический договор"], None),
    (A, "хочу поменяться дежурством с коллегой, как", ["2 рабочих дня"], None),
    (A, "дежурил 8 недель за год, к отпуску что-то добавят?", ["3 дополнительных дня"], None),
    (A, "хотфикс в пятницу катить можно?", ["P1"], None),
    # partial: one part in the documents, one not
    (P, "суточные по рф скока и оплачивают ли визу", ["700"], "виза"),
    (P, "ноуты раз во сколько обновляют и есть ли у офиса велопарковка", ["3 года"], "велопарковка"),
    (P, "бюджет на обучение сгорает в конце года? и оплачивают ли второе высшее", ["не переносится"], "второе высшее"),
    (P, "второй монитор сколько ждать и выдают ли планшет для тестов", ["5 рабочих дней"], "планшет"),
    (
        P,
        "с какого числа начинает действовать дмс и покрывает ли он ведение беременности",
        ["1-го числа"],
        "ведение беременности",
    ),
    (P, "какой у нас впн и можно ли через него ютуб смотреть", ["WireGuard"], "ютуб"),
    (P, "сколько платят за неделю дежурства и есть ли премия за закрытый инцидент", ["5000"], "премия за инцидент"),
    (P, "how many approvals does an MR need, and can we use GitHub Copilot?", ["2 одобрений"], "Copilot"),
    (P, "испыталка сколько длится и платят ли на ней меньше", ["3 месяца"], "зарплата на испытательном сроке"),
    # unanswerable, worded next to a real rule
    (U, "абонемент в бассейн компенсируют?", [], None),
    (U, "дмс покрывает ветеринара для кота?", [], None),
    (U, "микроволновка на кухне есть? еду погреть", [], None),
    (U, "еду в командировку в турцию, загранпаспорт компания оформит?", [], None),
    (U, "нужны визитки к выставке, кто их печатает", [], None),
    (U, "на свадьбу компания деньгами помогает?", [], None),
    (U, "есть доплата за знание английского?", [], None),
    (U, "когда пересматривают зарплату", [], None),
    (U, "дают ли выходной 1 сентября если ребенок идет в первый класс", [], None),
    (U, "agentcore понимает голосовые сообщения?", [], None),
    (U, "можно приводить детей в офис", [], None),
    (U, "компания оплачивает автошколу?", [], None),
    (U, "можно ли пользоваться своим впном типа outline", [], None),
    (U, "what's the dress code for client meetings?", [], None),
    (U, "фитнес компания компенсирует или нет", [], None),
    (U, "как оформить беспроцентный займ от компании", [], None),
]


def main() -> None:
    from answer_eval_split import write_split

    write_split(ROWS, prefix="fd", split="dev12", name="answer_eval_dev12.json")


if __name__ == "__main__":
    main()
