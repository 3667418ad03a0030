"""Writes tests/data/answer_eval_dev29.json: a twenty-ninth development split of the answer-level evaluation
(issue 18, gap G8).

Written on 2026-11-27 (branch ``g8``) before any code of that branch ran on it: the author read only the shipped
knowledge base's documents (``src/agentcore/rag/kb/default/*.md``) and the older generators' row format, never ran
``agentcore ask`` on these questions, and committed the file before measuring.  Its purpose is the shape of an
answer to a question that asks for a procedure or a definition, not one fact:

- procedure questions, formal («какой порядок …», «как оформить …») and colloquial («я приболел, какие шаги»,
  «что мне для этого сделать», «что делать если …»), and four in English: the key facts are EVERY step of the
  procedure the document gives (a short exact piece of each step), so an answer with one sentence out of the
  procedure is wrong;
- definition and abbreviation questions («что такое …», «что значит …», «расшифруй …»): the key fact is the
  defining phrase or the expansion of the abbreviation;
- UNANSWERABLE near-misses: procedures and terms the documents do not describe (visa, transfer to another team,
  relocation, grades, attestation), asked in the same shapes.

Composition: 29 procedure questions, 10 definitions (all answerable), 8 unanswerable.

Row format as in ``make_answer_eval.py``: (category, question, key facts, missing part); a key fact is a string
(alternatives separated by «|») a correct answer must contain.
"""

A, U = "answerable", "unanswerable"
_SICK = ["11:00", "hr@romashka-soft.ru|«Болею»", "листок нетрудоспособности", "передайте их коллеге|отметьте в Jira"]
_LEAVE = ["«Новое заявление»", "тип отпуска", "за 14 календарных дней", "затем HR"]
_TRIP = ["за 10 рабочих дней", "цель, даты, город", "финансовый директор", "тревел-координатор"]
_BLOCKER = ["третий вопрос", "флагом", "скрам-мастеру"]
ROWS = [
    # procedures: the steps of a numbered list, formal and colloquial
    (A, "я приболел, какие шаги нужно сделать", _SICK, None),
    (A, "какой порядок действий в первый день болезни", _SICK, None),
    (A, "хочу в отпуск в марте, что мне для этого сделать", _LEAVE, None),
    (A, "how do I apply for annual leave, step by step", _LEAVE, None),
    (A, "какой порядок оформления командировки", _TRIP, None),
    (A, "меня отправляют к клиенту в новосибирск, что нужно сделать чтобы все оформить", _TRIP, None),
    (
        A,
        "как вернуть деньги за кабель купленный на свои",
        ["кассовый чек", "«Расходы»", "рабочую цель", "бухгалтерия проверяет чек"],
        None,
    ),
    (
        A,
        "выхожу на работу в понедельник, что меня ждет в первый день по порядку",
        ["подписываете документы", "двухфакторной аутентификацией", "наставником", "обедаете с командой"],
        None,
    ),
    (
        A,
        "хочу на курс по питону за счет компании, как это оформить",
        ["за 3 недели", "ссылку на программу", "непосредственный руководитель", "напрямую организатору"],
        None,
    ),
    (A, "какой порядок выпуска релиза", ["Definition of Done", "10% серверов", "release notes"], None),
    (A, "застрял на задаче из-за чужой команды, как сообщить о блокере", _BLOCKER, None),
    (A, "how do I report a blocker in our team", _BLOCKER, None),
    (A, "что нужно, чтобы мой мр влили в main", ["2 одобрений", "CI успешен", "обсуждения закрыты"], None),
    (
        A,
        "как проходит обзор спринта по порядку",
        ["цель спринта", "готовый инкремент", "обратную связь", "на рынке", "обновляет бэклог продукта"],
        None,
    ),
    (
        A,
        "как проходит планирование спринта, какие этапы",
        ["цель спринта", "верхней части бэклога", "на подзадачи"],
        None,
    ),
    (
        A,
        "how do I install agentcore",
        ["виртуальное окружение", "pip install .", "agentcore --help", "agentcore chat"],
        None,
    ),
    (
        A,
        "что собрать перед обращением в поддержку по ошибке agentcore",
        ["Код ошибки", "время ошибки", "Архив папки"],
        None,
    ),
    (A, "what do I say at the daily standup", ["сделал вчера", "сделаю сегодня", "препятствия"], None),
    # procedures told in running sentences of one section
    (
        A,
        "пришло странное письмо со ссылкой, что делать",
        ["не открывайте", "security@romashka-soft.ru", "удалите"],
        None,
    ),
    (A, "сменил банк, как перевести зарплату на новую карту", ["новую справку с реквизитами", "до 20-го числа"], None),
    (
        A,
        "как перейти на полностью удаленную работу, какой порядок",
        ["после окончания испытательного срока", "«Формат работы»", "директор департамента", "10 рабочих дней"],
        None,
    ),
    (A, "как прикрепить жену к дмс, что нужно сделать", ["корпоративному тарифу", "в HR до 20-го числа"], None),
    (A, "больничный закрыли, что теперь нужно сделать", ["2 рабочих дней", "номер ЭЛН", "«Больничные»"], None),
    (A, "как забронировать переговорку на встречу", ["Яндекс 360", "добавьте комнату как участника"], None),
    (
        A,
        "нужен доступ к группе в гитлабе, как его получить",
        ["«Доступ»", "уровень прав", "согласует руководитель"],
        None,
    ),
    (A, "приехал из командировки, какие шаги по отчету", ["3 рабочих дней", "фото чеков", "в бухгалтерию"], None),
    (
        A,
        "как выпустить срочный хотфикс, какой порядок",
        ["до 17:00", "от тега текущей версии", "одного одобрения от тимлида", "PATCH"],
        None,
    ),
    (A, "что делать если впн подключается но сайты не открываются", ["правильное время", "3 минут"], None),
    (A, "пропуск в офис потерялся, какие действия", ["в тот же день", "заблокируют", "одного рабочего дня"], None),
    # definitions and abbreviations
    (A, "расшифруй ЭЛН", ["электронный листок нетрудоспособности"], None),
    (A, "что значит MR в гитлабе", ["merge request"], None),
    (A, "SSO это что", ["единый вход"], None),
    (A, "что такое 2FA", ["Двухфакторная аутентификация"], None),
    (A, "что такое ИБ, расшифруй", ["информационной безопасности"], None),
    (A, "что такое бэклог продукта", ["упорядоченный список"], None),
    (A, "what is a WIP limit", ["максимальное количество задач"], None),
    (A, "что значит командировка по правилам компании", ["поездка по заданию компании"], None),
    (A, "что такое RRF в поиске agentcore", ["Reciprocal Rank Fusion"], None),
    (A, "что такое hot desk в офисе", ["незакреплённые рабочие места"], None),
    # unanswerable near-misses: procedures and terms the documents do not describe
    (U, "как оформить визу для зарубежной командировки, какие шаги", [], None),
    (U, "как перевестись в другую команду, какой порядок", [], None),
    (U, "как оформить материальную помощь на свадьбу", [], None),
    (U, "как подать заявку на релокацию в другой город", [], None),
    (U, "how do I nominate a colleague for the employee of the month award", [], None),
    (U, "что такое грейд и как его повысить", [], None),
    (U, "какой порядок прохождения аттестации сотрудников", [], None),
    (U, "что значит NDA и как его подписать", [], None),
]


def main() -> None:
    from answer_eval_split import write_split

    write_split(ROWS, prefix="ps", split="dev29", name="answer_eval_dev29.json")


if __name__ == "__main__":
    main()
