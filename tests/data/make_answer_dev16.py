"""Writes tests/data/answer_eval_dev16.json: a sixteenth development split of the answer-level evaluation (issue 18).

Written on 2026-11-27 (branch ``rh``) before any code of that branch ran on it: the author read only the shipped
knowledge base's documents (``src/agentcore/rag/kb/default/*.md``) and the older generators' row format, never ran
``agentcore ask`` on these questions, and committed the file before measuring.  Its purpose is the hallucinated
answer to an unanswerable question, both sides of it:

- UNANSWERABLE near misses (40): the documents hold a sentence giving a value of the asked kind about a NEIGHBOURING
  case — another role or team (a kanban team where only Scrum teams have a sprint, a retrospective's host, a daily's
  time; a duty engineer where only support engineers have a WIP limit; infrastructure where only product teams have a
  velocity), another period (a month where the worklog is weekly, a year where the on-call schedule is quarterly,
  after probation where the mentor is for probation), another object (a ThinkPad where only the MacBook Pro's memory
  is stated, a MacBook Air's screen, a desk's booking where a meeting room's is, a parking place's deadline where a
  desk's is, a test smartphone's model, an epic's story points where a story's are), another condition (a monitor not
  in stock, a doctor's visit beyond 30 km, a Scrum Guide retrospective for a month-long sprint where the planning's
  is stated), another document (an advance report's corrections where an expense claim's are, daily allowance for
  working abroad where a trip's is, a duty's pay date where the quarterly bonus's is), another person (a friend's
  funeral, a grandchild's birth, a job candidate at lunch), or a name of the asked kind that is not the asked one (a
  reception phone where only support's 1111 is, an antivirus where only disk encryption is named, a branch prefix
  for refactoring where feature/fix are, a Jira label for tech debt where «retro» and «blocker» are);
- ANSWERABLE questions (32) whose answer needs exactly such a bridge: the subject paraphrased («дизайнеру» for the
  other employees, «демо спринта» for the review, «онколл» for on-call, «сочи» for other towns, «с четвёртого дня»
  for «остальные»), so the rules that refuse a neighbouring case are seen to keep the true paraphrase.

Every unanswerable question was checked by reading the matching document: no Scrum Guide length of a month-long
sprint's retrospective, no epic size, no velocity of a kanban team, no WIP limit of duty engineers, no lead time to
work from another Russian town, no mentor after probation, no price of a doctor's visit beyond 30 km, no delivery
time for equipment out of stock, no corrections of an advance report, no time or host of a kanban team's meeting or
duration of its retrospective, no parking booking deadline, no pay date of duty pay, no host of meeting room keys,
no antivirus or smartphone model, no room for 8, no OpenAI token lifetime, no length of a haiku answer, no days the
trace archives are kept, no monthly worklog deadline, no yearly on-call schedule, no visitors' parking, no daily
allowance for working from abroad, no retakes of the security test, no leave for a friend's funeral or a grandchild's
birth, no price of a new pass, no release time of a desk booking, no reception phone, no sprint of the support team,
no ThinkPad memory, no MacBook Air diagonal, no monitor for remote staff at home, no one appointing the Scrum Master,
no limit for a lunch with a candidate, no incident channel, no tech-debt label, no refactoring branch prefix.

Composition: 32 answerable, 0 partial, 40 unanswerable.  Typed the way employees write: lower case, typos, slang.

Row format as in ``make_answer_eval.py``: (category, question, key facts, missing part); a key fact is a string
(alternatives separated by «|») a correct answer must contain.
"""

A, P, U = "answerable", "partial", "unanswerable"
ROWS = [
    # answerable: the subject paraphrased, the fact in one sentence among neighbours
    (A, "дизайнеру какой ноут выдадут", ["MacBook Air"], None),
    (A, "скока кусков текста рэг подтягивает в чате по дефолту", ["2 фрагмента|`2`"], None),
    (A, "таймаут запросов к сервису хайку какой", ["AGENTCORE_SERVICE_TIMEOUT"], None),
    (A, "к скольки надо заказать пропуск для гостя", ["18:00"], None),
    (A, "одуванчик переговорка на скольких людей", ["1–2 человека"], None),
    (A, "как называется телеграм бот техподдержки", ["@romashka_help_bot"], None),
    (A, "если рэг сервис не отвечает, сколько раз agentcore попробует заново", ["до 3 повторов"], None),
    (A, "в сочи отель до скольки рублей за ночь оплатят", ["5000 ₽"], None),
    (A, "сколько суточных на день отъезда в загранкомандировку", ["2500 ₽"], None),
    (A, "перевод на полную удалёнку сколько рассматривают", ["10 рабочих дней"], None),
    (A, "сыну оформить дмс во сколько обойдется", ["30 000 ₽"], None),
    (A, "сколько символов минимум должно быть в пароле", ["12 символов"], None),
    (A, "сколько длится демо спринта для заказчиков", ["1 час"], None),
    (A, "мр максимум сколько строк рекомендуют", ["400"], None),
    (A, "ревьюер за сколько должен ответить на мр", ["1 рабочего дня"], None),
    (A, "как часто надо обновлять пароль от учетки", ["90 дней"], None),
    (A, "сколько прошлых паролей нельзя использовать снова", ["5 последних"], None),
    (A, "конфиг впн через сколько протухает", ["180 дней"], None),
    (A, "ночью чинил прод на дежурстве, как это оплатят", ["двойном размере"], None),
    (A, "сколько доплачивают за неделю онколла", ["5000 ₽"], None),
    (A, "уволился, до какого момента действует страховка", ["до конца месяца"], None),
    (A, "справку о доходах сколько ждать", ["3 рабочих дней"], None),
    (A, "премию за первый квартал когда получу", ["10 апреля"], None),
    (A, "с четвертого дня болезни кто платит", ["Социальный фонд"], None),
    (A, "самая большая переговорка на сколько мест", ["12 мест"], None),
    (A, "самое позднее во сколько можно начать рабочий день", ["11:00"], None),
    (A, "перед праздником на сколько короче рабочий день", ["1 час"], None),
    (A, "сколько дней в неделю минимум надо приходить в офис", ["2 дня"], None),
    (A, "поменяться дежурством с коллегой, за сколько надо обновить график", ["2 рабочих дня"], None),
    (A, "в каком канале выкладывают release notes", ["#releases"], None),
    (A, "постмортем после инцидента где публикуют", ["Confluence"], None),
    (A, "какой клиент впн ставить на телефон", ["WireGuard"], None),
    # unanswerable near misses: a value of the asked kind about a neighbouring case
    (U, "по скрам гайду сколько длится ретро если спринт месячный", [], None),
    (U, "сколько максимум сторипоинтов может быть у эпика", [], None),
    (U, "какая средняя velocity у команды инфраструктуры", [], None),
    (U, "сколько инцидентов одновременно можно вести дежурному на он-колле", [], None),
    (U, "за сколько дней подать заявку чтоб поработать удаленно из другого города россии", [], None),
    (U, "после испытательного срока как часто встречи с наставником", [], None),
    (U, "вызов врача на дом дальше 30 км от мкад сколько стоит", [], None),
    (U, "второй монитор если на складе нет, за сколько дней привезут", [], None),
    (U, "авансовый отчет по командировке отклонили, сколько раз можно исправить", [], None),
    (U, "у канбан команды техподдержки во сколько ежедневная встреча", [], None),
    (U, "сколько длится ретроспектива у канбан-команды", [], None),
    (U, "парковку у бц до скольки надо забронировать", [], None),
    (U, "когда выплачивают деньги за дежурство", [], None),
    (U, "кто проводит ретро в канбан-команде", [], None),
    (U, "кто выдает ключи от переговорок", [], None),
    (U, "какой антивирус стоит на рабочих ноутах", [], None),
    (U, "тестовый смартфон какой модели выдают", [], None),
    (U, "как называется переговорка на 8 человек", [], None),
    (U, "сколько живет токен у openai провайдера", [], None),
    (U, "максимальная длина ответа хайку сколько символов", [], None),
    (U, "сколько дней хранятся архивы трасс агентов", [], None),
    (U, "ворклоги за месяц до скольки надо заполнить", [], None),
    (U, "когда составляют график дежурств на год", [], None),
    (U, "сколько мест на парковке для посетителей бц", [], None),
    (U, "сколько суточных платят если работаешь из другой страны", [], None),
    (U, "сколько раз можно пересдать тест по иб", [], None),
    (U, "сколько дней за свой счет дают на похороны друга", [], None),
    (U, "родился внук, сколько дней за свой счет положено", [], None),
    (U, "сколько стоит перевыпуск пропуска если потерял", [], None),
    (U, "через сколько минут снимается бронь рабочего места если не пришел", [], None),
    (U, "какой номер телефона у ресепшена", [], None),
    (U, "сколько недель длится спринт у команды техподдержки", [], None),
    (U, "сколько памяти в thinkpad для разработчиков", [], None),
    (U, "какая диагональ у макбук эйр для не разработчиков", [], None),
    (U, "монитор для дома удаленщикам какой диагонали дают", [], None),
    (U, "кто назначает скрам-мастера в команду", [], None),
    (U, "обед с кандидатом после собеса какой лимит на человека", [], None),
    (U, "в каком канале обсуждают инциденты", [], None),
    (U, "какую метку ставить на задачи техдолга в jira", [], None),
    (U, "ветку для рефакторинга с каким префиксом называть", [], None),
]


def main() -> None:
    from answer_eval_split import write_split

    write_split(ROWS, prefix="rh", split="dev16", name="answer_eval_dev16.json")


if __name__ == "__main__":
    main()
