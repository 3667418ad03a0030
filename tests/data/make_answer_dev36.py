"""Writes tests/data/answer_eval_dev36.json: a thirty-sixth development split of the answer-level evaluation
(issue 18), written in the style of the graders' set (questions written outside the project: typos, colloquial
phrasing, chatty openings, a few English questions; answerable, partly answerable and unanswerable questions).

Written on 2026-11-28 (branch ``dat36``) before any code ran on it: the author read only twelve HR/office documents
of the shipped knowledge base (``src/agentcore/rag/kb/default/``: vacation-policy, sick-leave, payroll,
dms-insurance, business-trips, expense-reimbursement, remote-work, work-schedule, office-rules, onboarding,
corporate-training, equipment-laptops) and dev35's row format, never ran ``agentcore ask`` on these questions, and
committed the file before any code change.

- ANSWERABLE (36): numbers and units (days of leave, per diem, limits in roubles, budgets), dates and times (the
  advance, the leave schedule, core hours, the first day), who/where (portal sections, the accounting and security
  addresses), yes/no questions (business class, dental care under DMS, English lessons, working from abroad), procedures
  («как…», «что делать, если…»: a lost laptop, a child's sick leave, the office on a Sunday, extra equipment);
  three in English (their key facts are addresses, a phone number and times, which read the same in either
  language); three long chatty ones; typos of one or two letters and missing punctuation throughout.
- PARTIAL (10): one part stated in the documents, one not (food on the train, the DMS policy abroad, splitting the
  salary between two cards, extra leave for long service, a shower in the office (English), a coworking space, half
  a health day, reinstalling the laptop's system, giving the training budget to a colleague, a charger for an
  electric car).
- UNANSWERABLE (24):
  - near misses (12), each beside the sentence that states the neighbouring case: unpaid leave for a friend's
    funeral (only close relatives), unpaid leave for a grandchild's birth (a child's birth), DMS for
    a mother-in-law (spouse, children, parents), a morning taxi (after 22:00 home), replacing test smartphones
    (laptops every 3 years), one-to-one English lessons (group lessons), returning the laptop on a transfer
    (on dismissal), a mentor after a transfer (newcomers), study leave for exams (only named as a type), a guest's
    parking place (places for employees), working from another Russian city (abroad), a yearly bonus (quarterly);
  - topics the documents do not cover at all (12): a psychologist, birthday gifts, parental leave for a father,
    canteen prices, a referral bonus, salary reviews, a gym membership (English), relocation, a dress code, the
    notice period for resigning, a New Year party, loans or a mortgage programme.

Row format as in ``make_answer_eval.py``: (category, question, key facts, missing part); a key fact is a string
(alternatives separated by «|») a correct answer must contain, copied from the documents.
"""

A, P, U = "answerable", "partial", "unanswerable"
ROWS = [
    # answerable: leave and sick leave
    (A, "до какого числа надо вписать свои даты в график отпусков на след год?", ["15 декабря"], None),
    (A, "за сколько дней до отпуска переводят отпускные на карту", ["3 рабочих дня"], None),
    (A, "сколько человек из одной команды могут быть в отпуске одновремено", ["трети"], None),
    (
        A,
        "привет! подскажите пожалуйста, я уже согласовал отпуск на август, но планы поменялись — можно его как-то "
        "перенести и до какого срока надо успеть?",
        ["2 недели"],
        None,
    ),
    (A, "что будет с неотгуляными днями отпуска если я увольняюсь", ["компенсация"], None),
    (A, "до скольки надо сказать руководителю что заболел", ["11:00"], None),
    (A, "в какой срок сдать номер элн после больничного", ["2 рабочих дней"], None),
    (A, "чувствую себя плоховато но к врачу не надо, можно просто не выйти?", ["день здоровья", "до 12:00"], None),
    (A, "ребенок заболел как оформить больничный по уходу", ["через ЭЛН"], None),
    # answerable: pay
    (A, "когда приходит аванс", ["25-го числа"], None),
    (A, "зп 10 числа а это воскресенье, деньги в понедельник придут или раньше", ["последний рабочий день"], None),
    (A, "где посмотреть расчетный листок и когда он появляется", ["мои документы", "за один рабочий день"], None),
    (A, "Who should I email if the numbers on my payslip look wrong?", ["buh@romashka-soft.ru"], None),
    (A, "в какие дни выплачивают квартальную премию", ["10 апреля"], None),
    # answerable: DMS
    (A, "через сколько после выхода на работу дают полис дмс", ["3 месяца"], None),
    (A, "по дмс зубы полечить можно или это отдельно платить", ["лечение, удаление|стоматология"], None),
    (A, "сколько стоит добавить мужа в дмс", ["38 000"], None),
    (A, "можно ли по дмс вызвать врача на дом если живу в подмосковье", ["30 км от МКАД"], None),
    (A, "действует ли дмс после увольнения", ["до конца месяца"], None),
    # answerable: trips and expenses
    (A, "за скока дней оформлять командировку в питер", ["10 рабочих дней"], None),
    (A, "какие суточные в загранкомандировке", ["2500"], None),
    (A, "какой лимит на гостиницу в командировке в казань", ["5000"], None),
    (A, "можно ли лететь бизнес-классом в командировку", ["дольше 6 часов"], None),
    (A, "возмещают ли такси до дома если засиделся на работе до полуночи", ["1500"], None),
    (A, "сколько времени есть чтобы подать чек на возмещение", ["30 календарных дней"], None),
    # answerable: remote work, schedule, office
    (A, "сколько дней в неделю обязательно ходить в офис", ["2 дня в неделю"], None),
    (A, "хочу месяц поработать из грузии, так можно?", ["30 календарных дней", "информационной безопасности"], None),
    (A, "What are the core hours when I have to be online if I work from home?", ["11:00", "16:00"], None),
    (A, "до какого времени заполнять ворклог в джире", ["18:00 пятницы"], None),
    (A, "как попасть в офис в воскресенье", ["до 17:00"], None),
    # answerable: onboarding, training, equipment
    (A, "во сколько приходить в первый рабочий день и куда", ["10:00"], None),
    (A, "сколько можно потратить на курсы пока на испытательном", ["10 000"], None),
    (A, "оплачивает ли компания английский", ["50%"], None),
    (A, "как часто меняют рабочие ноутбуки", ["раз в 3 года"], None),
    (A, "I lost my work laptop on the metro, what should I do?", ["security@romashka-soft.ru", "1111"], None),
    (
        A,
        "добрый день! я тестировщик, нужен доп. тестовый смартфон и док-станция для работы, как их заказать и "
        "сколько ждать?",
        ["5 рабочих дней"],
        None,
    ),
    # partial: one part stated, one not
    (P, "сколько суточных по россии и оплачивают ли еду в вагоне-ресторане", ["700"], "питание в поезде"),
    (P, "входит ли в дмс мрт и действует ли полис за границей", ["МРТ и КТ"], "действие полиса за границей"),
    (
        P,
        "на карту какого банка можно получать зп и можно ли разделить ее на две карты",
        ["любого российского банка"],
        "разделение зарплаты на две карты",
    ),
    (P, "сколько дней отпуска в год и дают ли доп дни за выслугу лет", ["28 календарных дней"], "дни за стаж"),
    (P, "What time does the office open on weekdays, and is there a shower?", ["8:00"], "душ в офисе"),
    (P, "компенсируют ли удаленщику покупку кресла и аренду коворкинга", ["15 000"], "коворкинг"),
    (P, "сколько дней здоровья в году и можно ли взять половину дня", ["3 дня|3 оплачиваемых"], "полдня здоровья"),
    (
        P,
        "можно ли на рабочем ноуте отключить антивирус и поставить свой линукс вместо винды",
        ["отключать их запрещено"],
        "переустановка системы",
    ),
    (P, "бюджет на обучение какой и можно ли отдать остаток коллеге", ["40 000"], "передача бюджета коллеге"),
    (P, "есть парковка у офиса? и зарядка для электромобиля", ["10 парковочных мест"], "зарядка для электромобиля"),
    # unanswerable: near misses
    (U, "дают ли дни за свой счет на похороны друга", [], None),
    (U, "можно взять пару дней без содержания когда у дочки родится ребенок? стану дедушкой", [], None),
    (U, "сколько стоит прикрепить тещу к дмс", [], None),
    (U, "компенсируют ли такси утром до офиса если опаздываю на встречу с клиентом", [], None),
    (U, "как часто обновляют тестовые смартфоны", [], None),
    (U, "оплачивают ли занятия английским с репетитором один на один", [], None),
    (U, "нужно ли сдавать ноутбук при переводе в другой отдел", [], None),
    (U, "назначают ли наставника при переводе в другую команду", [], None),
    (U, "сколько дней дают на учебный отпуск на сессию", [], None),
    (U, "можно ли забронировать парковочное место для гостя", [], None),
    (U, "могу я пару месяцев поработать из екатеринбурга у родителей, есть лимит по дням?", [], None),
    (U, "годовой бонус по итогам года когда платят и сколько", [], None),
    # unanswerable: topics the documents do not cover
    (U, "есть ли в компании корпоративный психолог", [], None),
    (U, "дарят ли что нибудь сотрудникам на день рождения", [], None),
    (U, "как папе оформить отпуск по уходу за ребенком до 3 лет", [], None),
    (U, "почем обеды в столовке нашего бизнес центра", [], None),
    (U, "платят ли бонус если привел друга в компанию", [], None),
    (U, "когда у нас пересмотр зарплат, раз в год?", [], None),
    (U, "Does Romashka cover a gym or fitness club membership for employees?", [], None),
    (U, "компенсируют ли переезд из другого города при приеме на работу", [], None),
    (U, "какой дресс-код в офисе, можно в шортах приходить?", [], None),
    (U, "за сколько дней писать заявление на увольнение по собственному", [], None),
    (U, "будет ли новогодний корпоратив и где", [], None),
    (
        U,
        "привет, подскажите плиз, а у нас есть какая-то программа льготной ипотеки или беспроцентных займов для "
        "сотрудников? очень надо",
        [],
        None,
    ),
]


def main() -> None:
    from answer_eval_split import write_split

    write_split(ROWS, prefix="zq", split="dev36", name="answer_eval_dev36.json")


if __name__ == "__main__":
    main()
