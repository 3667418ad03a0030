"""Writes tests/data/answer_eval_dev22.json: a twenty-second development split of the answer-level evaluation
(issue 18).

Written on 2026-11-27 (branch ``mf``) before any code of that branch ran on it: the author read only the shipped
knowledge base's documents (``src/agentcore/rag/kb/default/*.md``) and the older generators' row format, never ran
``agentcore ask`` on these questions, and committed the file before measuring.  Its purpose is how a question's
words are matched to the documents' words: every question says its subject the way employees write in chat, in a
form the document does not use —

- the other aspect or another form of the document's verb («подавать» / «подайте», «сдавать» / «сдайте»,
  «согласовывает» / «согласуется», «возместят» / «возмещает», «откатывают» / «откатывает»);
- a clipped, slang or diminutive word («ретру», «дейлик», «денечков», «болячки», «учетку», «ноуты», «саппорт»,
  «моник», «посеял», «бугра», «удаленщикам»), a verb made of a noun («релизить», «смержить», «бронить»);
- Latin product and method names (Scrum, Kanban; Scrumban and Kaiten, which no document names);
- near misses the documents do not answer (unanswerable), and questions with one part the documents answer and
  one they do not (partial).

Composition: 31 answerable, 5 partial, 5 unanswerable.  Typed the way employees write: lower case, typos, slang.

Row format as in ``make_answer_eval.py``: (category, question, key facts, missing part); a key fact is a string
(alternatives separated by «|») a correct answer must contain.
"""

A, P, U = "answerable", "partial", "unanswerable"
ROWS = [
    # the other aspect or form of the document's verb
    (A, "заболел, до скольки сообщать руководителю", ["11:00"], None),
    (A, "заявление на отпуск за сколько дней до него подавать", ["14 календарных дней"], None),
    (A, "в течение скольки дней сдавать авансовый отчет после командировки", ["3 рабочих дней"], None),
    (A, "отпуск летом больше двух недель кто согласовывает", ["директором департамента"], None),
    (A, "такси после 22 до дома сколько возместят", ["1500 ₽"], None),
    (A, "откатывают релиз при скольки процентах ошибок", ["2%"], None),
    (A, "заявку на отпуск кто согласовывает", ["непосредственный руководитель"], None),
    (A, "поменяться дежурствами с коллегой за сколько дней до начала надо", ["2 рабочих дня"], None),
    # clipped, slang and diminutive words
    (A, "за первые дни болячки кто платит", ["оплачивает компания"], None),
    (A, "денечков здоровья скок в год", ["3 оплачиваемых дня здоровья"], None),
    (A, "учетку залочит после 5 неправильных вводов пароля на скока", ["15 минут"], None),
    (A, "куда звонить в саппорт если все упало", ["1111"], None),
    (A, "во скока ретру проводим", ["16:30"], None),
    (A, "планерка скока по времени длится", ["15 минут"], None),
    (A, "посидеть с клиентом в кафе сколько компенсируют на человека", ["3000 ₽"], None),
    (A, "потерял чек от такси, деньги вернут?", ["без чека расход не компенсируется"], None),
    (A, "ноут сломался, подменный когда дадут", ["в тот же рабочий день"], None),
    (A, "ноуты раз во сколько лет обновляют", ["раз в 3 года"], None),
    (A, "пропуск посеял, че делать", ["ресепшен"], None),
    (A, "гостевой пропуск до скольки заказывать", ["18:00"], None),
    (A, "стол в офисе до скольки бронить на день", ["9:00"], None),
    (A, "из-за бугра работать сколько дней можно в году", ["30 календарных дней"], None),
    (A, "удаленщикам интернет сколько компенсят", ["1000 ₽"], None),
    (A, "дейлик во сколько", ["10:15"], None),
    (A, "справку 2-ндфл за скольк дней сделают", ["3 рабочих дней"], None),
    (A, "экран сам заблочится через сколько минут", ["5 минут"], None),
    # verbs made of nouns, Latin names
    (A, "апрувов сколько надо чтоб смержить мр", ["2 одобрений"], None),
    (A, "ревьюер в течение скольки отвечать должен на мр", ["1 рабочего дня"], None),
    (A, "в пятницу релизить можно?", ["плановые релизы запрещены"], None),
    (A, "впн конфиги на скольких устройствах можно", ["3 конфигураций"], None),
    (A, "саппорт работает по scrum или kanban?", ["по канбану"], None),
    # partial: one part the documents answer, one they do not
    (P, "больничный: до скольки сообщить руку и оплачивают ли такси до поликлиники", ["11:00"], "такси до поликлиники"),
    (P, "переговорку на сколько часов бронить максимум и можно ли заказать пиццу в переговорку", ["2 часов"], "пицца"),
    (P, "суточные по россии скока и дают ли на командировку корпоративную карту", ["700 ₽"], "корпоративная карта"),
    (P, "дежурному сколько за неделю платят и выдают ли второй телефон", ["5000 ₽"], "второй телефон"),
    (P, "scrumban у нас используют и сколько длится спринт", ["2 недели"], "scrumban"),
    # unanswerable: a near miss the documents do not state
    (U, "scrumban доска какие колонки", [], None),
    (U, "за парковку самоката у офиса платить надо?", [], None),
    (U, "ипотеку компания компенсирует?", [], None),
    (U, "сколько дней отпуска за донорство крови", [], None),
    (U, "в kaiten заявки заводить можно?", [], None),
]


def main() -> None:
    from answer_eval_split import write_split

    write_split(ROWS, prefix="mf", split="dev22", name="answer_eval_dev22.json")


if __name__ == "__main__":
    main()
