"""Writes tests/data/answer_eval_holdout6.json: an eighth held-out split of the answer-level evaluation (issue 18).

Written on 2026-11-26 (branch ``data25``) by a helper whose only job was this data: it read the shipped knowledge
base's documents (``src/agentcore/rag/kb/default/*.md``) and the older generators' structure (docstring, row format,
never their questions), and never ran the system on any of it, so no rule was tuned on it.  Every key fact (each «|»
alternative) is checked against the documents by ``tests/data/test_answer_eval_data.py``; every unanswerable question
and every missing part was grepped for its key words across all documents.  Held out: scored at most once per pass,
totals only, never read item by item for tuning.

Documents it draws on, weighted to those the older splits use least (counted by grepping their generators for each
document's topic words): the Scrum articles on the increment, Definition of Done and Ready, blockers, the Scrum
master, the product owner, the backlog, sprint planning and review, velocity, Kanban and WIP limits, the daily
stand-up, epics, burndown, story points and the retrospective; the agentcore articles on configuration, the FAQ,
OpenAI-compatible servers, error codes, RAG, GigaChat, install and haiku; and one or two questions each on business
trips, vacations, information security, the help desk, DMS, passwords, VPN, code review, sick leave, training and
the office.  Questions are typed the way employees write to a help-desk bot: lower case, typos («скок», «разрабов»,
«агенткор»), slang («джира», «po», «завис», «локалка»), situations («один из пяти разрабов неделю в отпуске»,
«агенткор завис»), yes/no, procedures, definitions, three in English.  Partial questions ask a second thing no
document answers (``missing`` names it); unanswerable questions ask a detail the documents do not give about a topic
they cover (the current sprint's number, the context size of GigaChat-2-Max, RAM for agentcore, the size of an
English group), so that an answer taken from the nearby sentence is a hallucination.

Row format as in ``make_answer_eval.py``: (category, question, key facts, missing part); a key fact is a string
(alternatives separated by «|») a correct answer must contain.
"""

A, P, U = "answerable", "partial", "unanswerable"
ROWS = [
    # Scrum: increment, Definition of Done / Ready, blockers, roles
    (A, "фича почти готова, её можно считать частью инкремента?", ["не является частью инкремента"], None),
    (A, "задача прошла ревью но к ней открыт баг P2, можно ставить done?", ["P1 и P2"], None),
    (A, "какая макс оценка у истории чтобы её взяли в спринт", ["13 story points|13 очков"], None),
    (A, "как пометить задачу в джире что она заблокирована", ["флагом", "blocker"], None),
    (A, "сколько MR может висеть без ревью прежде чем это уже блокер", ["3 рабочих дней"], None),
    (A, "скрам мастер раздаёт задачи разработчикам?", ["не раздаёт"], None),
    (A, "сколько времени po должен уделять команде", ["половины рабочего времени"], None),
    (A, "сколько времени команды можно тратить на груминг", ["10%"], None),
    (
        A,
        "на планировании: один из пяти разрабов неделю в отпуске, насколько меньше брать в спринт",
        ["10%"],
        None,
    ),
    (A, "кто рассылает приглашения на sprint review", ["владелец продукта"], None),
    (A, "можно сравнить velocity нашей команды и соседней?", ["бессмысленно"], None),
    # Kanban, stand-up, stories, burndown
    (A, "техподдержка у нас по скраму работает или по канбану", ["канбан"], None),
    (A, "канбан-команды как часто ретро проводят", ["раз в месяц"], None),
    (A, "колонка in progress уже заполнена по wip лимиту, а я освободился — что делать", ["взять нельзя"], None),
    (A, "кто проводит стендап, скрам мастер?", ["проводят разработчики|проводят сами разработчики"], None),
    (A, "что такое эпик простыми словами", ["не помещается в один спринт"], None),
    (A, "на burndown линия пошла вверх, это что значит", ["добавили работу"], None),
    # agentcore
    (A, "как в агенткоре добавить свою команду выхода типа /bye", ["AGENTCORE_EXIT_COMMANDS"], None),
    (
        A,
        "задал и OPENAI_API_BASE и AGENTCORE_OPENAI_API_BASE — какая переменная главнее",
        ["приоритет у имени с префиксом"],
        None,
    ),
    (A, "можно запускать два agentcore одновременно на одном каталоге данных?", ["файловой блокировкой"], None),
    (A, "локальная ollama не проверяет ключ, что писать в OPENAI_API_KEY", ["непуст"], None),
    (A, "на локалке постоянно ERR-107, что подкрутить", ["AGENTCORE_LLM_TIMEOUT"], None),
    (A, "агенткор завис с ERR-115, удалять .lock файлы руками?", ["не нужно"], None),
    (A, "what fusion method does agentcore's hybrid search use", ["RRF|Reciprocal Rank Fusion"], None),
    (A, "где взять ключ авторизации для гигачата", ["Studio"], None),
    (A, "первый запуск agentcore chat долго висит, это норм?", ["до минуты"], None),
    # company documents the older splits use most, one or two each
    (A, "за скок подавать заявку на командировку за границу", ["20 рабочих дней"], None),
    (A, "до какого числа надо внести отпуск в график на следующий год", ["15 декабря"], None),
    (A, "ежегодный тест по иб до какого числа пройти надо", ["1 декабря"], None),
    (A, "техподдержка до скольки работает", ["20:00"], None),
    (A, "родителей можно прикрепить к дмс? сколько это стоит", ["38 000"], None),
    (A, "я на испыталке, сколько могу потратить на курсы", ["10 000"], None),
    (A, "is 2FA mandatory here? which app do I need", ["Яндекс Ключ|TOTP"], None),
    (A, "how long is a vpn config valid before I have to reissue it", ["180 дней"], None),
    # partial: one half answered, the other in no document
    (
        P,
        "сколько инкрементов может быть за спринт и как их нумеровать в джире",
        ["несколько инкрементов"],
        "как нумеровать",
    ),
    (P, "кто проводит ретро и доплачивают ли ему за это", ["скрам-мастер"], "доплачивают"),
    (
        P,
        "что значит оценка «?» в покере планирования и что значит карта с чашкой кофе",
        ["не хватает информации"],
        "чашкой кофе",
    ),
    (P, "дайджест блокеров как часто выходит и в какой день недели", ["раз в неделю"], "день недели"),
    (P, "какой k у rrf в agentcore и можно ли поменять вес bm25 относительно векторного", ["60"], "вес bm25"),
    (
        P,
        "ERR-108 это что, и какой лимит запросов у гигачата на корпоративном тарифе",
        ["429"],
        "лимит на корпоративном тарифе",
    ),
    (P, "до скольки строк должен быть MR и есть ли у нас стайлгайд по питону", ["400"], "стайлгайд"),
    (
        P,
        "за сколько дней передать номер элн в hr и какой будет размер пособия при стаже 3 года",
        ["2 рабочих дней"],
        "размер пособия",
    ),
    (P, "сколько бюджет на обучение в год и можно ли купить на него coursera plus", ["40 000"], "coursera"),
    (P, "до скольки открыт офис и можно ли остаться там на ночь перед релизом", ["22:00"], "на ночь"),
    # unanswerable, worded next to a real rule
    (U, "какой номер у текущего спринта", [], None),
    (U, "кто ведёт протокол на ретроспективе", [], None),
    (U, "какая velocity у команды мобильного приложения", [], None),
    (U, "как долго скрам-бот хранит историю блокеров", [], None),
    (U, "кто из тимлидов релиз-менеджер в этом спринте", [], None),
    (U, "сколько хайку в день можно сгенерировать в agentcore", [], None),
    (U, "какой размер контекста у GigaChat-2-Max", [], None),
    (U, "сколько оперативки нужно для agentcore", [], None),
    (U, "в командировке такси по городу до клиента — есть какой-то лимит на поездку?", [], None),
    (U, "сколько дней учебного отпуска дают на сессию", [], None),
    (U, "какой процессор в макбуке который выдают разрабам", [], None),
    (U, "какой пароль от рабочего вайфая Romashka-Corp", [], None),
    (U, "какие dns-серверы у корпоративного впн", [], None),
    (U, "сколько раз в год можно брать больничный по уходу за ребёнком", [], None),
    (U, "сколько человек в группе на английском у партнёрской школы", [], None),
    (U, "сколько заявок в месяц обрабатывает техподдержка", [], None),
]


def main() -> None:
    from answer_eval_split import write_split

    write_split(ROWS, prefix="q", split="holdout6", name="answer_eval_holdout6.json")


if __name__ == "__main__":
    main()
