"""Writes tests/data/answer_eval_holdout5.json: a seventh held-out split of the answer-level evaluation (issue 18).

Written on 2026-11-26 (branch ``data20``) by a helper whose only job was this data: it read the shipped knowledge
base's documents (``src/agentcore/rag/kb/default/*.md``) and the existing files' structure (never their questions),
and never ran the system on any of it, so no rule was tuned on it.  Every key fact (each «|» alternative) is checked
against the documents by ``tests/data/test_answer_eval_data.py``; every unanswerable question was grepped for its key
words across all documents.  Held out: scored at most once per pass, totals only, never read item by item for tuning.

Documents it draws on, weighted to those the development splits use least: business trips, payroll, the work
schedule, the office, remote work, releases, on-call duty, vacations, information security, and the product and
Scrum documents the older splits barely touch (agentcore install, chat, haiku, logs, GigaChat; WIP limits, burndown,
epics and stories, story points, the increment).  Questions are typed the way employees write to a help-desk bot:
situations («я в командировке во владивостоке…», «поменял банк…»), lower case, typos («скока», «расчетку»,
«забронить», «зарплата прийдёт»), slang («зп», «хотфикс», «мск», «новосиб», «конфа»), a few in English or mixed.
Partial questions ask a second thing no document answers (``missing`` names it); unanswerable questions ask a
detail the documents do not give about a topic they cover (a shower or bike racks at the office, the antivirus's
brand, GigaChat's price, how often the burndown refreshes), so that an answer taken from the nearby sentence is a
hallucination.

Row format as in ``make_answer_eval.py``: (category, question, key facts, missing part); a key fact is a string
(alternatives separated by «|») a correct answer must contain.
"""

A, P, U = "answerable", "partial", "unanswerable"
ROWS = [
    # business trips
    (A, "я в командировке во владивостоке, сколько мне суточных в день положено?", ["700"], None),
    (A, "лечу на конфу в берлин, суточные за границей скока?", ["2500"], None),
    (A, "вернулся из командировки, до когда сдать авансовый отчет", ["3 рабочих дн"], None),
    (
        A,
        "выезд к клиенту в другой город выпал на субботу, мне за это что-то положено?",
        ["двойном размере", "день отдыха"],
        None,
    ),
    # payroll
    (A, "аванс какого числа приходит", ["25-го"], None),
    (A, "если 10 число в воскресенье, зарплата когда прийдёт", ["последний рабочий день"], None),
    (A, "где посмотреть расчетку", ["Мои документы"], None),
    (A, "нужна справка 2-ндфл для ипотеки, долго её делают?", ["3 рабочих дн"], None),
    (A, "квартальную премию за первый квартал когда платят", ["10 апреля"], None),
    # work schedule
    (A, "во сколько самое позднее можно начинать рабочий день", ["11:00"], None),
    (A, "ворклоги в джире до скольки в пятницу заполнить надо", ["18:00"], None),
    (
        A,
        "я живу в новосибе, у меня +4 к мск. core hours у меня по какому времени считаются?",
        ["московск"],
        None,
    ),
    # office
    (A, "какое метро ближе всего к офису", ["Ботанический сад"], None),
    (A, "через что переговорку бронить, через портал?", ["Яндекс 360"], None),
    (A, "забронировал переговорку, а сам опаздываю минут на 20 — бронь слетит?", ["15 минут"], None),
    (A, "потерял пропуск(( куда бежать", ["ресепшен"], None),
    # remote work
    (A, "сколько дней в неделю обязательно ходить в офис при гибриде", ["2 дня"], None),
    (A, "хочу поработать месяц-полтора из турции, так можно?", ["30 календарных дней"], None),
    (A, "я на полной удаленке, интернет компенсируют? сколько", ["1000"], None),
    # releases
    (A, "код фриз когда наступает", ["среду", "18:00"], None),
    (A, "можно в пятницу зарелизить мелкую фичу? там строк 10", ["запрещены"], None),
    (A, "хотфикс — сколько апрувов нужно чтобы влить", ["одного одобрения"], None),
    (A, "after a release the error rate went to 3%, do we roll back? what's the threshold", ["2%"], None),
    # on-call duty
    (A, "сколько платят за неделю дежурства если ничего не падало", ["5000"], None),
    (A, "на дежурстве прилетел P1 ночью, за сколько надо подтвердить алерт", ["15 минут"], None),
    (A, "я дежурю на след неделе, можно на выходные уехать на дачу? там связи нет", ["нельзя"], None),
    # vacations and information security
    (A, "хочу в июле в отпуск на 3 недели подряд, так можно?", ["14 календарных дн"], None),
    (A, "через сколько минут экран на ноуте сам блокируется", ["5 минут"], None),
    # agentcore
    (A, "какой питон нужен для agentcore", ["3.11"], None),
    (A, "where does agentcore keep its data by default?", ["~/.local/share/agentcore"], None),
    (A, "как выйти из agentcore chat", ["/exit"], None),
    (A, "агенткор пишет «вопрос слишком длинный» — какой там лимит?", ["30 символов"], None),
    (
        A,
        "хайку про релиз нашей команды не генерится, пишет тема длинная. сколько можно символов",
        ["20 символов"],
        None,
    ),
    (A, "в каком часовом поясе время в логах agentcore", ["UTC"], None),
    (A, "сколько живёт токен доступа гигачата", ["30 минут"], None),
    # Scrum and Kanban
    (A, "какой wip лимит на колонку review у продуктовых команд", ["3 merge request"], None),
    (A, "на бёрндауне линия несколько дней идёт горизонтально, это о чём говорит", ["не закрываются"], None),
    (A, "подзадача в джире максимум на сколько по времени должна быть", ["одного рабочего дня"], None),
    (A, "PO и скрам мастер на planning poker голосуют?", ["не голосуют"], None),
    (A, "можно показать на обзоре спринта задачу которая почти готова?", ["нельзя"], None),
    # partial: one half answered, the other in no document
    (P, "сколько суточных за границей и можно их получить в долларах", ["2500"], "доллар"),
    (
        P,
        "когда приходит окончательный расчёт за месяц и можно ли получать зп на две разные карты",
        ["10-го"],
        "две разные карты",
    ),
    (P, "со скольки до скольки core hours и можно ли работать 4 дня по 10 часов", ["11:00", "16:00"], "4 дня"),
    (
        P,
        "на сколько человек переговорка «ромашка» и можно ли туда заказать кофе-брейк для клиентов",
        ["12 мест"],
        "кофе-брейк",
    ),
    (P, "на удаленке сколько дают на стол и кресло, и компенсируют ли электричество", ["15 000"], "электричеств"),
    (
        P,
        "на сколько процентов серверов сначала выкатывают релиз и в какой графане смотреть метрики",
        ["10%"],
        "графан",
    ),
    (P, "сколько доп дней к отпуску за дежурства и можно их взять деньгами", ["3 дополнительных дня"], "деньгами"),
    (P, "how much disk space does agentcore need and does it run on a raspberry pi", ["500 МБ"], "raspberry"),
    (
        P,
        "какой scope гигачата для юрлица с оплатой по факту и сколько стоит миллион токенов",
        ["GIGACHAT_API_CORP"],
        "сколько стоит",
    ),
    (
        P,
        "какая у нас шкала для сторипоинтов и сколько SP команда в среднем закрывает за спринт",
        ["Фибоначчи"],
        "в среднем",
    ),
    (P, "сколько дней отпуска в год и дают ли доп дни за стаж", ["28 календарных дн"], "за стаж"),
    (P, "где лежат логи agentcore и как настроить их отправку в sentry", ["~/.local/share/agentcore/logs"], "sentry"),
    # unanswerable, worded next to a real rule
    (U, "суточные в командировке облагаются ндфл?", [], None),
    (U, "есть ли в офисе душ? хочу ездить на работу на велике", [], None),
    (U, "где у бизнес-центра оставить велосипед", [], None),
    (U, "а на кухне в офисе есть овсяное молоко для кофемашины?", [], None),
    (U, "сколько стоит обед в столовой бизнес-центра", [], None),
    (U, "компенсирует ли компания коворкинг гибридным сотрудникам", [], None),
    (U, "кто заменяет релиз-менеджера если он заболел в день релиза", [], None),
    (U, "можно поставить agentcore через conda?", [], None),
    (U, "как переключить agentcore chat на английский интерфейс", [], None),
    (U, "какой максимальный размер документа можно загрузить в базу знаний agentcore", [], None),
    (U, "сколько стоит корпоративная подписка на гигачат в месяц", [], None),
    (U, "как часто обновляется burndown в джире, раз в час?", [], None),
    (U, "сколько эпиков максимум можно брать в один релиз", [], None),
    (U, "сколько дней доп отпуска дают за ненормированный рабочий день", [], None),
    (U, "какой антивирус стоит на рабочих ноутах, касперский?", [], None),
    (U, "может ли безопасность читать мою рабочую почту", [], None),
    (U, "is there a gym or fitness discount for employees?", [], None),
    (U, "можно ли приходить в офис с собакой", [], None),
]


def main() -> None:
    from answer_eval_split import write_split

    write_split(ROWS, prefix="o", split="holdout5", name="answer_eval_holdout5.json")


if __name__ == "__main__":
    main()
