"""Writes tests/data/answer_eval_dev17.json: a seventeenth development split of the answer-level evaluation (issue 18).

Written on 2026-11-27 (branch ``yn``) before any code of that branch ran on it: the author read only the shipped
knowledge base's documents (``src/agentcore/rag/kb/default/*.md``) and the older generators' row format, never ran
``agentcore ask`` on these questions, and committed the file before measuring.  Its purpose is the false decline of
a yes/no or value part whose answer one sentence states in other words:

- ANSWERABLE yes/no questions (30) worded the way employees write: a colloquial synonym for the document's noun or
  verb («ноут» for «ноутбук», «утащить домой» for «выносится из офиса», «юзать» for «загружать», «сгорает» for
  «не переносится», «пускают» for «приглашают», «раздаёт задачи» for «распределяет задачи», «вмержить» for «влить»),
  another part of speech («оплата за переработку» for «оплачивается», «отгул за свой счёт» for «отпуск без
  сохранения заработной платы»), or the verb left out («ноут домой на выходные можно?»);
- ANSWERABLE value questions (14) — a number, a time, a person or a service — paraphrased the same way («блочат
  учётку» for «учётная запись блокируется», «сдох» for «сломался», «кидать заявку» for «создайте заявку»,
  «упадут на карту» for «перечисляются»);
- UNANSWERABLE near misses (16): the documents state a neighbouring case of the same yes/no or value — the laptop
  may go home and on business trips (not abroad on holiday), a taxi after 22:00 home (not in the morning to the
  office), internet for remote staff (not electricity), a test smartphone (not a second laptop), paid sick leave for
  a child (not a parent), 10 parking places for employees (not for motorcycles), releases forbidden at weekends (not
  merges), a day off for a trip on a weekend (not after a weekday trip), 50 % of English classes (not their price
  in roubles), a conference speaker's trip paid (not a bonus), our grooming's hour (not the Scrum Guide's), the
  office's hours (not the reception's), the Scrum Master of two teams (no extra pay), the policy in Moscow and 30 km
  around (not abroad), the reimbursed small purchases (not glasses), the trip's taxi to a client (not parking).

Every unanswerable question was checked by reading the matching document: no laptop abroad on holiday, no DMS abroad,
no morning taxi, no parking at a client's, no second laptop, no bonus for a talk, no price of English in roubles, no
sick leave to care for a parent, no motorcycle places, no rule on merging at weekends, no rest day after a weekday
trip, no extra pay for a Scrum Master of two teams, no Scrum Guide length of grooming, no reception hours, no
electricity compensation, no glasses paid for.

Composition: 44 answerable, 0 partial, 16 unanswerable.  Typed the way employees write: lower case, typos, slang.

Row format as in ``make_answer_eval.py``: (category, question, key facts, missing part); a key fact is a string
(alternatives separated by «|») a correct answer must contain.
"""

A, P, U = "answerable", "partial", "unanswerable"
ROWS = [
    # answerable yes/no: a colloquial synonym, another part of speech, or the verb left out
    (A, "ноут домой на выходные можно?", ["свободно брать домой"], None),
    (A, "оплата за переработку в выходной есть?", ["двойном размере"], None),
    (A, "отгул за свой счет на свадьбу дадут?", ["5 календарных дней"], None),
    (A, "монитор из офиса домой утащить можно?", ["заявке на вынос|заявку в техподдержку на вынос"], None),
    (A, "флешки на рабочем ноуте работают?", ["заблокированы"], None),
    (A, "пароль в заметках на телефоне хранить норм?", ["запрещено|Passwork"], None),
    (A, "чатгпт можно юзать для рабочих доков?", ["Запрещено загружать"], None),
    (A, "ноут глючит, можно самому в сервис отнести починить?", ["сторонние сервисы"], None),
    (A, "пиво на встрече с клиентом компенсируют?", ["алкоголь"], None),
    (A, "неотгулянный отпуск сгорает?", ["переносится на следующий год"], None),
    (A, "остаток денег на обучение переходит на след год?", ["не переносится"], None),
    (A, "заболел в отпуске, отпуск продлят?", ["продлевается"], None),
    (A, "имплантацию зубов страховка покрывает?", ["не входят"], None),
    (A, "врача на дом по дмс в подмосковье вызвать можно?", ["30 км"], None),
    (A, "за интернет удаленщикам платят?", ["1000 ₽"], None),
    (A, "за дежурство платят если ничего не сломалось?", ["5000 ₽"], None),
    (A, "на дежурстве можно уехать на дачу где нет связи", ["нет связи"], None),
    (A, "свой мр без апрувов вмержить можно?", ["запрещено"], None),
    (A, "перед новым годом релизы выкатываем?", ["последнюю неделю декабря"], None),
    (A, "в пятницу хотфикс выпустить можно?", ["P1"], None),
    (A, "скрам-мастер может быть продактом одновременно?", ["не рекомендуется"], None),
    (A, "стейкхолдеров пускают на ретру?", ["не приглашают"], None),
    (A, "цель спринта посреди спринта поменять можно?", ["не меняется"], None),
    (A, "продакт раздает задачи разрабам?", ["не распределяет"], None),
    (A, "в офисе впн включать надо?", ["не нужно"], None),
    (A, "впн конфиг можно поставить жене на телефон", ["чужие устройства"], None),
    (A, "накажут если кликнул на фишинговую ссылку и сразу сообщил?", ["не наказывают"], None),
    (A, "английский съедает бюджет на обучение?", ["не уменьшают"], None),
    (A, "на испыталке можно уйти в отпуск за свой счет?", ["не мешает"], None),
    (A, "камеру на дейли включать обязательно?", ["включайте камеру"], None),
    # answerable value parts (number, time, person, service) in the asker's words
    (A, "на сколько блочат учетку если пароль неправильно набрал много раз", ["15 минут"], None),
    (A, "кто одобряет переход на удаленку насовсем", ["директор департамента"], None),
    (A, "на сколько дней дают доступ к прод серверам", ["30 дней"], None),
    (A, "куда писать чтоб купили билеты в командировку", ["travel@romashka-soft.ru"], None),
    (A, "отдежурил много недель, сколько доп дней к отпуску накинут", ["3 дополнительных дня"], None),
    (A, "в испытательный период какой лимит на курсы", ["10 000 ₽"], None),
    (A, "ноут сдох, когда дадут замену на время", ["тот же рабочий день"], None),
    (A, "отпускные за сколько дней до отпуска упадут на карту", ["3 рабочих дня"], None),
    (A, "за сколько до загранкомандировки заявку кидать", ["20 рабочих дней"], None),
    (A, "премия за 2 квартал когда придет", ["10 июля"], None),
    (A, "скока народу из команды могут одновременно отдыхать в отпуске", ["трети"], None),
    (A, "такси до дома поздно вечером сколько вернут", ["1500 ₽"], None),
    (A, "заявку на возмещение завернули, сколько есть на исправление", ["5 рабочих дней"], None),
    (A, "в какой проге брать код для двухфакторки", ["Яндекс Ключ"], None),
    # unanswerable near misses: the documents state a neighbouring case only
    (U, "рабочий ноут в отпуск за границу брать можно?", [], None),
    (U, "дмс действует когда я за границей в отпуске?", [], None),
    (U, "такси утром до офиса компенсируют если проспал", [], None),
    (U, "парковку у клиента компенсируют?", [], None),
    (U, "второй ноутбук для тестов выдают?", [], None),
    (U, "за выступление на конференции премию платят?", [], None),
    (U, "сколько рублей стоит английский для сотрудника", [], None),
    (U, "больничный по уходу за мамой оплачивается?", [], None),
    (U, "сколько мест на парковке для мотоциклов", [], None),
    (U, "можно ли мержить мр в выходные", [], None),
    (U, "после долгой командировки в будни дают день отдыха?", [], None),
    (U, "скрам-мастеру доплачивают за вторую команду?", [], None),
    (U, "груминг по скрам гайду сколько должен длиться", [], None),
    (U, "до скольки работает ресепшен", [], None),
    (U, "электричество на удаленке компенсируют?", [], None),
    (U, "очки для работы за компом оплачивает компания?", [], None),
]


def main() -> None:
    from answer_eval_split import write_split

    write_split(ROWS, prefix="yn", split="dev17", name="answer_eval_dev17.json")


if __name__ == "__main__":
    main()
