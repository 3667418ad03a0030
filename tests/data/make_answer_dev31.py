"""Writes tests/data/answer_eval_dev31.json: a thirty-first development split of the answer-level evaluation
(issue 18), the untuned split of branch ``hal4`` (hallucinated answers to near misses).

Written on 2026-11-27 (branch ``hal4``) before any code of that branch ran on it: the author read only the shipped
knowledge base's documents (``src/agentcore/rag/kb/default/*.md``) and dev27's row format, never ran ``agentcore ask``
on these questions, and committed the file before measuring.  Its purpose is the hallucinated answer to a near miss
whose words are in the documents but whose asked condition, qualifier, beneficiary, means or period is not.

- UNANSWERABLE near misses (25), each beside the sentence that states the neighbouring case:
  - a condition «при / после / без / во время» the document does not state: a business trip inside Moscow (a trip is
    by definition outside it), a pass after dismissal (only the DMS policy's is stated), a pass lost by negligence
    (only a laptop's residual value is), illness during leave without a doctor (only with an opened ЭЛН), a laptop
    stolen (only lost by negligence), unused leave on a transfer to another department (only on dismissal), the DMS
    policy on maternity leave, incident work on a weekday afternoon of on-call (only nights, weekends, holidays), the
    training budget after moving to part time, working from home on a team day (only the other days need no warning);
  - a different beneficiary: English lessons for an employee's wife, a laptop for contractors, DMS for a brother,
    for the spouse's parents, for a civil-law (ГПХ) contractor, a lunch with a job candidate (only a client or
    partner);
  - a different means: the ЭЛН number through the helpdesk's Telegram bot (only the portal), a 2-НДФЛ certificate
    by the phone 1111 (only the portal);
  - another object or period: vaccinations before a trip abroad (only travel, lodging, per diem, taxi are listed),
    home internet during on-call (only mobile connection), stationery (only the kitchen's restocking days are
    stated), access to a test stand (only production servers' 30 days), extra leave after five years' service (only
    on-call weeks give extra days), the on-call schedule for a whole year (only a quarter's), a talk at the internal
    meetup (only a talk at an external conference is paid).
- ANSWERABLE controls (15) of the same shapes, each the neighbouring case the document does state, three with
  «без» whose answer is the rule's condition (taxi without a receipt, Jira from home without VPN, working abroad
  without the security department's approval).

Every unanswerable question was checked by reading the matching document.  Typed the way employees write in chat:
lower case, no question mark now and then; three in English.

Row format as in ``make_answer_eval.py``: (category, question, key facts, missing part); a key fact is a string
(alternatives separated by «|») a correct answer must contain.
"""

A, U = "answerable", "unanswerable"
ROWS = [
    # unanswerable: a condition the document does not state
    (U, "какие суточные платят при командировке по москве", [], None),
    (U, "сколько ещё работает пропуск после увольнения", [], None),
    (U, "если потерял пропуск по неосторожности, удержат его стоимость из зарплаты?", [], None),
    (U, "если в отпуске простыл и к врачу не ходил, дни отпуска вернут?", [], None),
    (U, "удержат ли стоимость ноутбука, если его украли из машины", [], None),
    (U, "сколько дней неиспользованного отпуска компенсируют при переводе в другой отдел", [], None),
    (U, "что будет с полисом дмс при уходе в декрет", [], None),
    (U, "как оплачивается работа по инциденту на дежурстве днём в будний день", [], None),
    (U, "какой бюджет на обучение после перехода на полставки", [], None),
    (U, "нужно ли предупреждать руководителя, если работаю из дома во вторник", [], None),
    (U, "оплачивают ли прививки перед зарубежной командировкой", [], None),
    (U, "возмещают ли расходы на домашний интернет во время дежурства", [], None),
    # unanswerable: a different beneficiary
    (U, "will the company pay for english lessons for my wife", [], None),
    (U, "выдают ли рабочий ноутбук подрядчикам", [], None),
    (U, "можно прикрепить к дмс брата?", [], None),
    (U, "сколько стоит дмс для родителей жены", [], None),
    (U, "положен ли дмс тем, кто работает по договору гпх", [], None),
    (U, "what is the limit for a lunch with a job candidate in a cafe", [], None),
    # unanswerable: a different means
    (U, "можно передать номер элн в hr через телеграм-бот техподдержки", [], None),
    (U, "можно ли заказать справку 2-ндфл по телефону 1111", [], None),
    # unanswerable: another object or period
    (U, "доступ к тестовому стенду на какой срок выдают", [], None),
    (U, "сколько дополнительных дней отпуска дают после 5 лет работы в компании", [], None),
    (U, "до какого числа составляют график дежурств на весь год", [], None),
    (U, "в какие дни пополняют канцелярию в офисе", [], None),
    (U, "оплачивает ли компания выступление с докладом на внутреннем митапе", [], None),
    # answerable controls: the neighbouring case the document states
    (A, "возместят такси после 22, если чек потерял?", ["не компенсируется|расходы без чека"], None),
    (A, "можно ли зайти в jira из дома без впн", ["через корпоративный VPN"], None),
    (A, "можно работать из-за границы без согласования с безопасниками?", ["только после согласования"], None),
    (A, "удержат ли стоимость ноутбука, если потерял его по неосторожности", ["остаточную стоимость"], None),
    (A, "за сколько дней приходит напоминание о смене пароля", ["7 дней"], None),
    (A, "что с неиспользованным отпуском при увольнении", ["компенсация"], None),
    (A, "возмещение расходов отклонили — сколько раз можно переподать исправленную", ["один раз"], None),
    (A, "во сколько обходится дмс для жены", ["38 000"], None),
    (A, "можно ли оплатить курс самому, а потом вернуть деньги", ["напрямую организатору|возмещать не нужно"], None),
    (A, "how much is the daily allowance abroad on a business trip", ["2500"], None),
    (A, "кто составляет график дежурств на квартал", ["руководитель ИТ-инфраструктуры"], None),
    (A, "на стол и кресло для удалёнки компания сколько даёт", ["15 000"], None),
    (A, "сколько часов подряд можно держать переговорку", ["2 часов"], None),
    (A, "for how many sick days does the company top up pay to 100%", ["10 рабочих дней"], None),
    (A, "бизнес-классом в командировке когда можно лететь", ["дольше 6 часов"], None),
]


def main() -> None:
    from answer_eval_split import write_split

    write_split(ROWS, prefix="hu", split="dev31", name="answer_eval_dev31.json")


if __name__ == "__main__":
    main()
