"""Writes tests/data/answer_eval_dev18.json: an eighteenth development split of the answer-level evaluation (issue 18).

Written on 2026-11-27 (branch ``op``) before any code of that branch ran on it: the author read only the shipped
knowledge base's documents (``src/agentcore/rag/kb/default/*.md``) and the older generators' row format, never ran
``agentcore ask`` on these questions, and committed the file before measuring.  Its purpose is the parts a SECTION
answers when the asker words them openly — «что входит в …», «какие правила / требования …», «что будет, если …»,
«чем отличается …», «какие есть варианты …», «что нужно для …», «расскажи про …» — or asks a procedure colloquially
(«как быть, если …», «куда бежать, если …»), and when the asked thing is named by the section's HEADING rather than
by its sentences, in words the heading does not use («доплаты за дежурство» for «Компенсация», «правила для пароля»
for «Требования к паролю», «план на испыталку» for «План на испытательный срок»):

- ANSWERABLE rows (44) whose key facts are what a complete answer must show: two items of a listed content,
  condition or difference; the consequence a «что будет, если» asks; a fact of a procedure's first steps and one of
  its last; the defining phrase of a definition.  Typed the way employees write: lower case, typos, slang
  («испыталка», «вип лимит», «скрамм мастер», «po», «продовые серверы», «посыпалось»), nouns and verbs paraphrased;
- NEAR-MISS unanswerable rows (16) of the same shapes: a consequence, a difference, a list or a procedure the
  documents never give, next to a topic they do cover (lateness to the daily next to the daily's time, a failed
  security test next to its deadline, a scrum of scrums next to the daily, the support board against the
  infrastructure board where both only work by kanban, a pension plan next to payroll, a pass forgotten at home next
  to a lost one, a flooded workplace next to hot desks, falling ill during one's on-call week next to swapping it,
  a visa next to business trips, a New Year party, a team-lead programme next to training, scrumban next to WIP
  limits in Scrum, Little's law next to kanban metrics, internet pay for a hybrid worker where only fully remote
  staff get it, a guest's parking place where only a guest pass and staff parking are described, a release manager
  ill on release day).

Every unanswerable question was checked by reading the documents: none of those consequences, differences, lists or
procedures is stated.

Composition: 44 answerable, 0 partial, 16 unanswerable.

Row format as in ``make_answer_eval.py``: (category, question, key facts, missing part); a key fact is a string
(alternatives separated by «|») a correct answer must contain.
"""

A, P, U = "answerable", "partial", "unanswerable"
ROWS = [
    # answerable open questions: contents, conditions, lists — the asked thing named by the heading
    (A, "что выдают новенькому из техники кроме ноута", ["Монитор 27", "гарнитура с микрофоном"], None),
    (A, "что входит в план адаптации на испыталку", ["первая задача в Jira", "итоговая встреча"], None),
    (A, "что положено за то что дежуришь, какие доплаты", ["5000 ₽", "двойном размере"], None),
    (A, "за какие траты в поездке по работе платит фирма", ["экономическим классом", "Такси"], None),
    (A, "какие траты вернут если платил из своего кармана", ["после 22:00", "Представительские расходы"], None),
    (A, "какой пароль можно придумать, какие к нему правила", ["12 символов", "спецсимволы"], None),
    (
        A,
        "что должно быть сделано чтоб задачу считали закрытой у продуктовых команд",
        ["80%", "Владелец продукта принял задачу"],
        None,
    ),
    (A, "чем вообще занимается скрамм мастер для команды", ["устраняет препятствия", "самоорганизации"], None),
    (A, "за что отвечает po в команде", ["Управляет бэклогом продукта", "отменить спринт"], None),
    (A, "какие есть способы достучаться до техподдержки", ["help.romashka-soft.ru", "@romashka_help_bot"], None),
    (A, "какие есть варианты ноутов для разрабов", ["MacBook Pro 14", "ThinkPad T14 с Linux"], None),
    (A, "какие статусы бывают у заявки в хелпдеск", ["Ожидает ответа", "Решена"], None),
    (A, "на какие категории делят информацию по иб", ["Публичная", "Конфиденциальная"], None),
    # answerable «что будет, если»: the consequence
    (A, "что будет если не сдам авансовый отчет вовремя", ["удержан из зарплаты"], None),
    (A, "что будет с задачей которую не доделали к концу спринта", ["возвращается в бэклог продукта"], None),
    (A, "что будет если ноут потерял по своей невнимательности", ["остаточную стоимость"], None),
    (
        A,
        "что будет если уволиться через полгода после дорогого курса",
        ["пропорционально неотработанному времени"],
        None,
    ),
    # answerable differences
    (A, "чем бэклог спринта отличается от общего бэклога", ["принадлежит разработчикам", "живёт всё время"], None),
    (A, "lead time и cycle time в чем разница", ["от появления задачи", "от начала работы"], None),
    (A, "чем burnup отличается от burndown", ["накопленный объём сделанной работы"], None),
    # answerable «что нужно для …», «расскажи про …»
    (A, "что дежурному надо подготовить заранее", ["заряженный телефон", "доступ к продуктивным серверам"], None),
    (A, "что нужно взять с собой в первый рабочий день", ["СНИЛС"], None),
    (
        A,
        "если еду на конфу с докладом, что оплатят и как оформить",
        ["вне вашего бюджета на обучение", "как командировка"],
        None,
    ),
    (A, "расскажи про welcome встречу для новеньких", ["генеральный директор", "первую среду месяца"], None),
    (A, "расскажи про англ за счет компании", ["50%", "дважды в неделю"], None),
    (A, "расскажи про дни здоровья", ["3 оплачиваемых дня", "до 12:00"], None),
    (A, "расскажи как у нас проходит ретро", ["Что было хорошо", "от 1 до 3 улучшений"], None),
    # answerable definitions: the defining phrase
    (A, "инкремент это что такое", ["конкретный шаг к цели продукта"], None),
    (A, "бэклог что это простыми словами", ["упорядоченный список"], None),
    (A, "эпик что значит", ["не помещается в один спринт"], None),
    (A, "юзер стори это что", ["с точки зрения того, кто будет ею пользоваться"], None),
    (A, "вип лимит что это", ["максимальное количество задач"], None),
    # answerable procedures asked colloquially: a fact of the first steps and one of the last
    (A, "как быть если впн подключился а сайты не грузятся", ["правильное время", "3 минут"], None),
    (
        A,
        "куда бежать если поменял телефон и не могу войти с двухфакторкой",
        ["временный пароль|перепривязать 2FA"],
        None,
    ),
    (A, "как быть если ребенок заболел и надо сидеть с ним", ["через ЭЛН", "в тот же день"], None),
    (A, "как мне свои даты отпуска на след год поставить", ["до 15 декабря", "«Отпуска»"], None),
    (
        A,
        "куда бежать если нужен доступ к продовым серверам",
        ["руководитель ИТ-инфраструктуры", "30 дней"],
        None,
    ),
    (A, "как выкатить срочный фикс вне релиза", ["до 17:00", "одного одобрения от тимлида"], None),
    (A, "как откатывают релиз если после выкатки все посыпалось", ["предыдущий тег", "2%"], None),
    (
        A,
        "как быть если посреди спринта прилетела срочная задача",
        ["владельцем продукта", "сопоставимого объёма"],
        None,
    ),
    (A, "выздоровел, что дальше делать с больничным", ["номер ЭЛН", "2 рабочих дней"], None),
    (A, "как подобрать вип лимит для колонки", ["число людей, работающих на этапе"], None),
    (A, "хочу монитор домой утащить из офиса, как быть", ["заявке на вынос|на вынос оборудования"], None),
    (A, "как скинуть логи агенткора в поддержку", ["tar czf", "ERR-1xx"], None),
    # unanswerable near misses: a consequence, difference, list or procedure the documents never give
    (U, "что будет если опоздать на дейли", [], None),
    (U, "что будет если не пройти ежегодный тест по иб до декабря", [], None),
    (U, "чем отличается scrum of scrums от обычного дейли", [], None),
    (U, "чем отличается доска поддержки от доски инфраструктуры", [], None),
    (U, "какие есть варианты пенсионной программы у нас", [], None),
    (U, "как быть если забыл пропуск дома", [], None),
    (U, "куда бежать если затопило рабочее место в офисе", [], None),
    (U, "как быть если заболел посреди своего дежурства", [], None),
    (U, "что нужно для визы в загранкомандировку, кто оформляет", [], None),
    (U, "расскажи про новогодний корпоратив", [], None),
    (U, "расскажи про программу развития тимлидов", [], None),
    (U, "что такое scrumban", [], None),
    (U, "что такое закон литтла в канбане", [], None),
    (U, "как вернуть деньги за интернет если я на гибриде", [], None),
    (U, "как забронировать парковку для гостя-клиента", [], None),
    (U, "что делать если релиз-менеджер заболел в день релиза", [], None),
]


def main() -> None:
    from answer_eval_split import write_split

    write_split(ROWS, prefix="op", split="dev18", name="answer_eval_dev18.json")


if __name__ == "__main__":
    main()
