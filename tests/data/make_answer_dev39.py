"""Writes tests/data/answer_eval_dev39.json: a thirty-ninth development split of the answer-level evaluation
(issue 18), written the way people write a longer message or an e-mail to HR, IT or the team lead: one or two
sentences about themselves first («Я на испытательном сроке, ...», «У нас в команде спринт две недели, ...»), then
the question; many ask two things at once, many carry a number or a date of the asker's own situation («отдежурил
7 недель», «испытательный срок закончится 15 марта»), a condition («если она готова по DoD») or a negation («мне не
выдали», «продавец не дал чек»). Eight questions in English (an expatriate employee), six with typos.

Written on 2026-11-28 (branch ``dat42``) before any code ran on it: the author read all 48 shipped documents
(``src/agentcore/rag/kb/default/``: HR, office, IT and security, Scrum/Kanban, agentcore), the test's row format and
dev38's generator pattern, never ran an answerer on these questions, and committed the file before any code change.
Each of the 48 documents states the answer (or, for a near miss, the neighbouring case) of at least one row.
Groups: 27 rows HR/office, 12 IT/security, 19 Scrum/Kanban (and team practice), 12 agentcore.

- ANSWERABLE (36): a three-week summer leave and who approves it, the first sick day (typo), falling ill on leave
  (English), the payslip's date and the accounting address, a move to Vladivostok (+7 hours), working from abroad
  (English), taking an office monitor home, the CEO's welcome meeting (English), DMS after probation ends on 15 March
  and how to book a doctor (typo), a trip to Yekaterinburg, an adapter bought without a receipt, a 25 000 ₽ course on
  probation; the password's period after a change on 1 March (typo), personal data sent to the wrong person, the
  helpdesk at 9 pm (English), VPN up but sites not opening, a first code review and «nit:», a Friday hotfix for a
  non-P1 bug, 7 weeks on call; the infrastructure team's method and retros, a blocker's flag and the scrum master's
  delay, a written daily before a dentist (typo), 65 % coverage and Done, a director's task outside the backlog, one of
  five developers on leave, who votes at planning poker, a 90 %-done story in velocity, the acceptance criteria's
  format, releasing behind a feature flag, an urgent task mid-sprint; disk space and Python for agentcore, Ollama's
  address (English), ERR-115 and «.lock» files, removing deleted documents from a collection (typo), the haiku's
  scheme and theme limit, what reaches GigaChat.
- PARTIAL (10): one part stated in the documents, one not (``missing`` names it): the kitchen's fruit and a fridge,
  DMS for a son and abroad, per diem in Kazan and excess baggage, the burndown in Jira and a PDF export, who adds to
  the backlog and a business-value field, VPN configurations and split tunnelling, a high-priority ticket's reaction
  and tickets in English (English), the sprint review's time and a recording, the GigaChat scope and a token price,
  the log's rotation and Graylog.
- UNANSWERABLE (24):
  - near misses (12), each beside the sentence that states the neighbouring case: study leave (only named as a
    type), a yearly limit on child-care sick leave (issued like any ELN), final pay on leaving (the monthly final pay
    on the 10th), a rented car on a trip (taxis), a contractor's account and its term (new employees' accounts),
    pay for half a week on call (5000 ₽ a week), a WIP limit for Testing (Review and helpdesk limits), the retro of
    a three-week sprint (two-week sprints), story points per developer (the team's velocity), the CRM agent's default
    safety mode (English; the modes are only listed), chat history after a restart (the last 10 messages), the
    largest RAG top-k (its default 2);
  - topics no document covers (12): relocation, a day off for a first-grader's parent, donor days (typo), a work
    permit (English), sport, an internal transfer, a salary review, a referral bonus, an ADR template, the monitoring
    stack, closing sub-tasks automatically in Jira, voice input for agentcore.

Row format as in ``make_answer_eval.py``: (category, question, key facts, missing part); a key fact is a string
(alternatives separated by «|») a correct answer must contain, copied from the documents.
"""

A, P, U = "answerable", "partial", "unanswerable"
ROWS = [
    # answerable: HR and office
    (
        A,
        "Добрый день! Мы с семьёй хотим уехать на море в июле на три недели подряд. Я правильно понимаю, что летом "
        "есть ограничение на длину отпуска? И кто может согласовать отпуск длиннее?",
        ["14 календарных дней подряд", "директором департамента"],
        None,
    ),
    (
        A,
        "Проснулся седня с темпиратурой 38,5, на работу точно не выйду. До скольки нужно предупредить руководителя "
        "и что попросить открыть у врача?",
        ["11:00", "ЭЛН|электронный листок нетрудоспособности"],
        None,
    ),
    (
        A,
        "Hi, I'm on my annual leave right now and caught the flu, the doctor opened an electronic sick note for me. "
        "Do I lose these vacation days, or what happens to my leave?",
        ["продлевается|переносится"],
        None,
    ),
    (
        A,
        "Здравствуйте! В моём расчётном листке за прошлый месяц есть непонятное удержание. Когда вообще публикуется "
        "расчётный листок и куда писать с вопросами по цифрам?",
        ["за один рабочий день до выплаты", "buh@romashka-soft.ru"],
        None,
    ),
    (
        A,
        "В следующем месяце я переезжаю во Владивосток, там +7 часов к Москве. Мне придётся работать по московским "
        "основным часам или можно договориться о своём графике?",
        ["индивидуальный график", "не менее 3 часов"],
        None,
    ),
    (
        A,
        "Hello HR, I'm an expat employee and would like to work from my home country for a few weeks next summer. "
        "How many days per year can I work from abroad, and how far in advance do I need to apply?",
        ["30 календарных дней", "10 рабочих дней"],
        None,
    ),
    (
        A,
        "Я работаю в гибридном формате: два дня в офисе, остальные дома. Мне не выдали второй монитор для дома — "
        "можно ли забрать монитор из офиса и как это оформить?",
        ["на вынос"],
        None,
    ),
    (
        A,
        "I'm joining the company next month as a developer, moving from abroad. When is the CEO's welcome meeting "
        "for new hires held?",
        ["первую среду месяца"],
        None,
    ),
    (
        A,
        "У меня испытательный срок закончится 15 марта. С какого числа начнет действовать полис ДМС и как мне "
        "записатся к врачу?",
        ["1-го числа", "через приложение|телефону пульта"],
        None,
    ),
    (
        A,
        "Меня отправляют на конференцию в Екатеринбург в середине следующего месяца. За сколько дней подавать "
        "заявку на командировку и какой лимит на гостиницу за ночь?",
        ["10 рабочих дней", "5000 ₽"],
        None,
    ),
    (
        A,
        "Купил для работы переходник HDMI за 2500 ₽, но продавец не дал чек — ни бумажный, ни электронный. Смогу ли "
        "я вернуть эти деньги?",
        ["без чека"],
        None,
    ),
    (
        A,
        "Я пока на испытательном сроке и нашёл полезный курс по Kubernetes за 25 000 ₽. Оплатит ли его компания "
        "сейчас или нужно ждать окончания испытательного?",
        ["10 000 ₽"],
        None,
    ),
    # answerable: IT and security
    (
        A,
        "Я поменял пороль 1 марта. Через сколько дней его снова придётся менять и придёт ли напоминание заранее, "
        "а то я вечно забываю?",
        ["90 дней", "7 дней"],
        None,
    ),
    (
        A,
        "Коллеги, я по ошибке отправил таблицу с персональными данными клиентов не тому адресату. Что мне делать и "
        "в какой срок нужно сообщить?",
        ["1 часа", "security@romashka-soft.ru"],
        None,
    ),
    (
        A,
        "I'm still in the office, it's 9 pm and my laptop won't boot at all. Is the helpdesk still working at this "
        "hour, and who should I call?",
        ["20:00", "1111"],
        None,
    ),
    (
        A,
        "Я в командировке в Новосибирске: VPN подключается, но ни GitLab, ни Jira не открываются. Часы на ноутбуке "
        "я не трогал. Что проверить?",
        ["3 минут|правильное время"],
        None,
    ),
    (
        A,
        "Меня впервые добавили ревьюером в MR коллеги. В какой срок я должен ответить и что означает префикс nit: "
        "в комментариях?",
        ["1 рабочего дня", "на усмотрение автора"],
        None,
    ),
    (
        A,
        "Сегодня пятница, после обеда на проде нашёлся баг: клиентам неудобно, но продукт работает. Если исправление "
        "готово, можно ли выпустить hotfix сегодня?",
        ["P1"],
        None,
    ),
    (
        A,
        "Я в этом году отдежурил уже 7 недель. Слышал, что за это положены дополнительные дни к отпуску — сколько и "
        "когда их можно использовать?",
        ["3 дополнительных дня", "следующем году"],
        None,
    ),
    # answerable: Scrum and Kanban
    (
        A,
        "Я перехожу из продуктовой команды в команду инфраструктуры. Они работают по Scrum или по канбану? И бывают "
        "ли у них ретроспективы?",
        ["по канбану", "раз в месяц"],
        None,
    ),
    (
        A,
        "Третий день жду от соседней команды доступ к их API, задача стоит на месте. Как правильно отметить блокер в "
        "Jira и через сколько скрам-мастер должен взять его в работу?",
        ["Flag|флагом", "1 рабочего дня"],
        None,
    ),
    (
        A,
        "Завтра в 10 утра у меня запись к стоматологу, на стендап не успеваю. Как мне отчитатся о вчерашней работе "
        "и до какого времени?",
        ["скрам-боту", "10:00"],
        None,
    ),
    (
        A,
        "Мою задачу смержили с двумя апрувами, QA проверил её на стейдже, но покрытие нового кода тестами 65%. Её "
        "можно считать Done?",
        ["80%"],
        None,
    ),
    (
        A,
        "Директор департамента лично попросил меня сделать его задачу прямо в этом спринте, в бэклоге её нет. Могу "
        "я просто взять её в работу?",
        ["в обход|владельцем продукта"],
        None,
    ),
    (
        A,
        "У нас в команде пять разработчиков, и один уходит в отпуск на неделю посреди спринта. Сколько нам брать в "
        "спринт по сравнению с обычным?",
        ["10%"],
        None,
    ),
    (
        A,
        "На покере планирования у нас скрам-мастер и владелец продукта тоже выкладывают карты. Так и должно быть?",
        ["не голосуют"],
        None,
    ),
    (
        A,
        "За спринт мы закрыли истории на 5, 8 и 13 очков, а ещё одна история на 8 очков сделана процентов на 90. "
        "Засчитывается ли она в velocity хотя бы частично?",
        ["не засчитываются|не идёт"],
        None,
    ),
    (
        A,
        "Я аналитик и только начинаю писать пользовательские истории. В каком формате у нас удобно записывать "
        "критерии приёмки?",
        ["Дано / Когда / Тогда"],
        None,
    ),
    (
        A,
        "Мы доделали фичу за фиче-флагом в середине спринта. Если она готова по DoD, можно выкатить её до обзора "
        "спринта или обязательно ждать?",
        ["не ворота для релиза|фиче-флагами"],
        None,
    ),
    (
        A,
        "У нас в команде спринт две недели, и посреди спринта заказчик принёс срочную задачу. Можно ли её добавить и "
        "что тогда делать с остальными задачами?",
        ["сопоставимого объёма"],
        None,
    ),
    # answerable: agentcore
    (
        A,
        "Хочу поставить agentcore на рабочий ноутбук, но места на диске почти не осталось. Сколько свободного места "
        "нужно и какая версия Python?",
        ["500 МБ", "3.11"],
        None,
    ),
    (
        A,
        "I run an Ollama server locally on my laptop and want agentcore to use it. What should I put into "
        "OPENAI_API_BASE and AGENTCORE_PROVIDER?",
        ["localhost:11434/v1", "AGENTCORE_PROVIDER=openai"],
        None,
    ),
    (
        A,
        "После того как agentcore упал, при запуске вылезает ERR-115. Коллега советует просто удалить файлы .lock — "
        "так можно?",
        ["удалять вручную не нужно"],
        None,
    ),
    (
        A,
        "Я удалил из папки пару устаревших документов и заново запустил индексацию, но поиск их всё ещё находит. "
        "Как убрать их из колекции?",
        ["--replace"],
        None,
    ),
    (
        A,
        "Хотим поздравить коллегу хайку от agentcore. По какой схеме слогов он сочиняет и какой длины может быть тема?",
        ["5–7–5", "20 символов"],
        None,
    ),
    (
        A,
        "Мы хотим подключить agentcore к GigaChat и задавать вопросы про внутренние документы. Уйдут ли наши вопросы "
        "и фрагменты базы знаний наружу?",
        ["отправляются этому провайдеру"],
        None,
    ),
    # partial: one part in the documents, one not
    (
        P,
        "Я на гибриде, приезжаю в офис по вторникам и четвергам. Когда на кухне пополняют фрукты и есть ли "
        "холодильник, чтобы оставить свой обед?",
        ["понедельникам и четвергам"],
        "холодильник для своей еды",
    ),
    (
        P,
        "Хочу прикрепить к ДМС сына, ему 7 лет. Сколько это будет стоить в год и будет ли полис действовать, когда "
        "мы поедем отдыхать за границу?",
        ["30 000 ₽"],
        "действие полиса ДМС за границей",
    ),
    (
        P,
        "Лечу в командировку в Казань с демо-стендом, будет лишний багаж. Сколько суточных платят по России и "
        "оплатит ли компания перевес багажа?",
        ["700 ₽"],
        "оплата сверхнормативного багажа",
    ),
    (
        P,
        "Руководитель со стороны клиента хочет видеть прогресс спринта. Где в Jira найти burndown и можно ли "
        "выгрузить его в PDF, чтобы отправить заказчику?",
        ["Burndown Chart"],
        "выгрузка графика burndown в PDF",
    ),
    (
        P,
        "Я новый менеджер по продажам, у меня есть идеи для продукта. Могу ли я сам добавить их в бэклог, и есть ли "
        "в Jira отдельное поле для бизнес-ценности задачи?",
        ["может любой"],
        "поле бизнес-ценности в Jira",
    ),
    (
        P,
        "Настраиваю VPN на рабочем ноутбуке и личном телефоне. Сколько всего конфигураций можно создать и есть ли "
        "раздельное туннелирование, чтобы личный трафик шёл мимо VPN?",
        ["не более 3 конфигураций"],
        "раздельное туннелирование (split tunneling)",
    ),
    (
        P,
        "My Russian is still basic. What is the response time for a high-priority helpdesk ticket, and can I write "
        "my tickets in English?",
        ["2 часа"],
        "заявки в техподдержку на английском языке",
    ),
    (
        P,
        "В пятницу я работаю из дома, а у нас обзор спринта. Во сколько он начинается и записывают ли его на видео "
        "для тех, кто не смог подключиться?",
        ["15:00"],
        "видеозапись обзора спринта",
    ),
    (
        P,
        "Мы подключаем agentcore к GigaChat по корпоративному тарифу компании. Какой scope указать и сколько стоит "
        "тысяча токенов?",
        ["GIGACHAT_API_CORP"],
        "стоимость токенов GigaChat",
    ),
    (
        P,
        "Лог agentcore у нас на сервере быстро растёт. При каком размере он ротируется и можно ли настроить отправку "
        "логов в Graylog?",
        ["5 МБ"],
        "отправка логов в Graylog",
    ),
    # unanswerable: near misses
    (
        U,
        "Я учусь заочно в магистратуре, в январе у меня сессия. Сколько дней учебного отпуска мне положено и "
        "оплачивается ли он?",
        [],
        None,
    ),
    (
        U,
        "У меня сын часто болеет, за зиму я уже третий раз сижу с ним на больничном. Есть ли ограничение, сколько "
        "дней больничного по уходу за ребёнком можно взять за год?",
        [],
        None,
    ),
    (
        U,
        "Я увольняюсь, последний рабочий день — 14 мая. В какой день мне перечислят окончательный расчёт при "
        "увольнении?",
        [],
        None,
    ),
    (
        U,
        "В командировке в Калининграде мне удобнее арендовать машину, чем каждый день ездить на такси к клиенту. "
        "Компания оплатит аренду автомобиля?",
        [],
        None,
    ),
    (
        U,
        "К нам на проект на два месяца выходит подрядчик из внешней компании. Как завести ему учётную запись и на "
        "какой срок она создаётся?",
        [],
        None,
    ),
    (
        U,
        "Я дежурю только половину недели, с понедельника по четверг, потом меня сменяет коллега. Сколько мне "
        "заплатят за такое неполное дежурство?",
        [],
        None,
    ),
    (
        U,
        "У нас на доске для колонки Review лимит 3 merge request'а. А какой WIP-лимит рекомендуется для колонки "
        "Testing?",
        [],
        None,
    ),
    (
        U,
        "Наша команда пробует спринты по три недели вместо двух. Сколько тогда должна длиться ретроспектива?",
        [],
        None,
    ),
    (
        U,
        "Я тимлид, мне нужно прикинуть загрузку на квартал. Сколько story points в среднем закрывает за спринт "
        "один разработчик?",
        [],
        None,
    ),
    (
        U,
        "We'd like to try the Bitrix24 CRM agent from agentcore. Which safety mode — shadow, canary or full — is it "
        "in by default?",
        [],
        None,
    ),
    (
        U,
        "Ассистент в agentcore chat помнит последние 10 сообщений. А сохраняется ли история диалога после "
        "перезапуска чата?",
        [],
        None,
    ),
    (
        U,
        "В чате RAG по умолчанию берёт 2 фрагмента, я хочу больше для длинных документов. Какое максимальное "
        "значение AGENTCORE_PARAM_RAG_TOP_K можно поставить?",
        [],
        None,
    ),
    # unanswerable: topics no document covers
    (
        U,
        "Меня пригласили в компанию из Казани, переезжаю в Москву. Есть ли программа релокации — компенсация "
        "переезда или жильё на первое время?",
        [],
        None,
    ),
    (U, "Мой сын 1 сентября идёт в первый класс. Дают ли родителям первоклассников выходной в этот день?", [], None),
    (
        U,
        "Хочу сдать кровь как донор в рабочий день. Положены ли мне за это дополнительные выходные и как их офрмить?",
        [],
        None,
    ),
    (
        U,
        "I'm a foreign citizen working for the company. Does HR help with renewing my work permit and visa, and "
        "how long does it take?",
        [],
        None,
    ),
    (
        U,
        "Мы с коллегами хотим собрать команду по футболу. Компания компенсирует спорт — аренду зала или абонемент в "
        "фитнес?",
        [],
        None,
    ),
    (
        U,
        "Я два года в команде платежей и хочу перейти в другую продуктовую команду. Как оформить внутренний перевод?",
        [],
        None,
    ),
    (U, "Прошёл год с моего выхода на работу. Когда у нас пересмотр зарплаты и от чего зависит повышение?", [], None),
    (
        U,
        "Мой друг — хороший бэкенд-разработчик. Есть ли у нас реферальная программа и бонус за рекомендацию кандидата?",
        [],
        None,
    ),
    (
        U,
        "Мы в команде хотим фиксировать архитектурные решения. Есть ли у нас шаблон ADR и где его взять?",
        [],
        None,
    ),
    (
        U,
        "Я новый инженер инфраструктуры. Какой у нас стек мониторинга — Grafana, Zabbix? Где смотреть дашборды "
        "сервисов?",
        [],
        None,
    ),
    (
        U,
        "Настраиваю доску команды в Jira. Как сделать, чтобы подзадачи автоматически закрывались, когда закрывается "
        "история?",
        [],
        None,
    ),
    (
        U,
        "Поддерживает ли agentcore голосовой ввод? Хочу задавать вопросы ассистенту голосом, а не печатать.",
        [],
        None,
    ),
]


def main() -> None:
    from answer_eval_split import write_split

    write_split(ROWS, prefix="zw", split="dev39", name="answer_eval_dev39.json")


if __name__ == "__main__":
    main()
