"""Writes tests/data/answer_eval_dev27.json: a twenty-seventh development split of the answer-level evaluation
(issue 18).

Written on 2026-11-27 (branch ``hal3``) before any code of that branch ran on it: the author read only the shipped
knowledge base's documents (``src/agentcore/rag/kb/default/*.md``) and dev26's row format, never ran ``agentcore ask``
on these questions, and committed the file before measuring.  Its purpose is the hallucinated answer to a near miss
whose words are all in the documents but whose asked circumstance is not: the document states the rule for one
case, the question asks it for a neighbouring case.

- UNANSWERABLE near misses (24), each beside the sentence that states the neighbouring case:
  - another actor or beneficiary: the manager (not the employee) cancels an approved leave, a child falls ill
    during the employee's leave, the first three days of a sick child's leave, hybrid (not fully remote) employees'
    internet, a lunch with colleagues (not a client), guests' parking (not employees'), project managers' worklog
    (only developers and testers keep one);
  - another condition or reason: unpaid days for a move (only marriage, birth, death are listed), a broken (not
    lost) pass, a P2 alert left unconfirmed (only P1's escalation is stated), a company-initiated dismissal after
    expensive training (only resignation is), individual (not group) English lessons, tickets not confirmed by the
    finance director, a health day taken during leave;
  - another place or direction: work from another Russian city (only abroad is limited), a taxi from home to the
    office in the morning (only home after 22:00 is), a home visit of a doctor 50 km from the MKAD, the office's
    Saturday hours (only weekday hours are stated);
  - another object or kind: monitors' replacement cycle (only laptops'), a replacement phone (only a laptop), an
    annual bonus (only the quarterly one), a ticket in status «Решена» left without reply (only «Ожидает ответа»);
  - the reverse direction: returning from remote work to the hybrid format (only the move to remote is described).
- ANSWERABLE controls (16) of the same shapes, each the neighbouring case the document does state.

Every unanswerable question was checked by reading the matching document: no rule for a leave the manager cancels,
for a child's illness during one's leave, for who pays the first days of a child's sick leave, for hybrid employees'
internet, for lunches with colleagues, for guests' parking, for project managers' worklogs, for unpaid days for a
move, for a broken pass, for an unconfirmed P2 alert, for dismissal by the company after training, for individual
lessons, for unapproved trips' tickets, for health days during leave, for work from another Russian city, for morning
taxis to the office, for the price of a home visit beyond 30 km, for Saturday opening hours, for monitors' renewal,
for a replacement phone, for an annual bonus, for a solved ticket's closure, for returning from remote work.  Typed
the way employees write in chat: lower case, no question mark now and then.

Row format as in ``make_answer_eval.py``: (category, question, key facts, missing part); a key fact is a string
(alternatives separated by «|») a correct answer must contain.
"""

A, U = "answerable", "unanswerable"
ROWS = [
    # unanswerable: another actor or beneficiary
    (U, "если руководитель отменил мой согласованный отпуск, что мне положено", [], None),
    (U, "ребёнок заболел во время моего отпуска, отпуск продлят?", [], None),
    (U, "кто оплачивает первые три дня больничного по уходу за ребёнком", [], None),
    (U, "сколько компенсируют за интернет гибридным сотрудникам", [], None),
    (U, "какой лимит на обед с коллегами из своей команды", [], None),
    (U, "сколько парковочных мест у бизнес-центра для гостей", [], None),
    (U, "до скольки менеджеру проектов заполнять ворклог за неделю", [], None),
    # unanswerable: another condition or reason
    (U, "сколько дней за свой счёт дают при переезде в другой город", [], None),
    (U, "если пропуск сломался, через сколько выдадут новый", [], None),
    (U, "если дежурный не подтвердил оповещение P2 за час, кому звонит бот", [], None),
    (U, "если компания уволила по сокращению после дорогого обучения, надо возвращать деньги", [], None),
    (U, "сколько компания оплачивает за индивидуальные занятия английским", [], None),
    (U, "кто покупает билеты, если командировку не согласовал финансовый директор", [], None),
    (U, "можно ли взять день здоровья во время отпуска", [], None),
    # unanswerable: another place or direction
    (U, "сколько дней в году можно работать из другого города россии", [], None),
    (U, "сколько возмещают за такси из дома до офиса утром", [], None),
    (U, "сколько стоит вызов врача на дом по дмс если живу в 50 км от мкад", [], None),
    (U, "до скольки открыт офис в субботу", [], None),
    # unanswerable: another object or kind
    (U, "раз в сколько лет обновляют мониторы", [], None),
    (U, "когда выдадут подменный телефон, если рабочий сломался", [], None),
    (U, "когда выплачивают годовую премию", [], None),
    (U, "через сколько закрывается заявка в статусе решена если я не отвечаю", [], None),
    # unanswerable: the reverse direction
    (U, "кто согласует возвращение с удалёнки обратно на гибридный формат", [], None),
    (U, "если командировку отменили, что делать с купленными билетами", [], None),
    # answerable controls: the neighbouring case the document states
    (A, "сколько дней за свой счёт дают на регистрацию брака", ["5 календарных дней"], None),
    (A, "если заболел во время отпуска, что с отпуском", ["продлевается"], None),
    (A, "кто оплачивает первые три дня больничного, если заболел сам", ["оплачивает компания"], None),
    (A, "сколько дней в году можно работать из-за границы", ["30 календарных дней"], None),
    (A, "сколько компенсируют за интернет на полной удалёнке", ["1000"], None),
    (A, "кто согласует переход на полностью удалённый формат", ["директор департамента"], None),
    (A, "сколько возмещают за такси до дома после 22", ["1500"], None),
    (A, "какой лимит на обед с клиентом в кафе", ["3000"], None),
    (A, "если потерял пропуск, через сколько выдадут новый", ["одного рабочего дня"], None),
    (A, "сколько у бизнес-центра парковочных мест для сотрудников", ["10 парковочных мест"], None),
    (A, "раз в сколько лет обновляют ноутбуки", ["раз в 3 года"], None),
    (A, "когда выдадут подменный ноутбук, если рабочий сломался", ["в тот же рабочий день"], None),
    (A, "сколько компания оплачивает за групповые занятия английским", ["50%"], None),
    (A, "если уволюсь сам через полгода после дорогого обучения, надо возвращать деньги", ["пропорционально"], None),
    (A, "если дежурный не подтвердил оповещение P1 за 15 минут, кому звонит бот", ["второму дежурному"], None),
    (A, "через сколько закрывается заявка в статусе ожидает ответа если я не отвечаю", ["5 рабочих дней"], None),
]


def main() -> None:
    from answer_eval_split import write_split

    write_split(ROWS, prefix="hb", split="dev27", name="answer_eval_dev27.json")


if __name__ == "__main__":
    main()
