"""Writes tests/data/answer_eval_dev28.json: a twenty-eighth development split of the answer-level evaluation
(issue 18).

Written on 2026-11-27 (branch ``fd3``) before any code of that branch ran on it: the author read only the shipped
knowledge base's documents (``src/agentcore/rag/kb/default/*.md``) and the older generators' row format, never ran
``agentcore ask`` on these questions, and committed the file before measuring.  Its purpose is the false decline of
an answerable question whose words are not the document's because of how people ask, not because of what they ask —

- light verbs that carry no subject of their own (``что делать``, ``что сделать``, ``как получить``, ``как
  оформить``, ``сколько дают``) and verbs of motion (``еду``, ``лечу``, ``идти``, ``ходить``, ``прийти``): the
  document says «командировка», «сообщите», «выдаётся»;
- pronominal adjectives and quantifiers (``каждый``, ``весь``, ``любой``, ``такой``) next to the real subject;
- word forms a morphological analyser reads ambiguously in isolation (``еду`` — «ехать» or «еда», ``стали``,
  ``дают``) and typos (``камандировку``, ``гостиница`` with a double «н», ``скока``);
- English questions over the Russian documents;
- synonyms the documents do not use (``свадьба`` ~ «регистрация брака», ``гендир`` ~ «генеральный директор»);
- PARTIAL questions: one part the documents answer, one they do not.

Composition: 32 answerable, 8 partial (no unanswerable rows: this split measures false declines; the cost of a looser
reading is measured on the older splits' unanswerable rows).  Typed the way employees write in chat.

Row format as in ``make_answer_eval.py``: (category, question, key facts, missing part); a key fact is a string
(alternatives separated by «|») a correct answer must contain.
"""

A, P = "answerable", "partial"
ROWS = [
    # light verbs and verbs of motion
    (A, "еду в камандировку в питер, гостинница на сколько за ночь максимум", ["7000 ₽"], None),
    (A, "лечу в командировку за границу, за сколько надо оформить заявку", ["20 рабочих дней"], None),
    (A, "какие суточные дают если еду за границу", ["2500 ₽"], None),
    (A, "заболел что делать то", ["11:00"], None),
    (A, "что сделать если ноут сломался и работать вообще не на чем", ["1111"], None),
    (A, "как получить пропуск для гостя", ["18:00"], None),
    (A, "как оформить день здоровья", ["12:00"], None),
    (A, "сколько дают дней отпуска в год", ["28 календарных дней"], None),
    (A, "сколько идти от метро до офиса", ["7 минут"], None),
    (A, "до скольки можно прийти на работу утром", ["11:00"], None),
    (A, "через сколько лет дают новый ноутбук", ["3 года"], None),
    (A, "дежурство сколько платят за неделю", ["5000 ₽"], None),
    # pronominal adjectives and quantifiers
    (A, "сколько дней здоровья дают каждый год", ["3 оплачиваемых дня здоровья"], None),
    (A, "каждый сотрудник сколько дней в неделю должен ходить в офис", ["2 дня в неделю"], None),
    (A, "в какие дни вся команда сидит в офисе", ["Вторник и четверг|вторникам и четвергам"], None),
    (A, "зарплату можно получать на карту любого банка?", ["любого российского банка"], None),
    (A, "если дежурил весь год сколько доп дней к отпуску дадут", ["3 дополнительных дня"], None),
    (A, "такой отпуск без сохранения зп на свадьбу сколько дней можно взять", ["5 календарных дней"], None),
    # synonyms and colloquial words
    (A, "на какую сумму можно купить кабель без согласования", ["3000 ₽"], None),
    (A, "обед с клиентом скока на человека компенсят", ["3000 ₽"], None),
    (A, "до скольки надо заполнить ворклоги за неделю", ["18:00 пятницы"], None),
    (A, "во сколько начинается первый день у новичка", ["10:00"], None),
    (A, "какая станция метро ближе всего к офису", ["Ботанический сад"], None),
    (A, "на p1 на дежурстве за сколько минут надо отреагировать", ["15 минут"], None),
    (A, "сколько человек должно одобрить мой merge request", ["2 одобрений"], None),
    (A, "какой максимальный размер мр рекомендуют", ["400 изменённых строк"], None),
    (A, "можно ли выкатывать релиз в пятницу", ["По пятницам"], None),
    (A, "во скока обойдется в год дмс для сына", ["30 000 ₽"], None),
    (A, "куда пересылать подозрительное письмо", ["security@romashka-soft.ru"], None),
    (A, "через сколько экран сам блокируется если отошел", ["5 минут"], None),
    # English questions
    (A, "how long is the probation period", ["3 месяца"], None),
    (A, "how long can I work from abroad per year", ["30 календарных дней"], None),
    # partial: one part answered, one not in the documents
    (
        P,
        "сколько дают на обустройство рабочего места на удаленке и можно ли на эти деньги купить ноутбук",
        ["15 000 ₽"],
        "покупка ноутбука на компенсацию",
    ),
    (P, "сколько делают справку 2-ндфл и можно ли получить бумажную", ["3 рабочих дней"], "бумажная справка"),
    (P, "пароль какой длины должен быть и можно ли использовать кириллицу", ["12 символов"], "кириллица в пароле"),
    (P, "how much is the per diem abroad and is it taxed", ["2500 ₽"], "налог с суточных"),
    (P, "когда набор на английский и сколько человек в группе", ["сентябре"], "размер группы"),
    (
        P,
        "за скока до квартала публикуют график дежурств и можно ли дежурить из отпуска",
        ["2 недели"],
        "дежурство во время отпуска",
    ),
    (P, "когда бывает welcome встреча с гендиром и сколько она длится", ["первую среду месяца"], "длительность"),
    (P, "гостевой вайфай какой пароль и какая там скорость", ["пароль на ресепшене"], "скорость гостевой сети"),
]


def main() -> None:
    from answer_eval_split import write_split

    write_split(ROWS, prefix="fe", split="dev28", name="answer_eval_dev28.json")


if __name__ == "__main__":
    main()
