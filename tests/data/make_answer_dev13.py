"""Writes tests/data/answer_eval_dev13.json: a thirteenth development split of the answer-level evaluation (issue 18).

Written on 2026-11-27 (branch ``wr``) before any code of that branch ran on it: the author read only the shipped
knowledge base's documents (``src/agentcore/rag/kb/default/*.md``) and the older generators' row format, never ran
``agentcore ask`` on these questions, and committed the file before measuring.  Its purpose is the composer's choice
and the near-miss decline together:

- ANSWERABLE rows whose key fact sits in ONE sentence among similar ones — a number for one case next to a number for
  another (hotel limits by town, support priorities in one table, P1/P2 reaction times, the training budget during and
  after probation, a course price that needs a director next to one that needs a contract), a time among the times of
  a calendar, and procedures whose steps span a section;
- NEAR-MISS unanswerable rows: the documents speak of the topic but not of the asked case — another relative («за
  бабушкой» where only a child is named), another season or week («осенью», «зимой», «на второй неделе»), another town
  (no office but Moscow), another priority or column (P5, P2 post-mortem, a testing column), another object (a phone
  where only a laptop has a spare), a condition the rule does not name, a number the documents never state (a taxi
  limit on trips, a repair price, how many early laptop swaps, how many days before on-call to ask for access).

Every unanswerable question was checked by reading the matching document: sick leave to care for a child only; parking
and rooms only at the Moscow office; the leave limit and its approver stated for summer only; DMS relatives are spouse,
children and parents; no repair price, maternity leave, morning taxi, P5, weekly sprint planning, second-week grooming,
testing WIP limit, Chinese courses, sick leave on a trip, early laptop swaps count, speaker bonus, budget rise by
length of service, trip taxi limit, reception hours, lead time for on-call access, P2 post-mortem term, St Petersburg
office, furniture money for hybrid staff, corporate Wi-Fi password, labour-safety retraining date, number of leave
postponements, fine for being late to the daily, spare phone, or leave for a child's graduation.

Composition: 30 answerable, 0 partial, 30 unanswerable.  Typed the way employees write: lower case, typos, slang,
short questions.

Row format as in ``make_answer_eval.py``: (category, question, key facts, missing part); a key fact is a string
(alternatives separated by «|») a correct answer must contain.
"""

A, P, U = "answerable", "partial", "unanswerable"
ROWS = [
    # answerable: one sentence (or table row, or step) among similar ones holds the fact
    (A, "гостиница в москве в командировке до скольки руб за ночь", ["7000 ₽"], None),
    (A, "заграничную командировку за сколько дней оформлять", ["20 рабочих дней"], None),
    (A, "дмс мужу оформить скока стоит в год", ["38 000 ₽"], None),
    (A, "до скольки утра надо отметить день здоровья в портале", ["12:00"], None),
    (A, "дежурному на p2 сколько времени дается на реакцию", ["1 часа"], None),
    (A, "заявка с обычным приоритетом в хелпдеск за сколько решат", ["3 рабочих дня"], None),
    (A, "низкий приоритет тикета реакция через сколько", ["2 рабочих дня"], None),
    (A, "после эскалации заявки когда руководитель техподдержки свяжется", ["2 рабочих часов"], None),
    (A, "сколько недель надо отдежурить чтоб дали доп дни к отпуску", ["6 недель"], None),
    (A, "на испытательном сроке сколько можно потратить на обучение", ["10 000 ₽"], None),
    (A, "с какой суммы курса подписывают ученический договор", ["100 000 ₽"], None),
    (A, "курс стоит 60к, кто еще кроме руководителя согласует", ["согласует директор департамента"], None),
    (A, "сколько у нас длится планирование спринта", ["2 часов"], None),
    (A, "груминг в какой день и во сколько", ["14:00"], None),
    (A, "обзор спринта во сколько начинается", ["15:00"], None),
    (A, "wip лимит на ревью сколько mr", ["3 merge request"], None),
    (A, "во сколько окно релиза", ["с 11:00 до 15:00"], None),
    (A, "срочный хотфикс до какого часа можно катить", ["17:00"], None),
    (A, "при скольких процентах ошибок откатывают релиз", ["2%"], None),
    (A, "доступ к прод серверам на сколько выдают", ["на 30 дней"], None),
    (A, "за сколько дней напоминалка о смене пароля приходит", ["7 дней"], None),
    (A, "какое расхождение времени на ноуте допустимо чтоб впн работал", ["3 минут"], None),
    (A, "резервный профиль впн через какой порт идет", ["443"], None),
    (A, "я в часовом поясе +5 от мск, сколько часов пересечения надо", ["3 часов"], None),
    (A, "летом сколько человек из команды могут одновременно быть в отпуске", ["трети"], None),
    (A, "согласованный отпуск перенести за сколько до начала надо", ["2 недели"], None),
    (A, "больничный по уходу за ребенком как оформить", ["через ЭЛН"], None),
    (A, "учебные фишинговые письма как часто рассылают", ["раз в квартал"], None),
    (A, "как подключить впн на телефоне по шагам", ["Создать конфигурацию"], None),
    (A, "отклонили заявку на расходы, сколько дней есть исправить", ["5 рабочих дней"], None),
    # unanswerable near misses: another relative, season, town, priority, object, condition; a number never stated
    (U, "больничный чтобы ухаживать за бабушкой дают?", [], None),
    (U, "сколько парковочных мест у офиса в питере", [], None),
    (U, "осенью на сколько дней подряд максимум можно уйти в отпуск", [], None),
    (U, "кто согласует отпуск зимой дольше двух недель", [], None),
    (U, "дмс для бабушки скока стоит в год", [], None),
    (U, "сколько стоит ремонт ноута если сам уронил", [], None),
    (U, "декрет как оформлять", [], None),
    (U, "такси утром до офиса компенсируют?", [], None),
    (U, "время реакции на инцидент p5 какое", [], None),
    (U, "сколько длится планирование если спринт недельный", [], None),
    (U, "груминг на второй неделе спринта во сколько", [], None),
    (U, "wip лимит для колонки тестирования какой", [], None),
    (U, "сколько мест в переговорке ромашка в питерском офисе", [], None),
    (U, "китайский язык учить компания оплачивает, сколько процентов", [], None),
    (U, "заболел в командировке, как оформить больничный", [], None),
    (U, "сколько раз за 3 года можно досрочно поменять ноут", [], None),
    (U, "за выступление на конференции премию платят? сколько", [], None),
    (U, "после какого стажа увеличивают бюджет на обучение", [], None),
    (U, "лимит на такси в командировке сколько рублей", [], None),
    (U, "ресепшен до скольки работает", [], None),
    (U, "за сколько дней до дежурства надо заказать доступ к проду", [], None),
    (U, "постмортем по инциденту p2 в какой срок", [], None),
    (U, "в санкт-петербургском офисе первый рабочий день во сколько", [], None),
    (U, "стол для дома гибридным сотрудникам оплачивают?", [], None),
    (U, "пароль от рабочего wifi romashka-corp где взять", [], None),
    (U, "повторное обучение по охране труда до какого числа пройти", [], None),
    (U, "сколько раз можно переносить отпуск", [], None),
    (U, "штраф за опоздание на дейли какой", [], None),
    (U, "если сломался рабочий телефон подменный дают?", [], None),
    (U, "сколько дней за свой счет дают на выпускной ребенка", [], None),
]


def main() -> None:
    from answer_eval_split import write_split

    write_split(ROWS, prefix="wr", split="dev13", name="answer_eval_dev13.json")


if __name__ == "__main__":
    main()
