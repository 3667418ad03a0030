"""Writes tests/data/answer_eval_dev25.json: a twenty-fifth development split of the answer-level evaluation
(issue 18).

Written on 2026-11-27 (branch ``fd2``) before any code of that branch ran on it: the author read only the shipped
knowledge base's documents (``src/agentcore/rag/kb/default/*.md``) and the older generators' row format, never ran
``agentcore ask`` on these questions, and committed the file before measuring.  Its purpose is the false decline of
an answer that holds the key fact while the question says it in other words than the document —

- colloquial and slang words (``блокнут учетку`` ~ «учётная запись блокируется», ``посеял`` ~ «потеря», ``махнуться``
  ~ «поменяться», ``забронить``, ``смержить``, ``приболел``, ``отписаться`` ~ «сообщить»);
- paraphrases and derived words of the same root (``возместят`` ~ «возмещает», ``учеба`` ~ «обучение»,
  ``отчитаться`` ~ «авансовый отчёт», ``апрувов`` ~ «одобрений», ``кадры`` ~ «HR», ``писать заявление`` ~ «подайте
  заявление»);
- English questions over the Russian documents;
- PARTIAL questions (one part the documents answer, one a near miss they do not) and UNANSWERABLE near misses about
  the same neighbourhoods, so that the cost of matching words more loosely is seen.

Composition: 24 answerable, 8 partial, 8 unanswerable.  Typed the way employees write in chat: lower case, slang,
no question mark now and then.

Row format as in ``make_answer_eval.py``: (category, question, key facts, missing part); a key fact is a string
(alternatives separated by «|») a correct answer must contain.
"""

A, P, U = "answerable", "partial", "unanswerable"
ROWS = [
    # answerable: colloquial, paraphrased, derived words
    (A, "учетку блокнут если 5 раз пароль неправильно вбить? на сколько", ["15 минут"], None),
    (A, "посеял ноут с рабочими данными, за сколько надо отписаться безопасникам", ["1 час"], None),
    (A, "на такси до дома после десяти вечера сколько возместят", ["1500 ₽"], None),
    (A, "за сколько дней после покупки надо подать на возмещение", ["30 календарных дней"], None),
    (A, "приболел — до скольки надо отписаться начальнику", ["11:00"], None),
    (A, "номер элн после выздоровления в какой срок передать в кадры", ["2 рабочих дней"], None),
    (A, "заявление на отпуск за сколько до него писать", ["14 календарных дней"], None),
    (A, "отпускные за сколько до отпуска приходят", ["3 рабочих дня"], None),
    (A, "поменять карту для зарплаты до какого числа надо успеть", ["20-го числа"], None),
    (A, "потерял пропуск куда бежать", ["ресепшен"], None),
    (A, "переговорку максимум на сколько можно забронить", ["2 часов"], None),
    (A, "суточные по россии скока в день", ["700 ₽"], None),
    (A, "после командировки отчитаться чеками в какой срок", ["3 рабочих дней"], None),
    (A, "на учебу сколько денег в год выделяют", ["40 000 ₽"], None),
    (A, "махнуться дежурством с коллегой — за сколько дней надо успеть", ["2 рабочих дня"], None),
    (A, "разбор инцидента p1 в какой срок проводят", ["3 рабочих дней"], None),
    (A, "мр в мейн сколько апрувов нужно чтобы смержить", ["2 одобрений"], None),
    (A, "за сколько ревьюер обязан ответить на мр", ["1 рабочего дня"], None),
    (A, "родителей к дмс прикрепить во сколько обойдется", ["38 000 ₽"], None),
    # answerable: English questions
    (A, "how often do I have to change my password", ["90 дней"], None),
    (A, "if my laptop breaks when do i get a replacement", ["в тот же рабочий день"], None),
    (A, "how many sick days can i take without a doctor's note per year", ["3 оплачиваемых дня здоровья"], None),
    (A, "when is the advance salary paid", ["25-го числа"], None),
    (A, "how much is paid for an on-call week", ["5000 ₽"], None),
    # partial: one part answered, one a near miss
    (
        P,
        "пароль как часто обновлять и сколько действует временный пароль от техподдержки",
        ["90 дней"],
        "срок временного пароля",
    ),
    (P, "ноут раз во сколько лет меняют и можно ли выкупить старый", ["3 года"], "выкуп старого ноутбука"),
    (P, "квартальную премию когда платят и от чего зависит ее размер", ["10 апреля"], "размер премии"),
    (P, "сколько мест на парковке у бц и сколько стоит место в месяц", ["10 парковочных мест"], "стоимость парковки"),
    (P, "vpn на скольких устройствах можно и работает ли он из китая", ["3 конфигураций"], "VPN из Китая"),
    (P, "hotel limit in st petersburg and is breakfast covered", ["7000 ₽"], "завтрак"),
    (
        P,
        "английский сколько процентов оплачивают и какой уровень нужен чтобы попасть в группу",
        ["50%"],
        "уровень для группы",
    ),
    (
        P,
        "дни здоровья сколько в год и можно ли взять день здоровья если заболел ребенок",
        ["3 оплачиваемых дня здоровья"],
        "день здоровья по уходу за ребёнком",
    ),
    # unanswerable near misses
    (U, "утреннее такси до офиса компания возмещает?", [], None),
    (U, "how much does the company pay for a gym membership", [], None),
    (U, "курсы вождения можно оплатить из бюджета на обучение?", [], None),
    (U, "дмс покрывает очки и контактные линзы?", [], None),
    (U, "за донорство крови дают выходные? сколько", [], None),
    (U, "за бензин на личной машине в командировке сколько компенсируют за километр", [], None),
    (U, "премия за то что привел друга в компанию сколько", [], None),
    (U, "сколько переговорок в питерском офисе", [], None),
]


def main() -> None:
    from answer_eval_split import write_split

    write_split(ROWS, prefix="pf", split="dev25", name="answer_eval_dev25.json")


if __name__ == "__main__":
    main()
