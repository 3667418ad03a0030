"""Writes tests/data/answer_eval_dev21.json: a twenty-first development split of the answer-level evaluation (issue 18).

Written on 2026-11-27 (branch ``ks``) before any code of that branch ran on it: the author read only the shipped
knowledge base's documents (``src/agentcore/rag/kb/default/*.md``) and the older generators' row format, never ran
``agentcore ask`` on these questions, and committed the file before measuring.  Its purpose is the FALSE DECLINE the
composer causes: the right document is found, but the sentence that answers is not among those shown.  Every
answerable question asks what ONE sentence states in the middle of a section — never the section's first sentence —
so the sentence sharing most words with the question (often the section's opening) is not the answer: the second
sentence of a list item (a flight's business class, the screen lock's minutes), a later sentence of a paragraph (the
DMS programme's renewal, a lost laptop's cost, a returned expense claim's one correction), a step's second sentence
(a trip abroad's lead time), a yes/no answered by a qualifying sentence (support never asks for a 2FA code, a
hotfix on Friday only for P1).

Partial questions (5) add a part no document answers (eating in a meeting room, a taxi to the course, a dress code,
a work phone, the channel's speed); unanswerable ones (5) ask what the documents never mention.

Composition: 30 answerable, 5 partial, 5 unanswerable.  Typed the way employees write: lower case, typos, slang.

Row format as in ``make_answer_eval.py``: (category, question, key facts, missing part); a key fact is a string
(alternatives separated by «|») a correct answer must contain, copied from the document.
"""

A, P, U = "answerable", "partial", "unanswerable"
ROWS = [
    (A, "суточные за бугром скока в день платят", ["2500 ₽"], None),
    (A, "бизнесс классом можно лететь в командировку?", ["дольше 6 часов"], None),
    (A, "командировка выпала на выходные, что за это дают", ["в двойном размере или день отдыха"], None),
    (A, "за скока дней оформлять загран командировку", ["20 рабочих дней"], None),
    (A, "на испытательном сколько можно потратить на обучение", ["10 000 ₽"], None),
    (A, "курс дороже 40 тыщ кто ещё согласует кроме руководителя", ["директор департамента"], None),
    (A, "английский в партнерской школе когда набирают группы", ["в сентябре и феврале"], None),
    (
        A,
        "если уволюсь после дорогого обучения деньги вернуть придется?",
        ["пропорционально неотработанному времени"],
        None,
    ),
    (A, "когда продлевают программу дмс каждый год", ["1 февраля"], None),
    (A, "до какого числа подать заявку чтоб прикрепить мужа к дмс", ["до 20-го числа"], None),
    (A, "пошел в клинику по дмс без направления пульта, оплатят?", ["может не быть оплачена"], None),
    (A, "уволился, дмс еще сколько действует", ["до конца месяца"], None),
    (A, "заказал док станцию, скока ждать", ["до 5 рабочих дней"], None),
    (A, "ноут сломался, подменный когда выдают", ["в тот же рабочий день"], None),
    (A, "потерял ноут по неосторожности, мне за него платить?", ["остаточную стоимость"], None),
    (A, "заявку на возмещение отклонили, сколько раз можно исправить", ["один раз"], None),
    (A, "как через бота глянуть статус заявки в техподдержку", ["/status"], None),
    (A, "через сколько минут экран сам блокируется", ["5 минут"], None),
    (A, "техподдержка может попросить код 2fa?", ["никогда не просит"], None),
    (A, "ежегодный тест по иб до какого числа пройти", ["до 1 декабря"], None),
    (A, "если на бронь переговорки никто не пришел ее снимут?", ["15 минут"], None),
    (A, "если дежурный не ответил на алерт P1 кому бот звонит", ["второму дежурному"], None),
    (A, "поменятся дежурством с коллегой за сколько дней надо", ["2 рабочих дня"], None),
    (A, "с бадди как часто встречаться надо", ["не реже раза в неделю"], None),
    (A, "справку 2ндфл скока дней делают", ["3 рабочих дней"], None),
    (A, "доплата до 100 процентов на больничном за сколько дней в году", ["10 рабочих дней"], None),
    (A, "день здоровья до скольки оформить надо", ["до 12:00"], None),
    (A, "сколько конфигов впн можно сделать на одного", ["не более 3 конфигураций"], None),
    (A, "для хотфикса скока апрувов нужно", ["одного одобрения"], None),
    (A, "можно ли в пятницу выпустить hotfix", ["только для инцидентов P1"], None),
    (P, "сколько мест в переговорке василек и можно ли там обедать", ["6 мест"], "обедать"),
    (P, "за сколько дней подавать на обучение и оплачивают ли такси до курсов", ["3 недели"], "такси"),
    (P, "во сколько первый день у новичка начинается и какой дресс код", ["10:00"], "дресс-код"),
    (P, "сколько платят за неделю дежурства и выдают ли рабочий телефон", ["5000 ₽"], "рабочий телефон"),
    (P, "впн конфиг сколько действует и какая скорость канала", ["180 дней"], "скорость"),
    (U, "компенсируют ли абонемент в спортзал", [], None),
    (U, "можно ли привести собаку в офис", [], None),
    (U, "какой размер 13й зарплаты", [], None),
    (U, "визитки корпоративные где заказывают", [], None),
    (U, "сколько стоит обед в столовой бц северный", [], None),
]


def main() -> None:
    from answer_eval_split import write_split

    write_split(ROWS, prefix="ks", split="dev21", name="answer_eval_dev21.json")


if __name__ == "__main__":
    main()
