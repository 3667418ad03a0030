"""Writes tests/data/answer_eval_dev32.json: a thirty-second development split of the answer-level evaluation
(issue 18), the untuned split of branch ``fd5`` (false declines of value questions).

Written on 2026-11-28 (branch ``fd5``) before any code of that branch ran on it: the author read only the shipped
knowledge base's documents (``src/agentcore/rag/kb/default/*.md`` — ``payroll``, ``work-schedule``,
``office-rules``, ``helpdesk-tickets``, ``equipment-laptops``, ``on-call-duty``, ``vacation-policy``,
``sick-leave``, ``business-trips``, ``expense-reimbursement``, ``dms-insurance``, ``corporate-training``,
``remote-work``, ``onboarding``, ``access-passwords``, ``release-process``, ``code-review``,
``information-security``) and dev31's row format, never ran ``agentcore ask`` on these questions, and committed the
file before measuring.  fw018 was reworded the same day (same meaning and key fact) because the lead's data check
found it word for word in another split.  It is the ``fd5`` branch's UNTUNED split: scored only in total, once, after
the method was done; its rows are never read while developing.

Its purpose is the false decline of a question asking a value — a number, a duration, a time of day, a date, a
person or a role — whose sentence the documents hold, typed the way employees write in chat (lower case, typos,
slang: «скока», «испыталка», «учетка», «жира»), and, to price a looser reading of the asked value, unanswerable near
misses whose asked value the documents do not give although the neighbouring value is there (a price where only a
count is stated, a phone where only an e-mail is, a time of day where only a date is, a person where only days are).

Composition: 24 answerable, 2 partial, 14 unanswerable.

Row format as in ``make_answer_eval.py``: (category, question, key facts, missing part); a key fact is a string
(alternatives separated by «|») a correct answer must contain.
"""

A, P, U = "answerable", "partial", "unanswerable"
ROWS = [
    # answerable: a number, a sum, a count
    (A, "скока платят за неделю дежурства если ничего не сломалось", ["5000 ₽"], None),
    (A, "лимит на гостиницу в питере за ночь какой", ["7000 ₽"], None),
    (A, "скок суточных дают в командировке по росии", ["700 ₽"], None),
    (A, "сколько мест в переговорке василек", ["6 мест"], None),
    (A, "во сколько обойдется дмс на ребенка", ["30 000 ₽"], None),
    (A, "сколько дней здоровья в году положено", ["3 оплачиваемых дня"], None),
    # answerable: a duration or a deadline
    (A, "через сколько разблокируют учетку если 5 раз ввел пароль неправильно", ["15 минут"], None),
    (A, "сколко ждать справку 2ндфл", ["3 рабочих дней"], None),
    (A, "за сколько дней до отпуска приходят отпускные", ["3 рабочих дня"], None),
    (A, "за какой срок надо подавать заявку на командировку за границу", ["20 рабочих дней"], None),
    (A, "за сколько времени дежурный должен подтвердить алерт p1", ["15 минут"], None),
    (A, "сколько ждать первого ответа ревьюера на мр", ["1 рабочего дня"], None),
    (A, "через скок времени экран сам блокируется если отошел", ["5 минут"], None),
    (A, "сколько длится испыталка у нас", ["3 месяца"], None),
    (A, "дежурство сколько по времени длится", ["длится неделю"], None),
    # answerable: a time of day or a date
    (A, "до скольки надо заполнить ворклоги в жире за неделю", ["18:00 пятницы"], None),
    (A, "код фриз в какое время наступает", ["18:00"], None),
    (A, "аванс на карту обычно какого числа падает", ["25-го числа"], None),
    (A, "до скольки утра надо сказать руководителю что заболел", ["11:00"], None),
    (A, "офис по будням со скольки и до скольки открыт", ["8:00 до 22:00"], None),
    (A, "до какого часа нужно заказать гостевой пропуск для клиента", ["18:00 накануне"], None),
    # answerable: a person or a role
    (A, "кто назначается релиз менеджером", ["из тимлидов"], None),
    (A, "кому звонит бот если дежурный не ответил на p1", ["второму дежурному"], None),
    (A, "кто проводит welcome встречу для новеньких", ["генеральный директор"], None),
    # partial: one value stated, one not
    (P, "сколько компенсируют за интернет на удаленке и платят ли за электричество", ["1000 ₽"], "электричество"),
    (P, "какой лимит на обед с клиентом и возмещают ли чаевые", ["3000 ₽"], "чаевые"),
    # unanswerable: the neighbouring value is stated, the asked one is not
    (U, "сколько стоит парковка у бц в месяц", [], None),
    (U, "до скольки вечера открыта кухня в офисе", [], None),
    (U, "какой размер квартальной премии в процентах", [], None),
    (U, "сколько длится отпуск по уходу за ребенком до трех лет", [], None),
    (U, "какой телефон у бухгалтерии", [], None),
    (U, "сколько стоит замена разбитого экрана на ноуте", [], None),
    (U, "кто заменяет релиз-менеджера если он заболел", [], None),
    (U, "во сколько по времени зарплата падает на карту", [], None),
    (U, "сколько часов длится одно занятие английским", [], None),
    (U, "до какого возраста ребенка можно прикрепить к дмс", [], None),
    (U, "в командировке такси до аэропорта на какую макс сумму возмещают", [], None),
    (U, "в каком кабинете сидит hr", [], None),
    (U, "кто отвечает за пополнение фруктов на кухне", [], None),
    (U, "сколько часов длится постмортем после инцидента", [], None),
]


def main() -> None:
    from answer_eval_split import write_split

    write_split(ROWS, prefix="fw", split="dev32", name="answer_eval_dev32.json")


if __name__ == "__main__":
    main()
