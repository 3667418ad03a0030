"""Writes tests/data/answer_eval_holdout7.json: a seventh HELD-OUT split of the answer-level evaluation (issue 18).

Written on 2026-11-27 (branch ``ho7``) by a data-only helper that read the shipped knowledge base's documents
(``src/agentcore/rag/kb/default/*.md``), the row format of ``make_answer_dev16.py`` and the data test, and nothing of
the answerer's code; it never ran ``agentcore ask``, the benchmark or any answerer on these questions, and committed
the file before anyone ran code on it.  Held out: scored by the lead only (at most once per pass, totals only),
never tuned on, never read row by row by a branch that changes the method.

Questions typed as employees of a Russian company type them to a help-desk bot: lower case, typos, keyboard-layout
slips («jngecr», «ghbdtn»), colloquial words («скока», «испыталка», «забронить», «апрувов»), greetings, situations,
different lengths, a few in English.

- ANSWERABLE (40): numbers, dates, times, amounts, people, services, yes/no, procedures and definitions over the HR,
  office and IT documents (leave, sick leave, pay, schedule, trips, remote work, office, on-call, onboarding,
  information security, passwords, VPN, help desk, expenses, training, DMS, laptops, code review), Scrum / Kanban
  (velocity, WIP limit, story points) and agentcore (installation, errors, GigaChat, logs); 3 in English.  Every key
  fact (each «|» alternative) was checked against the document text.
- PARTIAL (12): two parts, the documents answer one; ``missing`` names the part they do not (extra leave for length
  of service, visas, guests' parking, glasses under DMS, a personal laptop, a presentation at the welcome meeting,
  VPN in China, a dog in the office, minutes of the sprint planning, a Docker image of agentcore, pay in foreign
  currency, family on a business trip); 1 in English.
- UNANSWERABLE (18): 8 plainly off-topic (weather, recipes, football, exchange rates, theatre tickets, SQL; 1 in
  English) and 10 near misses — a neighbouring case the documents do not state: maternity leave, the length of study
  leave (only its type is named), unpaid leave for moving house (only marriage, birth and death are), a gym under
  DMS, the resignation notice, a yearly bonus (only the quarterly one is), the price of a parking place (only its
  booking is), English lessons for a spouse (only the employee's 50 % is), sick leave to care for a parent (only for
  a child), and how many days the chat keeps its history (only the number of messages is).  Each was checked by
  reading the matching document.

Composition: 40 answerable, 12 partial, 18 unanswerable (70).  One first-draft question collided word for word with
another split (the data test names only the row id) and was reworded.

Row format as in ``make_answer_eval.py``: (category, question, key facts, missing part); a key fact is a string
(alternatives separated by «|») a correct answer must contain.
"""

A, P, U = "answerable", "partial", "unanswerable"
ROWS = [
    # answerable: leave and sick leave
    (A, "привет! скока дней отпукс в году у нас", ["28 календарных дней|28 дней"], None),
    (A, "как оформить jngecr", ["Новое заявление", "за 14 календарных дней"], None),
    (A, "летом можно уйти в отпуск на 3 недели подряд?", ["14 календарных дней", "директором департамента"], None),
    (A, "у меня свадьба в след месяце, скока дней за свой счет дадут", ["5 календарных дней"], None),
    (A, "блин заболел, что делать то? первый день", ["до 11:00", "ЭЛН|электронный листок нетрудоспособности"], None),
    (A, "скока дней здоровья в год можно взять без больнчиного", ["3 оплачиваемых дня"], None),
    # pay, schedule, trips
    (A, "аванс какого числа падает на карту", ["25-го числа"], None),
    (A, "core hours у нас со скольки до скольки", ["11:00", "16:00"], None),
    (
        A,
        "я во владике живу, разница с москвой 7 часов, как мне работать по времени?",
        ["индивидуальный график", "3 часов"],
        None,
    ),
    (A, "ворклог в жире до какого времени надо списать за неделю", ["18:00 пятницы"], None),
    (A, "еду в командировку в питер, гостиница какой лимит за ночь", ["7000 ₽"], None),
    (A, "ghbdtn, сутчные по россии скока платят", ["700 ₽"], None),
    (A, "можно лететь бизнес классом в командировку?", ["6 часов"], None),
    # remote work, office
    (A, "how many days a week do I have to come to the office?", ["2 дня"], None),
    (A, "поработать из за границы скока дней в году максимум можно", ["30 календарных дней"], None),
    (A, "перешел на полную удаленку, интернет компенсируют? скока", ["1000 ₽"], None),
    (A, "подскажите адрес офиса, первый раз еду", ["Ромашковая"], None),
    (A, "переговорку максимум на скока часов можно забронить", ["2 часов"], None),
    (A, "в субботу хочу поработать в офисе, как попасть?", ["офис-менеджеру", "17:00"], None),
    # on-call, onboarding, security, passwords, VPN, help desk
    (A, "дежурный не подтвердил п1 за 15 мин, что дальше", ["второму дежурному"], None),
    (A, "скока доп дней к отпуску дают за дежурства", ["3 дополнительных дня", "6 недель"], None),
    (A, "здравствуйте, во сколько приходить в первый рабочий день и куда", ["10:00", "ресепшене"], None),
    (
        A,
        "ребят срочно, потерял в такси телефон, там рабочая почта и телега, что делать",
        ["1 час", "security@romashka-soft.ru"],
        None,
    ),
    (A, "можно ли закидывать рабочие доки в чатгпт чтобы перевести", ["Запрещено"], None),
    (A, "скока раз можно неправильно ввести пароль пока не заблочат", ["5 неверных попыток"], None),
    (A, "впн не конектится, пишет handshake did not complete", ["romashka-tcp"], None),
    (A, "техподержка до скольки работает вечером", ["20:00"], None),
    (A, "What's the internal phone number of tech support?", ["1111"], None),
    # expenses, training, DMS, laptops, code review
    (A, "задержался до ночи, такси домой компенсируют? скока", ["1500 ₽"], None),
    (A, "как оформить возмещение за такси, куда чек кидать", ["Расходы", "30 календарных дней"], None),
    (A, "какой бюджет на обучение в год на человека", ["40 000 ₽"], None),
    (A, "какая страховая у нас по дмс", ["Полис-Гарант"], None),
    (A, "ноут сломался, дадут подменный?", ["тот же рабочий день"], None),
    (A, "сколько апрувов надо на mr чтоб влить в main", ["2 одобрений"], None),
    # Scrum / Kanban: definitions and scales
    (A, "обьясни что такое velocity простыми словами", ["сумма story points"], None),
    (A, "what does WIP limit mean", ["максимальное количество задач|максимальное число задач"], None),
    (A, "какой шкалой оцениваем в сторипоинтах", ["1, 2, 3, 5, 8, 13, 21|Фибоначчи"], None),
    # agentcore
    (A, "какой питон нужен чтоб поставить agentcore", ["3.11"], None),
    (A, "выдает ERR-111, че делать", ["agentcore rag index"], None),
    (A, "токен гигачата скока живет", ["30 минут"], None),
    # partial: one part answered, the other in no document
    (
        P,
        "сколько дней отпуска положено и дают ли доп дни за стаж больше 5 лет",
        ["28 календарных дней"],
        "дополнительные дни отпуска за стаж",
    ),
    (P, "суточные за границей скока и оплачивают ли визу", ["2500 ₽"], "оплата визы"),
    (
        P,
        "гостевой пропуск до скольки заказать и можно ли гостю поставить машину на парковку",
        ["18:00"],
        "парковка для гостей",
    ),
    (P, "дмс с какого числа начинает действовать и покрывает ли очки или линзы", ["1-го числа"], "очки и линзы по ДМС"),
    (
        P,
        "разрабу какой ноут выдают и можно ли работать со своего личного ноутбука",
        ["MacBook Pro", "ThinkPad T14"],
        "работа с личного ноутбука",
    ),
    (
        P,
        "welcome встреча для новичков когда и надо ли готовить презентацию о себе",
        ["первую среду месяца"],
        "презентация о себе на welcome-встрече",
    ),
    (P, "конфиг впн скока действует и будет ли впн работать в китае", ["180 дней"], "работа VPN в Китае"),
    (P, "кофе на кухне есть? и можно ли приводить в офис собаку", ["кофемашина"], "собаки в офисе"),
    (
        P,
        "сколько длится планирование спринта и кто пишет протокол встречи",
        ["2 часов"],
        "кто ведёт протокол планирования",
    ),
    (
        P,
        "добрый день! какие ос поддерживает agentcore и есть ли готовый докер образ",
        ["Linux", "macOS"],
        "готовый Docker-образ agentcore",
    ),
    (
        P,
        "зп какого числа приходит и можно ли получать ее в валюте",
        ["25-го числа", "10-го числа"],
        "зарплата в валюте",
    ),
    (
        P,
        "what is the hotel limit in moscow and can I bring my family on a business trip",
        ["7000 ₽"],
        "поездка с семьёй в командировку",
    ),
    # unanswerable, off-topic
    (U, "какая погода завтра в москве", [], None),
    (U, "посоветуй рецепт борща", [], None),
    (U, "кто выиграл чемпионат мира по футболу 2018", [], None),
    (U, "how to cook pasta carbonara", [], None),
    (U, "скока стоит биткоин щас", [], None),
    (U, "напиши sql запрос чтоб выбрать топ 10 клиентов по выручке", [], None),
    (U, "где купить билеты в большой театр", [], None),
    (U, "какой курс доллара на сегодня", [], None),
    # unanswerable near misses: a neighbouring case the documents do not state
    (U, "декретный отпуск скока длится", [], None),
    (U, "учебный отпуск на сессию сколько дней дают", [], None),
    (U, "переезжаю в новую квартиру, скока дней за свой счет можно взять", [], None),
    (U, "по дмс спортзал можно оплатить?", [], None),
    (U, "за сколько дней до увольнения надо подать заявление", [], None),
    (U, "премию по итогам года в каком месяце платят", [], None),
    (U, "сколько стоит парковочное место у бц в месяц", [], None),
    (U, "английский для жены тоже оплатят 50%?", [], None),
    (U, "мама заболела, можно ли взять больничный по уходу за ней", [], None),
    (U, "сколько дней agentcore chat хранит историю диалога", [], None),
]


def main() -> None:
    from answer_eval_split import write_split

    write_split(ROWS, prefix="hz", split="holdout7", name="answer_eval_holdout7.json")


if __name__ == "__main__":
    main()
