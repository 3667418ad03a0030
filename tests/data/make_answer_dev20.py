"""Writes tests/data/answer_eval_dev20.json: a twentieth development split of the answer-level evaluation (issue 18).

Written on 2026-11-27 (branch ``cw``) before any code of that branch ran on it: the author read only the shipped
knowledge base's documents (``src/agentcore/rag/kb/default/*.md``) and the older generators' row format, never ran
``agentcore ask`` on these questions, and committed the file before measuring.  Its purpose is the WRONG answer —
answered from the right document, but with a neighbouring sentence that lacks the key fact.  Every question is asked
where the document holds SEVERAL competing sentences of the asked kind, and only one of them is about the asked case:

- several figures for neighbouring cases: a trip abroad's lead time beside a domestic one's, a hotel's limit in
  St Petersburg beside other towns', a P2 incident's reaction beside P1's, the table rows of the helpdesk's
  priorities, an adult relative's insurance beside a child's, a taxi's limit beside a client lunch's and a small
  purchase's, a hotfix's approvals beside an ordinary merge request's, a review column's WIP limit beside
  support's, the LLM timeout beside the services' timeout, vLLM's address beside Ollama's and llama.cpp's;
- several deadlines of one document: moving a leave beside applying for it and its pay, reporting sickness to the
  manager beside a health day's, the sick note's number beside the HR notice after sickness in a vacation, the
  expense claim beside its correction, a weekend visit's request beside a guest pass's, a desk's booking beside a
  meeting room's, a written daily beside the standup's start;
- a rule and its exception or its condition: a business-class flight, a trip on a weekend, a second monitor taken
  home by hybrid staff, the training budget during probation, an expensive course's contract, a blocker not
  removed in two days, the Scrum Guide's planning of a month-long sprint beside ours;
- a list item under a lead-in (the family reasons for unpaid leave, what the company pays on a trip, the DMS
  programme's items) and a table row (the helpdesk's priorities, the settings' defaults).

Each key fact is the figure or name only the right sentence gives (the competing sentences give other ones).
Partial questions (8) add a part no document answers (half a health day, hotel breakfasts, a guest's parking, an
on-call room, braces, a second laptop, a grandmother's insurance, a SIM card abroad).

Composition: 57 answerable, 8 partial, 0 unanswerable.  Typed the way employees write: lower case, typos, slang.

Row format as in ``make_answer_eval.py``: (category, question, key facts, missing part); a key fact is a string
(alternatives separated by «|») a correct answer must contain.
"""

A, P, U = "answerable", "partial", "unanswerable"
ROWS = [
    # several deadlines and figures in one document: only one sentence is about the asked case
    (A, "за скока дней надо подать заяву чтобы перенести уже согласованный отпуск", ["2 недели"], None),
    (A, "отпускные за сколько до начала отпуска перечисляют", ["3 рабочих дня"], None),
    (A, "сколько человек из одной команды могут быть в отпуске одновременно", ["трети"], None),
    (A, "через скока месяцев работы положен первый отпуск", ["6 месяцев"], None),
    (A, "женюсь, сколько дней без сохранения зп можно взять", ["5 календарных дней"], None),
    (A, "документ для отпуска по семейным обстоятельствам когда надо отдать в hr", ["в течение недели"], None),
    (A, "что будет если неиспользованных дней отпуска накопилось больше 28", ["полгода"], None),
    (A, "слег с температурой, до скольки утра маякнуть руководу", ["11:00"], None),
    (A, "день здоровья до какого времени оформить в портале", ["12:00"], None),
    (A, "после больничного номер элн за сколько дней надо передать в кадры", ["2 рабочих дней"], None),
    (A, "за сколько дней болезни в году компания доплачивает до 100 процентов", ["10 рабочих дней"], None),
    (A, "заболел во время отпуска когда сообщить в hr", ["первый рабочий день после выздоровления"], None),
    (A, "за скока дней оформлять командировку за границу", ["20 рабочих дней"], None),
    (A, "лимит на отель в питере в командировке", ["7000 ₽"], None),
    (A, "в командировку бизнес классом когда разрешают лететь", ["6 часов"], None),
    (A, "авансовый отчет через сколько дней после возвращения сдать", ["3 рабочих дней"], None),
    (A, "командировка выпала на выходной, что мне за это положено", ["двойном размере"], None),
    (A, "такси домой после 22 сколько компенсируют", ["1500 ₽"], None),
    (A, "обед с клиентом в кафе какой лимит", ["3000 ₽ на человека"], None),
    (A, "чек на возмещение в течение скольки дней надо подать", ["30 календарных дней"], None),
    (A, "отклонили заявку на возмещение, за сколько дней можно исправить", ["5 рабочих дней"], None),
    (A, "аванс за первую половину месяца какого числа падает", ["25-го числа"], None),
    (A, "расчетный листок когда публикуют", ["за один рабочий день до выплаты"], None),
    (A, "дмс для мамы сколько стоит в год", ["38 000 ₽"], None),
    (A, "с какого числа действует полис дмс после испытательного", ["за окончанием испытательного срока"], None),
    (A, "врача на дом по дмс за мкадом вызвать можно?", ["30 км от МКАД"], None),
    (A, "программу дмс каждый год когда продлевают", ["1 февраля"], None),
    (A, "второй монитор домой как получить если я на гибриде", ["вынос"], None),
    (A, "сломался ноут когда выдадут подменный", ["в тот же рабочий день"], None),
    (A, "потерял пропуск через сколько сделают новый", ["одного рабочего дня"], None),
    (A, "в выходные в офис надо попасть, до скольки подать заявку", ["17:00"], None),
    (A, "рабочее место в офисе до скольки бронировать", ["9:00"], None),
    (A, "переговорку максимум на сколько часов подряд можно занять", ["2 часов"], None),
    (A, "в какие дни на кухню фрукты привозят", ["понедельникам и четвергам"], None),
    (A, "работаю из новосибирска, сколько часов пересечения с мск нужно", ["3 часов"], None),
    (A, "ворклоги за неделю до когда заполнять", ["18:00 пятницы"], None),
    (A, "сколько дней в году можно поработать из другой страны", ["30 календарных дней"], None),
    (A, "на удаленке интернет компенсируют? сколько", ["1000 ₽"], None),
    (A, "инцидент p2 за сколько надо отреагировать дежурному", ["1 часа"], None),
    (A, "сколько недель дежурств нужно чтобы дали доп дни к отпуску", ["6 недель"], None),
    (A, "обычный приоритет заявки за сколько решают", ["3 рабочих дня"], None),
    (A, "критичная заявка в поддержку реакция через сколько", ["30 минут"], None),
    (A, "эскалировал заявку, когда со мной свяжутся", ["2 рабочих часов"], None),
    (A, "на сколько минут блокируют учетку если ввел неверный пароль", ["15 минут"], None),
    (A, "за скока дней до истечения пароля приходит напоминание", ["7 дней"], None),
    (A, "доступ к продовым серверам на какой срок выдают", ["30 дней"], None),
    (A, "на испытательном сроке сколько можно потратить на курсы", ["10 000 ₽"], None),
    (A, "курс за 150 тыс, что надо подписать", ["ученический договор"], None),
    (A, "сколько апрувов нужно чтобы влить хотфикс", ["одного одобрения"], None),
    (A, "до скольки можно выкатить хотфикс", ["17:00"], None),
    (A, "резервный профиль впн по какому порту работает", ["443"], None),
    (A, "какой wip лимит на колонку ревью у продуктовых команд", ["3 merge request"], None),
    (A, "письменный дейли боту до скольки отправить", ["10:00"], None),
    (A, "если скрам мастер не снял блокер за 2 дня кому эскалирует", ["владельцу продукта"], None),
    (A, "планирование месячного спринта по скрам гайду сколько длится", ["8 часов"], None),
    (A, "таймаут запроса к llm по умолчанию какая переменная", ["AGENTCORE_LLM_TIMEOUT"], None),
    (A, "какой адрес для vllm прописать в openai_api_base", ["localhost:8000"], None),
    # partial: one part answered by a sentence among neighbours, one part no document answers
    (P, "дни здоровья сколько в год и можно ли взять полдня", ["3 оплачиваемых дня здоровья"], "полдня"),
    (P, "гостиница в екб какой лимит и оплатят ли завтраки", ["5000 ₽"], "завтраки"),
    (P, "лютик на сколько человек и как заказать парковку для гостя", ["4 места"], "парковка для гостя"),
    (P, "p1 за сколько подтвердить оповещение и есть ли дежурная комната в офисе", ["15 минут"], "дежурная комната"),
    (P, "стоматология по дмс чистку сколько раз в год и входят ли брекеты", ["раз в год"], "брекеты"),
    (P, "док станцию сколько ждать и дают ли второй ноутбук", ["5 рабочих дней"], "второй ноутбук"),
    (P, "сколько стоит дмс ребенку и можно ли прикрепить бабушку", ["30 000 ₽"], "бабушка"),
    (P, "суточные за границей сколько и оплачивают ли сим карту", ["2500 ₽"], "сим-карта"),
]


def main() -> None:
    from answer_eval_split import write_split

    write_split(ROWS, prefix="cw", split="dev20", name="answer_eval_dev20.json")


if __name__ == "__main__":
    main()
