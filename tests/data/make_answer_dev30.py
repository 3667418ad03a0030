"""Writes tests/data/answer_eval_dev30.json: a thirtieth development split of the answer-level evaluation (issue 18).

Written on 2026-11-27 (branch ``fd4``) before any code of that branch ran on it: the author read only the shipped
knowledge base's documents (``src/agentcore/rag/kb/default/*.md`` — mostly the less-asked sections of
``dms-insurance``, ``corporate-training``, ``helpdesk-tickets``, ``expense-reimbursement``, ``office-rules``,
``payroll``, ``information-security``, ``onboarding``, ``equipment-laptops``, ``remote-work`` and
``access-passwords``) and the older generators' row format, never ran ``agentcore ask`` on these questions, and
committed the file before measuring.  Five questions were reworded the same day (same meaning and key facts) because
the lead's data check found them word for word in other splits: fq007, fq010, fq019, fq032, fq033.  It is the
``fd4`` branch's UNTUNED split: scored only in total, before and after, its rows never read while developing.

Its purpose is the false decline: answerable questions typed the way employees write in chat — typos, slang
(«испыталка», «забронить», «компенсят», «учетка»), a situation instead of the document's noun («живу в
подмосковье», «курс стоит 150к»), English questions over the Russian documents — and, to price a looser reading,
unanswerable near misses about the same sections (a benefit, a thing or a place the documents do not name).

Composition: 27 answerable, 3 partial, 10 unanswerable; 5 in English.

Row format as in ``make_answer_eval.py``: (category, question, key facts, missing part); a key fact is a string
(alternatives separated by «|») a correct answer must contain.
"""

A, P, U = "answerable", "partial", "unanswerable"
ROWS = [
    # dms-insurance
    (A, "дмс с какого числа начинает действовать после испыталки", ["1-го числа месяца"], None),
    (A, "врача на дом по дмс можно вызвать если живу в подмосковье", ["30 км от МКАД"], None),
    (A, "протезирование зубов по дмс покрывают?", ["не входят|Не покрываются"], None),
    (A, "где взять электроную карту дмс", ["мобильном приложении"], None),
    (A, "если уволюсь до какого момента полис дмс будет работать", ["до конца месяца"], None),
    # corporate-training
    (A, "скока денег на обучение в год дают", ["40 000 ₽"], None),
    (A, "я еще на испыталке, на какую сумму могу пройти курсов", ["10 000 ₽"], None),
    (A, "за сколько надо подать заявку на конференцию", ["3 недели"], None),
    (A, "курс стоит 150к, что-то особое нужно подписывать?", ["ученический договор"], None),
    # helpdesk-tickets
    (A, "в будни до скольки открыта техподдержка", ["20:00"], None),
    (A, "заявка висит в статусе ожидает ответа, через скока ее закроют", ["5 рабочих дней"], None),
    (A, "по заявке сорвали срок решения, куда жаловаться", ["Эскалировать"], None),
    # expense-reimbursement
    (A, "такси с какого времени компенсят", ["22:00"], None),
    (A, "сколько дней есть чтобы подать чек на возмещение", ["30 календарных дней"], None),
    (A, "когда деньги за возмещение расходов приходят", ["ближайшей выплатой заработной платы"], None),
    # office-rules
    (A, "в выходные в офис попасть можно?", ["заявке офис-менеджеру"], None),
    (A, "переговорку на сколько часов максимум можно забронить", ["2 часов"], None),
    (A, "посеял пропуск, за сколько сделают новый", ["одного рабочего дня"], None),
    # payroll
    (A, "за сколько до отпуска приходят отпускные", ["3 рабочих дня"], None),
    (A, "где смотреть расчетный листок", ["Мои документы"], None),
    # information-security, onboarding, equipment, remote work, passwords
    (A, "можно ли скинуть файлы на флешку с рабочего ноута", ["заблокированы"], None),
    (A, "ежегодное обучение по иб до какого числа надо пройти", ["1 декабря"], None),
    (A, "как часто надо встречаться с наставником", ["раза в неделю"], None),
    (A, "на сколько минут блокируют учетку если пароль неправильно ввел несколько раз", ["15 минут"], None),
    # English questions
    (A, "when do we get the salary advance", ["25-го числа"], None),
    (A, "how fast does helpdesk react to a critical ticket", ["30 минут"], None),
    (A, "can I take the work laptop home", ["свободно брать домой"], None),
    # partial: one part answered, one not in the documents
    (P, "сколько стоит дмс для мамы и можно ли добавить бабушку", ["38 000 ₽"], "ДМС для бабушки"),
    (P, "сколько парковочных мест у бц и сколько стоит парковка", ["10 парковочных мест"], "стоимость парковки"),
    (
        P,
        "how much is the remote internet compensation and does it cover mobile data",
        ["1000 ₽"],
        "мобильный интернет",
    ),
    # unanswerable: near misses about the same sections
    (U, "дмс покрывает очки или контактные линзы?", [], None),
    (U, "а свою собаку в офис приводить разрешается", [], None),
    (U, "фитнес клуб нам фирма хоть частично оплачивает?", [], None),
    (U, "дают ли оплачиваемый выходной на переезд в новую квартиру", [], None),
    (U, "годовая премия какого размера бывает", [], None),
    (U, "можно ли потратить бюджет на обучение на курсы для жены", [], None),
    (U, "есть ли в офисе душ после пробежки", [], None),
    (U, "за сколько дней до увольнения надо предупредить руководителя", [], None),
    (U, "is there a gym in the office building", [], None),
    (U, "сколько стоит гостевой пропуск для курьера", [], None),
]


def main() -> None:
    from answer_eval_split import write_split

    write_split(ROWS, prefix="fq", split="dev30", name="answer_eval_dev30.json")


if __name__ == "__main__":
    main()
