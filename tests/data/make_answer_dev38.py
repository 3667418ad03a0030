"""Writes tests/data/answer_eval_dev38.json: a thirty-eighth development split of the answer-level evaluation
(issue 18), written the way people write in a work chat: short, lower case, colloquial words («скинуть», «пропуск»,
«ноут», «впн», «ретро»), typos in about a fifth of the rows, six questions in English, two-part questions, a few with
a number in them and a few yes/no questions.

Written on 2026-11-28 (branch ``dat41``) before any code ran on it: the author read all 48 shipped documents
(``src/agentcore/rag/kb/default/``: HR, office, IT and security, Scrum/Kanban, agentcore), the test's row format and
dev36's generator pattern, never ran an answerer on these questions, and committed the file before any code change.
Groups: 30 rows HR/office, 20 IT/security (helpdesk, passwords, VPN, laptops, code review, releases, on-call),
12 Scrum/Kanban, 8 agentcore.

- ANSWERABLE (36): when holiday pay arrives, a first leave after 4 months, a lost pass, a guest pass, per diem
  abroad, the office at the weekend, paper sick notes, the advance, DMS for a wife, a taxi home at 23:00, a course
  request, office hours (English), an unclaimed meeting room, a trip over a Saturday, new bank details; password
  length, a broken laptop, a lost work phone, a VPN handshake in a hotel, the helpdesk address (English), the VPN
  config's lifetime, reopening a ticket, approvals for a merge, releasing on a Friday, on-call pay; the retro's time,
  the daily's length, a 21-point story, who cancels a sprint, the review column's WIP limit, sprint planning's time
  (English), a blocker older than 2 days; the log folder, ERR-111, the Python version (English), switching to
  GigaChat.
- PARTIAL (10): one part stated in the documents, one not (``missing`` names it): the parking's price, a paper
  2-NDFL certificate, glasses under DMS, a hotel minibar, IPv6 on the VPN (English), the antivirus's name, unlocking
  an account at once, one team's velocity, the retro board's tool, a Docker image of agentcore.
- UNANSWERABLE (24):
  - near misses (12), each beside the sentence that states the neighbouring case: the quarterly bonus's size (only
    its dates), keeping DMS after leaving (valid to the month's end), unpaid leave for a move (marriage, birth,
    death), a taxi limit on a trip (limits for late taxis), cookies in the kitchen (fruit), a temporary password's
    lifetime (changed at first login), access to test stands (production access for 30 days), failing a training
    phishing mail (the mailings exist), a WIP limit for infrastructure engineers (helpdesk and review), planning a
    one-week sprint (two-week sprints), a timeout for the CRM agent (RAG and haiku services), a length limit for
    ``agentcore ask`` (the chat's 30 characters);
  - topics no document covers (12): a dog in the office, financial help for a wedding, a tax deduction for
    treatment, bike storage (English), a second job, business cards, the printer, mail on an iPhone, a Copilot
    subscription, backing up a laptop, SAFe, agentcore's licence.

Row format as in ``make_answer_eval.py``: (category, question, key facts, missing part); a key fact is a string
(alternatives separated by «|») a correct answer must contain, copied from the documents.
"""

A, P, U = "answerable", "partial", "unanswerable"
ROWS = [
    # answerable: HR and office
    (A, "отпускные когда прийдут, до отпуска или уже после?", ["3 рабочих дня"], None),
    (
        A,
        "если я проработал 4 месяца могу уже в отпуск сходить?",
        ["6 месяцев", "по договорённости с руководителем"],
        None,
    ),
    (A, "пропуск посеял вчера, чо делать", ["ресепшен", "одного рабочего дня"], None),
    (A, "до скольки нада заказать пропуск для клиента на завтра", ["18:00"], None),
    (A, "суточные за границей скока платят", ["2500 ₽"], None),
    (A, "можно ли в субботу прийти в офис поработать", ["офис-менеджеру", "17:00"], None),
    (A, "нужно ли после больничного нести бумажку от врача", ["номер ЭЛН"], None),
    (A, "аванс какого числа падает", ["25-го"], None),
    (A, "скока стоит жену прикрепить к дмс", ["38 000 ₽"], None),
    (A, "засиделся на релизе до 23, такси домой компенсят? сколько макс", ["1500 ₽"], None),
    (A, "за сколько надо кинуть заявку на курс чтоб компания оплатила", ["3 недели"], None),
    (A, "what time does the office open and close on weekdays?", ["8:00", "22:00"], None),
    (A, "забронил переговорку а никто не пришел, через сколько бронь слетит", ["15 минут"], None),
    (A, "командировка выпала на субботу, мне что-то за это положено?", ["в двойном размере", "день отдыха"], None),
    (A, "до какого числа скинуть новые реквизиты карты чтоб зп пришла уже на нее", ["20-го числа"], None),
    # answerable: IT and security
    (A, "какой длины нужен пароль, минимум", ["12 символов"], None),
    (A, "ноут сдох совсем работать не на чем, куда звонить", ["1111"], None),
    (A, "потерял рабочий телефн в такси, куда писать и как быстро", ["1 час", "security@romashka-soft.ru"], None),
    (A, "впн не конектится в отеле, пишет handshake did not complete", ["romashka-tcp"], None),
    (A, "hey, what's the helpdesk email address?", ["help@romashka-soft.ru"], None),
    (A, "сколько живет конфиг впн потом перевыпусать надо?", ["180 дней"], None),
    (A, "можно ли переоткрыть заявку в техподдержку если опять сломалось", ["5 рабочих дней"], None),
    (A, "скока апрувов надо чтоб смержить мр", ["не менее 2", "CODEOWNERS|владельца кода"], None),
    (A, "по пятницам релизы вообще выкатываем или нет", ["запрещены|нельзя"], None),
    (A, "дежурю неделю, доплата какая за это", ["5000 ₽"], None),
    # answerable: Scrum and Kanban
    (A, "ретро во скоко по пятницам", ["16:30"], None),
    (A, "дейли сколько по времени долже идти", ["15 минут"], None),
    (A, "у нас история на 21 поинт, ее норм в спринт тащить?", ["13"], None),
    (A, "кто вообще может отменить спринт", ["владелец продукта"], None),
    (A, "какой у нас wip лимит на колонку ревью", ["3 merge request"], None),
    (A, "what time does sprint planning start?", ["11:00"], None),
    (A, "блокер висит уже 2 дня скрам мастер не снял, что дальше", ["владельцу продукта"], None),
    # answerable: agentcore
    (A, "где лежат логи agentcore", ["~/.local/share/agentcore/logs"], None),
    (A, "вылезла ERR-111 что делать", ["agentcore rag index"], None),
    (A, "which python version do i need for agentcore?", ["3.11"], None),
    (A, "как переключить agentcore на гигачат", ["AGENTCORE_PROVIDER=gigachat", "GIGACHAT_CREDENTIALS"], None),
    # partial: one part in the documents, one not
    (P, "парковка у бц есть? и скока стоит", ["10 парковочных мест"], "стоимость парковки"),
    (
        P,
        "2-ндфл за сколько дней делают и можно бумажную забрать в офисе?",
        ["3 рабочих дней"],
        "получение бумажной справки в офисе",
    ),
    (
        P,
        "дмс с какого момента начинает действовать и очки/линзы входят?",
        ["испытательного срока", "1-го числа"],
        "оптика: очки и линзы",
    ),
    (P, "гостиница в питере какой лимит и минибар оплатят?", ["7000 ₽"], "оплата мини-бара в гостинице"),
    (P, "what UDP port does the VPN use, and does it support IPv6?", ["51820"], "поддержка IPv6 в VPN"),
    (
        P,
        "какой антивирус стоит на ноуте и можно его вырубить на время сборки",
        ["Отключать их запрещено"],
        "название антивируса",
    ),
    (
        P,
        "сколько раз можно ошибиться с паролем и как разблокировать учетку сразу, не ждать",
        ["5 неверных", "15 минут"],
        "досрочная разблокировка учётной записи",
    ),
    (P, "какая в среднем velocity у команд и какая у команды платежей", ["от 30 до 45"], "скорость команды платежей"),
    (P, "ретро скок длится и в каком сервисе доску делаем, miro?", ["1 час"], "сервис для доски ретроспективы"),
    (P, "agentcore на винде пойдет? и есть докер образ?", ["WSL2"], "Docker-образ agentcore"),
    # unanswerable: near misses
    (U, "квартальная премия скока процентов от оклада", [], None),
    (U, "можно ли продлить дмс за свой счет после увольненя", [], None),
    (U, "сколько дней за свой счет дают на переезд в другую квартиру", [], None),
    (U, "в командировке на такси какой лимит за поездку", [], None),
    (U, "в какие дни завозят печеньки на кухню", [], None),
    (U, "техподдержка выдала временный пароль, он через сколько протухнет", [], None),
    (U, "доступ к проду дают на 30 дней, а к тестовым стендам на сколько?", [], None),
    (U, "что будет если я кликнул ссылку в учебной фишинговой рассылке", [], None),
    (U, "wip лимит у инженеров инфраструктуры какой", [], None),
    (U, "если у команды спринт на 1 неделю, планирование скок часов", [], None),
    (U, "какой таймаут у crm агента на запросы к битрикс24", [], None),
    (U, "какой лимит на длину вопроса в agentcore ask", [], None),
    # unanswerable: topics no document covers
    (U, "можно ли с собакой приходить в офис", [], None),
    (U, "положена ли материальная помощь на свадьбу", [], None),
    (U, "как получить налоговый вычет за лечение через работу", [], None),
    (U, "is there a bike parking or storage in the office building?", [], None),
    (U, "подработку на стороне можно брать? совместительство разрешено", [], None),
    (U, "где заказать визитки", [], None),
    (U, "как распечатать на офисном принтере с ноута", [], None),
    (U, "рабочую почту на айфон как добавить в стандартное приложение почта", [], None),
    (U, "есть ли корпоративная подписка на github copilot", [], None),
    (U, "как сделать бэкап рабочего ноута перед переустановкой", [], None),
    (U, "что такое SAFe и юзаем ли мы его", [], None),
    (U, "какая лицензия у agentcore, можно юзать в коммерческом проекте?", [], None),
]


def main() -> None:
    from answer_eval_split import write_split

    write_split(ROWS, prefix="zr", split="dev38", name="answer_eval_dev38.json")


if __name__ == "__main__":
    main()
