"""Writes tests/data/answer_eval_devh2.json: a development split of short questions, most of them off-topic.

Written on 2026-11-26 (issue 18, branch ``hal18``) from the shipped knowledge base's documents, each key fact checked
against them (grep), *before* any answerer ran on it.  A development split; ``test`` and the ``holdout*`` splits stay
held out.  Its unanswerable questions are short — one or two subject words about an office matter no document covers
(a canteen, a gym, a dress code, a lawyer) — the kind a searcher finds a near section for and a focus check with one
term to match may let through; its answerable questions are as short, about what the documents do say.  Three
answerable questions first written («когда аванс», «где хранить пароли», «когда ретро») were replaced before any run:
another split holds them word for word.  Row format as in ``make_answer_eval.py``: (category, question, key facts,
missing part).
"""

A, P, U = "answerable", "partial", "unanswerable"
ROWS = [
    (U, "где столовая", [], None),
    (U, "когда новогодний бонус", [], None),
    (U, "сколько стоит обед", [], None),
    (U, "кто отвечает за кофе", [], None),
    (U, "где душ в офисе", [], None),
    (U, "когда тимбилдинг", [], None),
    (U, "кто наш юрист", [], None),
    (U, "есть ли спортзал", [], None),
    (U, "когда медосмотр", [], None),
    (U, "где взять визитки", [], None),
    (U, "кто отвечает за пожарную безопасность", [], None),
    (U, "когда день рождения компании", [], None),
    (U, "где хранить велосипед", [], None),
    (U, "какой дресс-код", [], None),
    (U, "когда индексация зарплаты", [], None),
    (U, "кто выдаёт канцтовары", [], None),
    (U, "во сколько обед", [], None),
    (U, "кто ведёт английский", [], None),
    (U, "сколько стоит курс по питону", [], None),
    (U, "когда отпуск у директора", [], None),
    (A, "лимит на отель в питере", ["7000"], None),
    (A, "кто согласует отпуск", ["руководитель"], None),
    (A, "пароль сколько символов", ["12 символов"], None),
    (A, "когда планирование спринта", ["11:00"], None),
    (A, "сколько суточных", ["700"], None),
    (A, "куда писать про фишинг", ["security@romashka-soft.ru"], None),
    (A, "кто берёт билеты на командировку", ["тревел-координатор"], None),
    (A, "когда код-фриз", ["18:00"], None),
    (A, "какой номер техподдержки", ["1111"], None),
    (A, "дни здоровья сколько в год", ["3 оплачиваемых дня"], None),
]


def main() -> None:
    from answer_eval_split import write_split

    write_split(ROWS, prefix="y", split="devh2", name="answer_eval_devh2.json")


if __name__ == "__main__":
    main()
