"""Writes tests/data/answer_eval_dev40.json: a fortieth development split of the answer-level evaluation (issue 18),
for TUNING the method on long messages: questions written the way people write an e-mail or a longer message to HR,
IT or the team lead — a greeting sometimes, one or two sentences about the asker or their situation first («Я на
испытательном сроке…», «У нас в команде…», «Мне вчера отклонили…»), then the question; some refer back to the
context with a pronoun («Как его переключить?»), some ask two things at once, carry the asker's own number or date, a
condition or a negation («мне так и не дали доступ»), some end with thanks. Eight are in English (an expatriate
employee), six have typos.

Written on 2026-11-28 (branch ``dat42b``) as the tuning companion of dev39, which stays the untouched check: the
author read all 48 shipped documents (``src/agentcore/rag/kb/default/``), the test's row format and dev38's generator
pattern — never dev39's questions, never a held-out file — ran no answerer on these questions, and committed the file
before any code change. Groups: 29 rows HR/office, 10 IT/security (helpdesk, passwords, VPN, laptops, security, code
review, releases, on-call), 17 Scrum/Kanban, 14 agentcore.

- ANSWERABLE (36): days of health (deadline and number), business class on an eight-hour flight (English), fixing a
  rejected expense claim, core hours from Vladivostok, working from abroad (English), a room for ten people, the first
  working day, a course on probation, data sent to the wrong recipient, a ticket waiting for an answer (English), a
  VPN tunnel up but no site opening (English), the rollback rule, extra leave days after on-call weeks, the support
  engineers' WIP limit; marking a blocked task in Jira, a flat burndown, missing the daily for a doctor, the test
  coverage of Done (English), the user-story template, releasing before the sprint review, how many teams a Scrum
  master has, when grooming is, a sprint with a developer on leave, where and when the review is, an urgent task
  mid-sprint, whether the Scrum master votes in planning poker; the CRM agent's safety modes, disk space for
  agentcore, more RAG fragments, two processes on one data folder, the GigaChat scope for pay-as-you-go, a haiku
  theme's length, log rotation (English), the provider value for Ollama, switching the chat to one's own collection,
  ERR-114.
- PARTIAL (10): one part stated in the documents, one not (``missing`` names it): recalling an employee from leave,
  a flu vaccination under DMS, splitting the salary between two cards, taking one's wife on a business trip, a
  coworking subscription, choosing a test smartphone's model (English), a reviewer from another team, a work phone
  for on-call, who leads the Kanban retrospective, a model for Russian on vLLM.
- UNANSWERABLE (24):
  - near misses (12), each beside the sentence that states the neighbouring case: study leave's length (the leave type
    is named only), sick leave to care for a parent (for a child), petrol for one's own car on a trip (train, plane,
    taxi), DMS for a sister (spouse, children, parents), Chinese lessons (English at 50%), a PIN for the 2FA app (the
    password's length), a work phone's auto-lock (the computer's 5 minutes), a team lunch (a client lunch up to
    3000 ₽), how fast the product owner answers a client manager (developers within the day), the retrospective of a
    one-month sprint (the two-week sprint's; planning's 8 hours for a month), how much history ``agentcore ask``
    keeps (the chat's 10 messages), the support team's velocity (the product teams' 30–45);
  - topics no document covers (12): a kindergarten allowance, the New Year party, a referral bonus, a salary review, a
    gym subscription, a work visa's renewal (English), a transfer to another department, an electronic signature,
    company merchandise, a Helm chart for agentcore, voice questions in the chat, a trade union.

Row format as in ``make_answer_eval.py``: (category, question, key facts, missing part); a key fact is a string
(alternatives separated by «|») a correct answer must contain, copied from the documents.
"""

A, P, U = "answerable", "partial", "unanswerable"
ROWS = [
    # answerable: HR and office
    (
        A,
        "Добрый день! С утра раскалывается голова, к врачу идти смысла нет, но работать седня не смогу. Слышала что "
        "есть дни здоровя — до скольки его нужно оформить и сколько их всего в году? Спасибо!",
        ["12:00", "3 оплачиваемых дня здоровья"],
        None,
    ),
    (
        A,
        "Hello! I'm an expat engineer and next month I'm flying to our client in Vladivostok — the flight takes about "
        "eight hours. Am I allowed to fly business class, or is it economy only? Thanks in advance.",
        ["дольше 6 часов"],
        None,
    ),
    (
        A,
        "Здравствуйте! Мне вчера отклонили заявку на возмещение такси после релиза — в портале написано, что чек "
        "нечитаемый. Могу ли я её исправить и сколько у меня на это времени?",
        ["один раз в течение 5 рабочих дней"],
        None,
    ),
    (
        A,
        "Привет! Меня взяли в команду на удалёнку, я живу во Владивостоке — это +7 часов к Москве. Основные часы с 11 "
        "до 16 по Москве у меня приходятся на вечер и ночь. Мне их тоже обязательно соблюдать или можно как-то иначе?",
        ["пересечением не менее 3 часов"],
        None,
    ),
    (
        A,
        "Hi HR team, I'm originally from Portugal and would like to spend October working from Lisbon while visiting "
        "my family. How many days a year am I allowed to work from abroad, and who has to approve it?",
        ["30 календарных дней в году", "информационной безопасности"],
        None,
    ),
    (
        A,
        "Добрый день! У нас в команде 10 человек, в четверг хотим собраться в офисе на воркшоп по архитектуре. Какая "
        "переговорная нас вместит и как её забронировать?",
        ["12 мест", "Яндекс 360"],
        None,
    ),
    (
        A,
        "Здравствуйте! Я выхожу на работу в понедельник, 2 июня, это мой первый рабочий день. Во сколько и куда мне "
        "подойти и какие документы взять с собой?",
        ["10:00 на ресепшене", "СНИЛС"],
        None,
    ),
    (
        A,
        "Добрый день. Я на испытательном сроке второй месяц и хочу пройти курс по кубернетису за 25 000 ₽. Оплатит ли "
        "его компания сейчас или надо ждать оканчания испытательного?",
        ["10 000 ₽"],
        None,
    ),
    # answerable: IT and security
    (
        A,
        "Коллеги, срочно: полчаса назад я отправила выгрузку с данными клиентов не тому адресату. Что мне теперь "
        "делать и кому об этом сообщать?",
        ["security@romashka-soft.ru", "в течение 1 часа"],
        None,
    ),
    (
        A,
        "Hi, I'm an expat developer. My support ticket HELP-4512 has been in the «Ожидает ответа» status since last "
        "Monday — I was sick all week and didn't reply. Will it be closed automatically?",
        ["закрывается автоматически"],
        None,
    ),
    (
        A,
        "Good morning! I'm on a business trip and working from a hotel this week. WireGuard says the tunnel is up, but "
        "none of the internal sites open. What could be wrong and how do I fix it?",
        ["правильное время"],
        None,
    ),
    (
        A,
        "Привет! На этом спринте я впервые релиз-менеджер. Подскажи, по какому критерию я должен откатывать релиз "
        "после выкатки: сколько ждать и какая доля ошибок считается поводом?",
        ["30 минут после выкатки", "превышает 2%"],
        None,
    ),
    (
        A,
        "Добрый день! За прошлый год я отдежурил 7 недель, в основном с ночными вызовами. Положены ли мне за это "
        "дополнительные дни к отпуску и сколько?",
        ["3 дополнительных дня"],
        None,
    ),
    (
        A,
        "Я инженер техподдержки, сейчас у меня в работе 6 заявок, и руководитель сказал, что я превысил лимит. Какой "
        "у нас WIP-лимит на одного инженера?",
        ["5 заявок"],
        None,
    ),
    # answerable: Scrum and Kanban
    (
        A,
        "Привет. У меня задача TASK-877 стоит уже второй день — мне так и не дали доступ к API партнеров. На дейли я "
        "сказал, а что ещё надо сделать в Jira чтобы все видели что она заблокирована?",
        ["флагом"],
        None,
    ),
    (
        A,
        "Добрый день! Я тимлид, смотрю burndown нашего спринта: уже четыре дня линия идёт горизонтально. Что это "
        "обычно означает?",
        ["задачи не закрываются"],
        None,
    ),
    (
        A,
        "Всем привет! Завтра в 10 утра у меня приём у врача, и я пропущу стендап. Как мне отчитаться перед командой, "
        "чтобы не выпасть из процесса?",
        ["письменный дейли", "до 10:00"],
        None,
    ),
    (
        A,
        "Hi! I joined one of the product teams last week after relocating from Berlin. What test coverage does new "
        "code need before a task counts as Done here?",
        ["80%"],
        None,
    ),
    (
        A,
        "Здравствуйте! Я аналитик, в понедельник вышла в продуктовую команду и сейчас пишу первые истории в Jira. По "
        "какому шаблону у нас принято формулировать пользовательскую историю?",
        ["я хочу <действие>"],
        None,
    ),
    (
        A,
        "Коллеги, мы закончили фичу в середине спринта, всё по Definition of Done, QA проверил на стейдже. Обязательно "
        "ждать обзора спринта, чтобы её выпустить?",
        ["не ворота для релиза"],
        None,
    ),
    (
        A,
        "Добрый день! Я скрам-мастер, перешёл к вам из другой компании, там у меня была одна команда. Со сколькими "
        "командами здесь обычно работает один скрам-мастер?",
        ["двумя командами"],
        None,
    ),
    (
        A,
        "Привет! Я новый разработчик, у меня в календаре появилась встреча «груминг». Когда она проходит и сколько "
        "длится?",
        ["среду первой недели спринта в 14:00|Среда, первая неделя, 14:00", "длится 1 час|груминг, 1 час"],
        None,
    ),
    (
        A,
        "Здраствуйте! У нас в команде 5 расработчиков, и в следующем спринте один из них на неделю уходит в отпуск. "
        "Сколько тогда брать работы в спринт?",
        ["10% меньше"],
        None,
    ),
    (
        A,
        "Добрый день! Я менеджер по продажам, меня пригласили на обзор спринта команды платёжного сервиса. Когда он "
        "обычно проходит и где?",
        [
            "в пятницу второй недели спринта в 15:00|Пятница, вторая неделя, 15:00",
            "переговорной «Ромашка»",
        ],
        None,
    ),
    (
        A,
        "Привет! Посреди спринта клиент прислал срочную задачу, владелец продукта согласен её взять. Что мы при этом "
        "должны сделать с остальным составом спринта?",
        ["сопоставимого объёма"],
        None,
    ),
    (
        A,
        "Добрый день! Я скрам-мастер, и на покере планирования у меня всегда есть своё мнение по оценке. Могу ли я "
        "тоже голосовать вместе с разработчиками?",
        ["не голосуют"],
        None,
    ),
    # answerable: agentcore
    (
        A,
        "Привет! Я только поставил agentcore и хочу попробовать CRM-агента на нашем портале Bitrix24, но боюсь, что он "
        "что-нибудь сломает в сделках. Какие у него есть режимы безопасности?",
        ["shadow, canary и full"],
        None,
    ),
    (
        A,
        "Здравствуйте! Мне выдали старый ноутбук, на нём почти не осталось места. Сколько свободного места на диске "
        "нужно для agentcore?",
        ["500 МБ"],
        None,
    ),
    (
        A,
        "Мы в отделе подключили agentcore к GigaChat, но ответ строится только по 2 фрагментам базы знаний. Как это "
        "число увеличить?",
        ["AGENTCORE_PARAM_RAG_TOP_K"],
        None,
    ),
    (
        A,
        "Мы хотим запустить два процесса agentcore на одном сервере с общим каталогом данных. Не испортят ли они "
        "трассы друг другу?",
        ["файловой блокировкой"],
        None,
    ),
    (
        A,
        "Привет! Мне по заявке выдали ключ авторизации GigaChat, компания платит по факту использования. Какой scope "
        "мне указать?",
        ["GIGACHAT_API_CORP"],
        None,
    ),
    (
        A,
        "Хочу поздравить коллегу с днём рождения хайку через agentcore chat, но мою тему ассистент не принимает, "
        "говорит, что она слишком длинная. Какая у темы максимальная длина?",
        ["20 символов"],
        None,
    ),
    (
        A,
        "Hi, I'm the new DevOps engineer, relocated from Warsaw. The agentcore log file on our server keeps growing — "
        "does it rotate at some size, and how many old files are kept?",
        ["5 МБ", "5 предыдущих файлов"],
        None,
    ),
    (
        A,
        "У нас в отделе стоит Ollama, поэтому я поставил AGENTCORE_PROVIDER=ollama — и получил ошибку. Какое значение "
        "нужно указать?",
        ["AGENTCORE_PROVIDER=openai|значение `openai`"],
        None,
    ),
    (
        A,
        "Я проиндексировал свою папку с регламентами в коллекцию hr, но ассистент в чате всё равно отвечает по "
        "встроенной базе. Как его переключить на мою коллекцию?",
        ["agentcore rag use"],
        None,
    ),
    (
        A,
        "Добрый день! При запуске agentcore на сервере у меня появляется ERR-114. Что это значит и как это исправить?",
        ["Нет доступа к каталогу данных"],
        None,
    ),
    # partial: one part in the documents, one not
    (
        P,
        "Добрый день! Планирую двухнедельный отпуск с 6 октября. За сколько дней до начала нужно подать заявление? И "
        "если на проекте случится аврал, могут ли меня отозвать из отпуска?",
        ["не позднее чем за 14 календарных дней"],
        "можно ли отозвать сотрудника из отпуска",
    ),
    (
        P,
        "Здравствуйте! Мне оформили ДМС месяц назад. Как записаться к врачу по полису? И входит ли в программу "
        "прививка от гриппа?",
        ["телефону пульта|через приложение"],
        "прививка от гриппа по ДМС",
    ),
    (
        P,
        "Привет! Я заметил, что 10-е число в этом месяце выпадает на воскресенье. Когда тогда придёт зарплата? И можно "
        "ли получать её на две карты разных банков?",
        ["последний рабочий день перед ним"],
        "получение зарплаты на две карты",
    ),
    (
        P,
        "Добрый день! Еду в командировку в Екатеринбург на конференцию и хочу взять с собой жену за свой счёт. Можно "
        "ли так, и оплачивает ли компания такси до аэропорта?",
        ["до вокзала или аэропорта"],
        "можно ли взять в командировку супругу",
    ),
    (
        P,
        "Привет! Я работаю гибридно, по вторникам и четвергам в офисе. В пятницу хочу поработать из коворкинга, нужно "
        "ли кого то предуприждать? И компенсирует ли компания обонемент в коворкинг?",
        ["предупреждать об этом не нужно"],
        "компенсация коворкинга",
    ),
    (
        P,
        "Hi, I'm an expat developer in the Android team and I still don't have a test smartphone. How do I order one? "
        "And can I pick a specific model, say a Pixel 8?",
        ["«Оборудование»"],
        "выбор модели тестового смартфона",
    ),
    (
        P,
        "Добрый день! Мой MR висит без ответа уже 4 рабочих дня, в канале команды я уже напоминал. Что ещё можно "
        "сделать? И можно ли позвать ревьюера из другой команды?",
        ["как о блокере"],
        "ревьюер из другой команды",
    ),
    (
        P,
        "Меня поставили дежурить на неделю с 12 мая, а у брата в эти дни свадьба. Можно ли поменяться с коллегой и до "
        "какого срока? И кстати, дежурным выдают отдельный рабочий телефон?",
        ["2 рабочих дня до начала дежурства"],
        "выдают ли дежурному рабочий телефон",
    ),
    (
        P,
        "Привет! Я перешёл в команду инфраструктуры, у нас канбан. Как часто у нас проводится ретроспектива процесса и "
        "кто её обычно ведёт?",
        ["Раз в месяц проводится ретроспектива"],
        "кто ведёт ретроспективу канбан-команды",
    ),
    (
        P,
        "Мы подняли vLLM на том же сервере, где стоит agentcore. Какой адрес указать в OPENAI_API_BASE? И какую модель "
        "лучше взять для русского языка?",
        ["http://localhost:8000/v1"],
        "какую модель выбрать для русского языка",
    ),
    # unanswerable: near misses (a neighbouring case, value or subject is in the documents)
    (
        U,
        "Добрый день! Я учусь заочно в магистратуре, в январе у меня сессия. Сколько дней учебного отпуска мне "
        "положено?",
        [],
        None,
    ),
    (
        U,
        "Здравствуйте. У меня заболела мама, ей нужен уход на пару недель. Положен ли больничный по уходу за родителем "
        "и как его оформить?",
        [],
        None,
    ),
    (
        U,
        "Я поеду в командировку в Тверь на своей машине — так удобнее. Компенсируют ли мне бензин и платные дороги?",
        [],
        None,
    ),
    (
        U,
        "Добрый день! Хочу прикрепить к своему ДМС родную систру, она щас без работы. Можно ли это сделать и сколько "
        "стоит?",
        [],
        None,
    ),
    (
        U,
        "Я работаю с китайскими партнёрами и начал учить китайский. Компания оплачивает занятия китайским так же, как "
        "английским?",
        [],
        None,
    ),
    (
        U,
        "Мне на телефон поставили Яндекс Ключ для 2FA. Какой длины должен быть PIN-код для входа в само приложение?",
        [],
        None,
    ),
    (
        U,
        "Мне выдали рабочий телефон для дежурств. Через сколько минут бездействия он должен блокироваться "
        "автоматически?",
        [],
        None,
    ),
    (
        U,
        "Мы с командой хотим пообедать вместе в честь релиза. Компания возмещает обед с коллегами, и какой лимит на "
        "человека?",
        [],
        None,
    ),
    (
        U,
        "Я менеджер по работе с клиентами. В течение какого времени владелец продукта должен отвечать на мои вопросы "
        "по срокам?",
        [],
        None,
    ),
    (
        U,
        "У нас в команде пилот: спринт длится месяц, а не две недели. Сколько тогда должна длиться ретроспектива?",
        [],
        None,
    ),
    (
        U,
        "Я пользуюсь agentcore ask, а не чатом. Сколько предыдущих вопросов помнит исследовательский агент?",
        [],
        None,
    ),
    (
        U,
        "Я руководитель техподдержки, у нас канбан. Какая у нашей команды средняя скорость в story points за спринт?",
        [],
        None,
    ),
    # unanswerable: topics no document covers
    (
        U,
        "Добрый день! Мой сын с сентября пойдёт в частный детский сад. Есть ли у компании компенсация оплаты детского "
        "сада?",
        [],
        None,
    ),
    (
        U,
        "Привет! Я в компании с марта и слышал про новогодний корпоратив. Когда он будет и можно ли прийти с "
        "партнёром?",
        [],
        None,
    ),
    (
        U,
        "Здравствуйте! Мой знакомый хочет устроиться к нам бэкендером. Есть ли реферальная программа — бонус за "
        "рекомендацию кандидата?",
        [],
        None,
    ),
    (
        U,
        "Добрый день! Я работаю уже полтора года, и оклад ни разу не менялся. Когда у нас пересматривают зарплату и "
        "как попросить повышение?",
        [],
        None,
    ),
    (
        U,
        "Привет! Я хожу в спортзал рядом с офисом. Компенсирует ли компания абонемент в фитнес? Спасибо!",
        [],
        None,
    ),
    (
        U,
        "Hello, I'm an expat from Brazil and my work visa expires in three months. Does the company help with renewing "
        "the visa or residence permit, and whom should I contact?",
        [],
        None,
    ),
    (
        U,
        "Добрый день! Хочу перейти из команды разработки в аналитику внутри компании. Как устроен внутренний перевод в "
        "другой отдел?",
        [],
        None,
    ),
    (
        U,
        "Мне нужно подписывать акты с клиентами. Как получить электронную подпись (ЭЦП) от компании?",
        [],
        None,
    ),
    (
        U,
        "Привет! Хочу подарить новичкам в команде что-нибудь фирменное. Как заказать корпоративный мерч — худи и "
        "кружки с логотипом?",
        [],
        None,
    ),
    (
        U,
        "Мы хотим развернуть agentcore в нашем кластере Kubernetes. Есть ли для него готовый Helm-чарт?",
        [],
        None,
    ),
    (
        U,
        "Мне удобнее говорить, чем печатать. Поддерживает ли agentcore chat голосовые вопросы — можно ли надиктовать "
        "вопрос?",
        [],
        None,
    ),
    (
        U,
        "Здравствуйте! Я раньше работал на заводе, там был профсоюз. Есть ли профсоюз у нас в компании и как в него "
        "вступить?",
        [],
        None,
    ),
]


def main() -> None:
    from answer_eval_split import write_split

    write_split(ROWS, prefix="zm", split="dev40", name="answer_eval_dev40.json")


if __name__ == "__main__":
    main()
