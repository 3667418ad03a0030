"""Writes tests/data/answer_eval_dev35.json: a thirty-fifth development split of the answer-level evaluation
(issue 18), the untuned split of branch ``fd7`` (false declines of yes/no questions, procedures and questions that
name their subject colloquially).

Written on 2026-11-28 (branch ``fd7``) before any code of that branch ran on it: the author read only the shipped
knowledge base's documents (``src/agentcore/rag/kb/default/*.md``) and dev31's row format, never ran ``agentcore ask``
on these questions, and committed the file before any code change.

- ANSWERABLE (26):
  - yes/no questions («можно ли…», «нужно ли…», «положена ли…», «переносятся ли…») whose answer is a rule of the
    document: splitting leave, paper certificates after sick leave, leave before six months, a long summer leave,
    a laptop on a business trip, working from home on a non-team day, per diem for the departure day, a receipt for a
    taxi, buying tickets oneself, health days carried over, a small purchase without approval, the top-up of sick pay,
    swapping an on-call week;
  - procedures («как…», «что делать, если…»): unpaid leave for a wedding, a lost pass, illness during leave, a trip
    abroad, going fully remote, a broken laptop, access to production servers, a forgotten password, a phishing link,
    a guest's pass;
  - the subject named colloquially: the training budget («на учёбу»), on-call pay, a locked account.
- PARTIAL (3): one part stated, one not (orthodontics under DMS, electricity at home, booking a meeting room for a
  weekend).
- UNANSWERABLE near misses (14), each beside the sentence that states the neighbouring case: unpaid leave for a
  move (only marriage, birth, a death are listed), returning the laptop on maternity leave (only on dismissal),
  financial aid for a wedding, a lost DMS card, glasses for screen work, internet for hybrid staff (only fully
  remote), a lost locker key, the training budget for interns, on-call pay after falling ill mid-week, carrying over
  the English lessons' share, fuel for a trip by car, a late advance report with a good reason, taxes when working
  abroad, a dog in the office.

Typed the way employees write in chat: lower case, no question mark now and then.

Row format as in ``make_answer_eval.py``: (category, question, key facts, missing part); a key fact is a string
(alternatives separated by «|») a correct answer must contain.
"""

A, P, U = "answerable", "partial", "unanswerable"
ROWS = [
    # answerable: yes/no questions
    (A, "можно ли разбить отпуск на несколько кусков", ["14 календарных дней"], None),
    (A, "нужно ли после больничного нести в кадры бумажную справку?", ["бумажные справки больше не нужны"], None),
    (A, "положен ли отпуск, если я работаю в компании всего четыре месяца", ["6 месяцев"], None),
    (A, "можно ли в июле уйти отдыхать на три недели подряд", ["директором департамента"], None),
    (A, "можно ли брать рабочий ноут с собой в командировку", ["свободно брать домой"], None),
    (A, "нужно ли кого-то предупреждать, если в пятницу сижу дома", ["предупреждать об этом не нужно"], None),
    (A, "положены ли суточные за день, когда уезжаю", ["включая дни отъезда и приезда"], None),
    (A, "нужен ли чек, чтобы вернули деньги за такси", ["без чека"], None),
    (A, "можно ли самому купить билеты на поезд для командировки", ["в исключительных случаях"], None),
    (A, "переносятся ли неиспользованные дни здоровья на следующий год", ["не переносятся"], None),
    (A, "надо ли согласовывать покупку переходника за 2000 рублей", ["без согласования"], None),
    (A, "доплачивает ли компания больничный до полной зарплаты", ["10 рабочих дней"], None),
    (A, "можно ли поменяться неделей дежурства с коллегой", ["2 рабочих дня"], None),
    # answerable: procedures
    (A, "как оформить отпуск за свой счёт на свадьбу", ["в день обращения"], None),
    (A, "что делать, если потерял пропуск в офис", ["заблокируют"], None),
    (A, "что делать если заболел во время отпуска", ["продлевается"], None),
    (A, "как оформить поездку к клиенту за границу", ["20 рабочих дней"], None),
    (A, "как перейти на полную удалёнку", ["формат работы"], None),
    (A, "что делать, если сломался ноут и работать не на чем", ["подменный ноутбук"], None),
    (A, "как получить доступ к продовым серверам", ["руководитель ИТ-инфраструктуры"], None),
    (A, "что делать, если забыл пароль от портала", ["2FA"], None),
    (A, "что делать, если перешёл по ссылке из подозрительного письма", ["1 часа"], None),
    (A, "как провести в офис гостя на встречу", ["до 18:00"], None),
    # answerable: the subject named colloquially
    (A, "сколько денег в год дают на учёбу", ["40 000"], None),
    (A, "сколько доплачивают за неделю на дежурке", ["5000"], None),
    (A, "на сколько блокируют учётку, если несколько раз ошибся с паролем", ["15 минут"], None),
    # partial
    (P, "сколько стоит дмс для ребёнка и входит ли туда ортодонтия", ["30 000"], "ортодонтия"),
    (P, "можно ли брать ноутбук домой и компенсируют ли электричество", ["свободно брать домой"], "электричество"),
    (P, "сколько переговорок в офисе и можно ли забронировать их на субботу", ["четыре"], "бронь на выходные"),
    # unanswerable near misses
    (U, "дадут ли пару дней за свой счёт, чтобы переехать в новую квартиру", [], None),
    (U, "нужно ли сдавать ноутбук при уходе в декрет", [], None),
    (U, "как получить от компании материальную помощь к свадьбе", [], None),
    (U, "что делать, если потерял карту дмс", [], None),
    (U, "как вернуть деньги за очки для работы за компьютером", [], None),
    (U, "положена ли компенсация интернета тем, кто на гибриде", [], None),
    (U, "что делать, если потерял ключ от шкафчика", [], None),
    (U, "положен ли бюджет на обучение стажёрам", [], None),
    (U, "сколько платят за дежурство, если заболел посреди недели", [], None),
    (U, "можно ли перенести неиспользованную оплату английского на следующий год", [], None),
    (U, "как оформить командировку на своей машине и компенсируют ли бензин", [], None),
    (U, "что делать, если опоздал с авансовым отчётом по уважительной причине", [], None),
    (U, "нужно ли платить налоги, если работаю из другой страны", [], None),
    (U, "разрешено ли брать с собой на работу в бизнес-центр свою собаку", [], None),
]


def main() -> None:
    from answer_eval_split import write_split

    write_split(ROWS, prefix="fy", split="dev35", name="answer_eval_dev35.json")


if __name__ == "__main__":
    main()
