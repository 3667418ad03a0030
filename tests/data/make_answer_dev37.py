"""Writes tests/data/answer_eval_dev37.json: a thirty-seventh development split of the answer-level evaluation
(issue 18), written by the data-only branch ``dat37`` in the style of the graders' set (typos, colloquial phrasing,
a few English and long chatty questions).

Written on 2026-11-28 (branch ``dat37``) before any code ran on it: the author read only the IT, engineering-process,
Scrum/Kanban and agentcore-product documents of the shipped knowledge base (``access-passwords``,
``information-security``, ``vpn-setup``, ``helpdesk-tickets``, ``on-call-duty``, ``release-process``, ``code-review``,
``kanban``, ``kanban-wip-limit``, ``scrum-*``, ``agentcore-faq``, ``agentcore-overview``, ``agentcore-errors``),
grepped the rest of the knowledge base only to make sure an "unanswerable" question is not answered elsewhere, never
ran ``agentcore ask`` on these questions, and committed the file before any code ran on it.

- ANSWERABLE (36): numbers and units (password attempts and length, access term, screen lock, VPN devices, ticket
  resolution time, P1 acknowledgement, rollback threshold, approvals, test coverage), times (code freeze, written
  daily), who (cancelling a sprint), yes/no (uploading documents to a public chatbot, USB sticks, VPN in the office,
  reopening a ticket, Friday releases, managers at the retrospective, the offline provider), procedures (a new phone
  and 2FA, no 2FA and a forgotten password, a phishing letter, a VPN handshake failure, sites not opening over VPN, a
  written daily, ERR-104, ERR-106, ERR-107, ERR-115), definitions (``nit:``, lead time versus cycle time, the
  assistant's refusal message); four in English.
- PARTIAL (10): one part stated, one not (the backup VPN port / VPN in China, the password reminder / 2FA for a service
  account, on-call pay / a night taxi, the release window / warning clients, the sprint review's length / recording
  it, the first review answer / a bonus for reviewing, the Review WIP limit / the Testing limit, the model timeout /
  the GigaChat price, the question length limit / voice input, the stand-up time / cameras).
- UNANSWERABLE near misses (12), each beside a stated neighbouring rule: attempts for the 2FA code (only password
  attempts), the term of access to test stands (only production servers), the In Progress limit of product teams
  (only Review and an example), the time and the retrospective length of Kanban teams (only Scrum times), the
  phone's screen lock (only the computer's), story points of a subtask (a subtask is one day), the velocity of the
  infrastructure team (it works by Kanban; only product teams' velocity), the temporary password's validity, the
  security course for contractors (only employees), a post-mortem for P2 (only P1), an amoCRM agent (only Bitrix24).
- UNANSWERABLE off the documents (12): mail on an iPhone, Copilot, business cards, an IntelliJ licence, SSH keys in
  GitLab, hackathons, games on the work laptop, the price of agentcore, a shower in the office, the Python formatter,
  a bug bounty, a mobile app of agentcore.

Row format as in ``make_answer_eval.py``: (category, question, key facts, missing part); a key fact is a string
(alternatives separated by «|») a correct answer must contain, copied from the documents.
"""

A, P, U = "answerable", "partial", "unanswerable"
ROWS = [
    # answerable: accounts, passwords, security
    (A, "после скольки неправильных паролей блокируется учетка", ["5 неверных попыток"], None),
    (A, "как часто нада менять пароль", ["90 дней"], None),
    (A, "какая минимальная длинна пароля", ["12 символов"], None),
    (A, "где можно хранить пароли, в заметках на телефоне норм?", ["Passwork"], None),
    (A, "сменил телефон что делать с 2фа", ["перепривязать 2FA"], None),
    (A, "забыл пароль а 2FA недоступна, что делать", ["1111", "временный пароль"], None),
    (A, "какой логин будет у нового сотрудника", ["первая буква имени|i.ivanov"], None),
    (A, "на какой срок дают доступ к продовым серверам", ["30 дней"], None),
    (A, "можно ли закинуть рабочий документ в чатгпт чтобы перевести", ["запрещено загружать"], None),
    (A, "через сколько экран компа сам блокируется", ["5 минут"], None),
    (A, "можно ли на рабочем ноуте флешкой пользоваться", ["заблокированы"], None),
    (A, "пришло подозрительное письмо с сылкой, куда его переслать", ["security@romashka-soft.ru"], None),
    # answerable: VPN and the help desk
    (A, "нужно ли включать впн в офисе", ["включать не нужно"], None),
    (
        A,
        "привет, я в гостинице и впн не подключается, пишет handshake did not complete. что можно сделать?",
        ["romashka-tcp"],
        None,
    ),
    (A, "How long is a VPN configuration valid?", ["180 дней"], None),
    (A, "впн подключился но сайты не открываются почему", ["3 минут"], None),
    (A, "за сколько решают критическую заявку в техподдержку", ["4 часа"], None),
    (A, "проблема вернулась после решения заявки, можно ее переоткрыть?", ["5 рабочих дней"], None),
    # answerable: on-call, releases, code review
    (A, "за сколько минут надо подтвердить алерт P1 на дежурстве", ["15 минут"], None),
    (A, "дают ли доп дни к отпуску за дежурства", ["3 дополнительных дня"], None),
    (A, "When does the code freeze happen before a release?", ["18:00"], None),
    (A, "можно ли выкатить релиз в пятницу вечером", ["плановые релизы запрещены"], None),
    (A, "сколько апрувов надо чтоб смержить мр", ["не менее 2"], None),
    (A, "что значит nit: в комментарии на ревью", ["мелочь на усмотрение автора"], None),
    # answerable: Kanban and Scrum
    (A, "в чем разница lead time и cycle time у канбана", ["от появления задачи", "от начала работы"], None),
    (A, "не успеваю на дейли, у меня врач. как отправить апдейт", ["до 10:00"], None),
    (A, "кто вправе отменить спринт если цель потеряла смысл", ["только владелец продукта"], None),
    (A, "можно ли позвать руководителя на ретро", ["не приглашают"], None),
    (A, "какое покрытие тестами нужно чтоб задача считалась done", ["80%"], None),
    # answerable: the agentcore product
    (A, "офлайн провайдер это нейросеть?", ["не является языковой моделью"], None),
    (
        A,
        "здравствуйте! подскажите пожалуйста, у нас agentcore на локальной большой модели и постоянно вылетает что "
        "модель не ответила вовремя. что можно подкрутить в настройках?",
        ["AGENTCORE_LLM_TIMEOUT"],
        None,
    ),
    (A, "How do I fix the ERR-104 SSL certificate error?", ["НУЦ Минцифры|GIGACHAT_CA_BUNDLE_FILE"], None),
    (A, "ошибка ERR-106 с оламой, какой адрес ставить", ["http://localhost:11434/v1"], None),
    (A, "время в логах agentcore не совпадает с моим почему", ["UTC"], None),
    (A, "что делать если выскочила ERR-115", ["зависший процесс"], None),
    (
        A,
        "ассистент пишет «Запрос не связан с функционалом агента» что это значит",
        ["только на вопросы по базе знаний"],
        None,
    ),
    # partial
    (P, "какой порт у резервного профиля впн и работает ли впн в китае", ["443"], "VPN в Китае"),
    (
        P,
        "за сколько дней приходит напоминание о смене пароля и можно ли отключить 2FA для сервисной учетки",
        ["7 дней"],
        "2FA для сервисной учётной записи",
    ),
    (
        P,
        "сколько платят за неделю дежурства и компенсируют ли такси до офиса ночью при инциденте",
        ["5000"],
        "такси при инциденте",
    ),
    (
        P,
        "в какое окно проходит релиз и предупреждают ли клиентов заранее",
        ["11:00 до 15:00"],
        "предупреждение клиентов",
    ),
    (P, "сколько длится обзор спринта и записывают ли его на видео", ["1 час"], "запись обзора на видео"),
    (P, "через сколько должен ответить ревьюер на мр и есть ли бонус за ревью", ["1 рабочего дня"], "бонус за ревью"),
    (P, "какой wip лимит на колонку Review и какой на Testing", ["3 merge request"], "лимит для колонки Testing"),
    (
        P,
        "какой таймаут у модели по умолчанию в agentcore и сколько стоит корпоративный тариф гигачат",
        ["30 секунд"],
        "стоимость тарифа GigaChat",
    ),
    (P, "What's the max question length in agentcore chat, and can I ask by voice?", ["30 символов"], "голосовой ввод"),
    (P, "во сколько начинается стендап и обязательно ли включать камеру", ["10:15"], "правило о камере"),
    # unanswerable near misses
    (U, "сколько раз можно ошибиться с кодом из яндекс ключа до блокировки", [], None),
    (U, "на сколько выдают доступ к тестовым стендам", [], None),
    (U, "какой wip лимит на колонку In Progress в продуктовых командах", [], None),
    (U, "во сколько ежедневная встреча у канбан команды техподдержки", [], None),
    (U, "сколько длится ретроспектива процесса у канбан-команд", [], None),
    (U, "через сколько минут должен блокироваться экран рабочего телефона", [], None),
    (U, "сколько сторипоинтов максимум можно ставить на подзадачу", [], None),
    (U, "какая средняя скорость у команды инфраструктуры", [], None),
    (U, "сколько действует временный пароль от техподдержки", [], None),
    (U, "нужно ли подрядчикам проходить курс по информационной безопасности", [], None),
    (U, "за сколько дней надо провести постмортем по инциденту P2", [], None),
    (U, "есть ли в agentcore агент для amoCRM", [], None),
    # unanswerable: topics the documents do not cover
    (U, "как настроить рабочую почту на айфоне", [], None),
    (U, "компания оплачивает подписку на github copilot?", [], None),
    (U, "куда писать чтобы заказали визитки с логотипом", [], None),
    (U, "как получить лицензию на IntelliJ IDEA", [], None),
    (U, "How do I add an SSH key to GitLab?", [], None),
    (
        U,
        "добрый день, коллеги! подскажите, проводятся ли у нас хакатоны и дают ли за них какие-нибудь призы? очень "
        "хочется поучаствовать",
        [],
        None,
    ),
    (U, "можно ли ставить игры на рабочий ноутбук", [], None),
    (U, "сколько стоит лицензия agentcore на компанию из 50 человек", [], None),
    (U, "а душ в офисе есть? хочу бегать по утрам до работы", [], None),
    (U, "каким форматтером форматировать python код black или ruff", [], None),
    (U, "Is there a bug bounty program for reporting vulnerabilities?", [], None),
    (U, "есть ли у agentcore мобильное приложение", [], None),
]


def main() -> None:
    from answer_eval_split import write_split

    write_split(ROWS, prefix="zk", split="dev37", name="answer_eval_dev37.json")


if __name__ == "__main__":
    main()
