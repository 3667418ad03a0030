"""Writes tests/data/answer_eval_dev34.json: a thirty-fourth development split of the answer-level evaluation
(issue 18), the untuned split of branch ``hal5`` (hallucinated answers to unanswerable near misses).

Written on 2026-11-28 (branch ``hal5``) before any code of that branch ran on it: the author read only the shipped
knowledge base's documents (``src/agentcore/rag/kb/default/*.md``) and dev31's row format, never ran ``agentcore ask``
on these questions, and committed the file before measuring.  Its purpose is the answer that presents a near miss
as the answer: the words are in the documents, the asked person, item or circumstance is not.

- UNANSWERABLE near misses (28):
  - an unnamed person («кто / кому»): who signs the apprenticeship contract for the company, who runs a postmortem,
    who assigns the mentor (all three passive in the documents), whom to tell about a pass left at home (only a lost
    one is stated), whom to complain to about a rude reviewer, who reviews a rejected training request, who holds
    the welcome meeting when the director is away, who books parking for guests (only employees' is stated);
  - another item of a listed kind: massage under DMS, a grandmother on the relatives' DMS (spouse, children,
    parents), German lessons (only English), biscuits in the kitchen (coffee, tea, fruit), a yearly bonus (only the
    quarterly one), a tablet (the issued kit and extra equipment are listed), how often monitors are replaced (only
    laptops), a WhatsApp channel to the helpdesk (portal, mail, Telegram, phone), unpaid days for moving house
    (marriage, birth, death), parking at a client's (taxi is listed);
  - a circumstance the documents never name: falling ill on a business trip, illness during unpaid leave (only
    annual leave is stated), a release date falling on a holiday, home internet for hybrid staff (only fully remote
    staff), a health day during probation, missing the yearly security test deadline, a leave request filed later
    than 14 days ahead, working abroad during probation, the on-call fee when ill mid-week;
  - an amount never stated: what the first-day team lunch may cost.
- ANSWERABLE look-alikes (12) of the same shapes, each a person, item or circumstance the documents do name.

Every unanswerable question was checked by reading the matching document.  Typed the way employees write in chat:
lower case, colloquial, a few typos, no question mark now and then.

Row format as in ``make_answer_eval.py``: (category, question, key facts, missing part); a key fact is a string
(alternatives separated by «|») a correct answer must contain.
"""

A, U = "answerable", "unanswerable"
ROWS = [
    # unanswerable: a person the documents do not name
    (U, "кто подписывает ученический договор со стороны компании", [], None),
    (U, "кто проводит постмортем после инцидента п1", [], None),
    (U, "кто назначает наставника новичку?", [], None),
    (U, "забыл пропуск дома, кому сказать чтоб пустили", [], None),
    (U, "кому жаловаться если ревьювер грубит в комментариях", [], None),
    (U, "кто рассматривает заявку на обучение если ее отклонили", [], None),
    (U, "кто ведёт welcome-встречу если гендиректор в отпуске", [], None),
    (U, "кто бронирует парковочное место для гостя", [], None),
    # unanswerable: another item of a listed kind
    (U, "массаж по дмс покрывается?", [], None),
    (U, "можно ли прикрепить бабушку к дмс за свой счет", [], None),
    (U, "компания оплачивает курсы немецкого?", [], None),
    (U, "печеньки на кухне когда привозят", [], None),
    (U, "годовую премию когда выплачивают?", [], None),
    (U, "выдают ли планшет для работы", [], None),
    (U, "мониторы раз во сколько лет обновляют", [], None),
    (U, "можно написать в техподдержку в вотсап?", [], None),
    (U, "сколько дней за свой счёт дают на переезд", [], None),
    (U, "возмещают ли парковку когда еду к клиенту на своей машине", [], None),
    # unanswerable: a circumstance the documents never name
    (U, "что делать если заболел в командировке", [], None),
    (U, "если заболел во время отпуска за свой счёт его продлят?", [], None),
    (U, "если день релиза выпал на праздник, когда релизим", [], None),
    (U, "компенсируют ли интернет гибридным сотрудникам", [], None),
    (U, "можно взять день здоровья на испытательном сроке", [], None),
    (U, "что будет если не прошел ежегодный тест по иб до 1 декабря", [], None),
    (U, "что если подал заявление на отпуск позже чем за 14 дней", [], None),
    (U, "можно ли поработать из-за границы пока на испытательном", [], None),
    (U, "платят ли 5000 за неделю дежурства если заболел посреди неё", [], None),
    # unanswerable: an amount never stated
    (U, "обед с командой в первый рабочий день на какую сумму можно", [], None),
    # answerable look-alikes: the person, item or circumstance the documents do name
    (A, "ключ от шкафчика у кого брать", ["офис-менеджер"], None),
    (A, "если в расчетном листке ошибка, кому писать", ["buh@romashka-soft.ru"], None),
    (A, "кто делает регресс перед релизом", ["QA"], None),
    (A, "кто определяет лимит на отель в зарубежной командировке", ["финансовый директор"], None),
    (A, "какой лимит на гостиницу в казани в командировке", ["5000"], None),
    (A, "на свадьбу скока дней за свой счет можно взять", ["5 календарных дней"], None),
    (A, "когда набор в группы по английскому", ["сентябре"], None),
    (A, "кто выдаст временный пароль если телефон с 2фа потерялся", ["инженер"], None),
    (A, "кому сдавать ноут при увольнении", ["ИТ-отдел"], None),
    (A, "можно писать в техподдержку через телеграм?", ["Telegram-бот|@romashka_help_bot"], None),
    (A, "кто согласует переход на полную удаленку", ["директор департамента"], None),
    (A, "заболел в ежегодном отпуске и открыл элн — отпуск продлят?", ["продлевается"], None),
]


def main() -> None:
    from answer_eval_split import write_split

    write_split(ROWS, prefix="hv", split="dev34", name="answer_eval_dev34.json")


if __name__ == "__main__":
    main()
