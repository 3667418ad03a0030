"""Writes tests/data/answer_eval_dev33.json: a thirty-third development split of the answer-level evaluation
(issue 18), the untuned split of branch ``fd6`` (false declines where the answer is a sentence in the middle of a
long section).

Written on 2026-11-28 (branch ``fd6``) before any code of that branch ran on it: the author read only the shipped
knowledge base's documents (``src/agentcore/rag/kb/default/*.md``) and dev31's row format, never ran ``agentcore ask``
on these questions, and committed the file before measuring.  Its purpose is the false decline where the extractive
composer may pick another sentence of the right section: every answerable row's key fact stands in the middle of a
section of four or more sentences or list items (a list item, the second or third sentence of a paragraph, the
sentence after a heading's opening), never in the section's first sentence alone.

- ANSWERABLE (20): one fact each — a number, a person, a condition or a yes/no rule stated mid-section (releases,
  passwords, access, business trips, training, DMS, expenses, helpdesk, security, onboarding, sick leave, vacation,
  VPN, on-call, code review).
- PARTIAL (6): one part answered by a mid-section sentence, one part no document answers.
- UNANSWERABLE near misses (14): the same sections' neighbouring objects or conditions the documents do not state
  (changing a password early, access terms for other systems, a taxi limit, glasses under DMS, charging a phone from
  the laptop, the first day's end, how long regression lasts, the backup VPN profile's term, a cap on on-call weeks,
  who approves a hotfix when the team lead is away, a replacement phone, how long the receipt check takes, handing
  over tasks before leave, study-leave days).

Every unanswerable question was checked by reading the matching document.  Typed the way employees write in chat:
lower case, slang, no question mark now and then.

Row format as in ``make_answer_eval.py``: (category, question, key facts, missing part); a key fact is a string
(alternatives separated by «|») a correct answer must contain.
"""

A, P, U = "answerable", "partial", "unanswerable"
ROWS = [
    # answerable: the fact stands mid-section
    (A, "через сколько релиз раскатывают на все сервера после первых 10 процентов", ["30 минут"], None),
    (A, "сколько раз можно ошибиться с паролем пока учетку не заблочат", ["5 неверных попыток"], None),
    (A, "а старый пароль можно снова поставить?", ["5 последних паролей"], None),
    (A, "доступ к продовым серверам кто согласует кроме моего руководителя", ["руководитель ИТ-инфраструктуры"], None),
    (A, "на сколько за ночь можно селиться в гостинице в казани в командировке", ["5000 ₽"], None),
    (A, "по суточным потом надо чеками отчитываться?", ["не требуют отчёта чеками"], None),
    (A, "билеты в командировку кто покупает, сам что ли?", ["тревел-координатор"], None),
    (A, "курс стоит 60 тыщ, кто ещё кроме руководителя должен согласовать", ["директор департамента"], None),
    (A, "живу в 20 км от мкад, врача на дом по дмс вызвать можно", ["30 км от МКАД"], None),
    (A, "чистку зубов у стоматолога дмс покрывает?", ["профессиональная гигиена раз в год"], None),
    (A, "кто проверяет чек когда подаю на возмещение", ["бухгалтерия проверяет чек"], None),
    (A, "если написать на почту техподдержки это считается заявкой?", ["автоматически превращается в заявку"], None),
    (A, "флешку к рабочему ноуту можно воткнуть", ["USB-накопители на рабочих ноутбуках заблокированы"], None),
    (A, "в первый день кто помогает настроить двухфакторку", ["инженером техподдержки"], None),
    (A, "к какому часу утром нужно сообщить начальнику о своей болезни", ["11:00"], None),
    (A, "какие типы отпуска можно выбрать в заявлении на портале", ["без сохранения зарплаты|учебный"], None),
    (A, "впн подключается, но сайты не грузятся, что проверить", ["правильное время"], None),
    (A, "сколько конфигов впн можно наделать на одного человека", ["3 конфигураций"], None),
    (A, "бот дежурки не дозвонился до меня за 15 минут, кому он звонит дальше", ["второму дежурному"], None),
    (A, "каким способом вливают мр в main, обычный мерж или что", ["squash merge"], None),
    # partial: one part answered mid-section, one part no document answers
    (P, "какой лимит на гостиницу в питере и можно ли снять апартаменты", ["7000 ₽"], "апартаменты"),
    (P, "протезирование по дмс входит и сколько раз в год можно к стоматологу", ["не входят"], "число визитов"),
    (P, "резервный профиль впн через какой порт и можно его поставить на роутер", ["443"], "установка на роутер"),
    (P, "сколько дней есть на подачу чека и можно ли подать чек в валюте", ["30 календарных дней"], "чек в валюте"),
    (P, "кто согласует командировку и можно ли взять с собой семью", ["финансовый директор"], "поездка с семьёй"),
    (
        P,
        "когда появляется расчетный листок и можно его получить на бумаге",
        ["за один рабочий день до выплаты"],
        "бумажный листок",
    ),
    # unanswerable near misses: the same sections' neighbours the documents do not state
    (U, "можно ли поменять пароль раньше 90 дней сколько раз захочу", [], None),
    (U, "на какой срок дают доступ к пространству в confluence", [], None),
    (U, "какой максимум по цене такси до аэропорта в командировке", [], None),
    (U, "очки и линзы по дмс оплачивают?", [], None),
    (U, "можно ли заряжать свой телефон от рабочего ноутбука", [], None),
    (U, "во сколько заканчивается первый рабочий день у новичка", [], None),
    (U, "сколько часов обычно длится регрессия перед релизом", [], None),
    (U, "на сколько дней выдаётся резервный профиль romashka-tcp", [], None),
    (U, "сколько максимум недель дежурства можно взять за квартал", [], None),
    (U, "кто одобряет hotfix если тимлид в отпуске", [], None),
    (U, "за какой срок выдают подменный рабочий телефон если сломался", [], None),
    (U, "сколько дней бухгалтерия проверяет чек по возмещению", [], None),
    (U, "за сколько дней до отпуска надо передать дела коллеге", [], None),
    (U, "сколько дней учебного отпуска положено", [], None),
]


def main() -> None:
    from answer_eval_split import write_split

    write_split(ROWS, prefix="fs", split="dev33", name="answer_eval_dev33.json")


if __name__ == "__main__":
    main()
