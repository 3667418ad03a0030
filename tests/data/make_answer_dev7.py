"""Writes tests/data/answer_eval_dev7.json: a seventh development split of the answer-level evaluation (issue 18).

Written on 2026-11-26 (branch ``data25``) by a helper whose only job was this data: it read the shipped knowledge
base's documents (``src/agentcore/rag/kb/default/*.md``) and the older generators' structure (docstring, row format,
never their questions), and never ran the system on any of it, so no rule was tuned on it before it was committed.
It is a development split (rules may be found on its failures).  Every key fact (each «|» alternative) is checked
against the documents by ``tests/data/test_answer_eval_data.py``; every unanswerable question and every missing part
was grepped for its key words across all documents.

Documents it draws on, weighted to those the older splits use least (counted by grepping their generators for each
document's topic words): the Scrum articles on the increment, Definition of Done, blockers, the Scrum master, the
product owner, the product backlog, velocity, sprint planning and review, WIP limits and Kanban, epics and stories;
the agentcore articles on configuration, providers, the FAQ, OpenAI-compatible servers, error codes, RAG, haiku,
logs and chat; and one or two questions each on code review, sick leave, expenses, the help desk, passwords,
laptops, training, DMS, VPN and onboarding.  Questions are typed the way employees write to a help-desk bot: lower
case, typos («скока», «сдох», «велосити»), slang («разраб», «смержить», «апрув», «конфиг», «агенткор»), situations
(«задержался до полуночи из-за релиза», «к врачу иду»), yes/no, procedures, definitions, two in English.
Partial questions ask a second thing no document answers (``missing`` names it: a coverage tool, the retro board's
brand); unanswerable questions ask a detail the documents do not give about a topic they cover (a GPU for a local
model, the DMS clinics, a microwave in the office kitchen, who runs grooming when the Scrum master is away), so that
an answer taken from the nearby sentence is a hallucination.

Row format as in ``make_answer_eval.py``: (category, question, key facts, missing part); a key fact is a string
(alternatives separated by «|») a correct answer must contain.
"""

A, P, U = "answerable", "partial", "unanswerable"
ROWS = [
    # Scrum: increment, Definition of Done, blockers, roles
    (A, "инкремент можно выкатить до конца спринта или только после обзора?", ["не ворота для релиза"], None),
    (A, "какой процент покрытия автотестами нужен чтобы задача считалась done", ["80%"], None),
    (A, "чем dod отличается от критериев приемки", ["одинаков для всех задач"], None),
    (A, "за скока скрам мастер должен взяться за мой блокер", ["1 рабочего дня"], None),
    (
        A,
        "блокер висит уже два дня, скрам мастер его не снял — кому дальше эскалируют?",
        ["владельцу продукта"],
        None,
    ),
    (A, "на сколько команд у нас приходится один скрам-мастер", ["двумя командами"], None),
    (A, "во сколько у нас обзор спринта", ["15:00"], None),
    (A, "а спринт вообще можно отменить? кто это решает", ["владелец продукта"], None),
    (A, "груминг когда проходит и скок длится", ["14:00", "1 час"], None),
    (A, "может ли разраб сам поднять свою задачу наверх бэклога? кто ставит приоритет", ["владелец продукта"], None),
    # velocity, planning, Kanban, stories
    (A, "велосити у наших команд обычно какая", ["от 30 до 45"], None),
    (A, "история на 8 поинтов сделана на 90%, она в велосити засчитается?", ["не идёт|не засчитываются"], None),
    (A, "у инженера техподдержки сколько заявок в работе может висеть одновременно", ["5 заявок"], None),
    (A, "чем lead time отличается от cycle time", ["от появления задачи", "от начала работы"], None),
    (
        A,
        "не успеваю на дейли, к врачу иду. куда кинуть письменный апдейт и до скольки",
        ["скрам-боту", "10:00"],
        None,
    ),
    (A, "сколько по времени идет планирование спринта у нас", ["2 часов"], None),
    (A, "какой шаблон у юзер стори", ["Как <роль>"], None),
    # agentcore
    (A, "как в agentcore поменять сколько фрагментов берет rag", ["AGENTCORE_PARAM_RAG_TOP_K"], None),
    (A, "какой уровень логирования у agentcore по дефолту", ["DEBUG"], None),
    (A, "написал AGENTCORE_PROVIDER=ollama и всё упало, какой код ошибки и что не так", ["ERR-101"], None),
    (A, "агенткор на винде запустится?", ["WSL2"], None),
    (A, "на каком порту ollama для agentcore обычно", ["11434"], None),
    (A, "agentcore пишет ERR-111, что делать", ["agentcore rag index"], None),
    (A, "вылезла ERR-104 про ssl сертификат при подключении гигачата, как чинить", ["GIGACHAT_CA_BUNDLE_FILE"], None),
    (A, "how do I make the chat answer from my own docs collection?", ["agentcore rag use"], None),
    (A, "сколько слогов по строкам должно быть в хайку", ["5–7–5"], None),
    (A, "до какого размера растет лог агенткора прежде чем ротироваться", ["5 МБ"], None),
    (A, "what's the default embedding model in agentcore?", ["Embeddings"], None),
    # company documents the older splits use most, one or two each
    (A, "скока апрувов надо чтобы смержить MR в main", ["2 одобрений"], None),
    (A, "сколько дней здоровья в году и до скольки его оформить", ["3 оплачиваемых дня", "12:00"], None),
    (
        A,
        "задержался до полуночи из-за релиза, такси домой компенсируют? на какую сумму",
        ["1500"],
        None,
    ),
    (
        A,
        "моя заявка в статусе ожидает ответа, а я неделю был в отпуске и не отвечал — что с ней",
        ["закрывается автоматически"],
        None,
    ),
    (A, "сколько раз можно неправильно ввести пароль пока не заблочат и на сколько", ["5 неверных", "15 минут"], None),
    (A, "ноут сдох, работать вообще не на чем, что делать", ["1111", "тот же рабочий день"], None),
    # partial: one half answered, the other in no document
    (P, "какой минимальный coverage в dod и каким инструментом его меряют", ["80%"], "каким инструментом"),
    (P, "во сколько ретро и в какой доске клеим стикеры, в miro?", ["16:30"], "miro"),
    (
        P,
        "throughput это что и какой он сейчас у нашей техподдержки",
        ["сколько задач завершается за неделю"],
        "у техподдержки",
    ),
    (
        P,
        "какой таймаут запроса к модели по умолчанию и можно ли задать отдельный таймаут на эмбеддинги",
        ["30 секунд"],
        "таймаут на эмбеддинги",
    ),
    (
        P,
        "какой адрес у vllm по умолчанию и какую модель на нем лучше поднять для русского",
        ["localhost:8000"],
        "какую модель",
    ),
    (P, "где в джире смотреть velocity и как её выгрузить в excel", ["Velocity Chart"], "выгрузить в excel"),
    (P, "с какого числа начинает действовать дмс и покрывает ли он очки или линзы", ["1-го числа"], "очки или линзы"),
    (P, "сколько конфигов впн можно сделать и будет ли он работать в китае", ["не более 3"], "в китае"),
    (P, "во сколько приходить в первый день и есть ли у нас дресс-код", ["10:00"], "дресс-код"),
    (
        P,
        "сколько сообщений помнит agentcore chat и можно ли сохранить диалог в файл",
        ["10 сообщений"],
        "сохранить диалог",
    ),
    # unanswerable, worded next to a real rule
    (U, "кто скрам-мастер в команде платежей", [], None),
    (U, "сколько стоит сертификация PSM I и можно сдать её на русском?", [], None),
    (U, "какой wip лимит на колонку testing у продуктовых команд", [], None),
    (U, "сколько story points в среднем закрывает один разработчик за спринт", [], None),
    (U, "какая версия pydantic нужна для agentcore", [], None),
    (U, "есть ли у agentcore готовый docker-образ", [], None),
    (U, "обзор спринта записывают на видео? где потом найти запись", [], None),
    (U, "может ли один разработчик состоять сразу в двух скрам командах", [], None),
    (U, "какие клиники входят в дмс полис-гарант", [], None),
    (U, "есть ли на офисной кухне микроволновка", [], None),
    (U, "сколько человек работает в техподдержке", [], None),
    (U, "как настроить отправку логов agentcore в graylog", [], None),
    (U, "какая видеокарта нужна чтобы гонять локальную модель с agentcore", [], None),
    (U, "за сколько дней до начала дежурства приходит напоминание", [], None),
    (U, "можно ли взять отпуск на полдня", [], None),
    (U, "кто проводит груминг если скрам мастер в отпуске", [], None),
]


def main() -> None:
    from answer_eval_split import write_split

    write_split(ROWS, prefix="p", split="dev7", name="answer_eval_dev7.json")


if __name__ == "__main__":
    main()
