"""Writes tests/data/answer_eval_dev14.json: a fourteenth development split of the answer-level evaluation (issue 18).

Written on 2026-11-27 (branch ``ry``) before any code of that branch ran on it: the author read only the shipped
knowledge base's documents (``src/agentcore/rag/kb/default/*.md``) and the older generators' row format, never ran
``agentcore ask`` on these questions, and committed the file before measuring.  Its purpose is the false decline of
parts that ask a VALUE, with the near-miss decline beside it:

- ANSWERABLE yes/no rows («можно ли…», «положено ли…», «нужно ли…», «обязательно ли…») and value rows («сколько»,
  «какой сервис», «кто», «когда», «как часто») phrased with words the documents do NOT use: synonyms and hypernyms
  («флешка» for USB-накопитель, «комп» for ноутбук, «начальство» for руководители, «страховая контора»), colloquial
  forms and typos; values the documents give in words («бесплатны», «один раз», «раз в месяц», «дважды в неделю»,
  «в течение одного рабочего дня»), services and names («Яндекс 360», «Passwork», «Яндекс Ключ», «Полис-Гарант»);
- NEAR-MISS unanswerable rows: the documents speak of the topic but not of the asked thing — a benefit the insurance
  does not list (glasses, a psychologist, the number of home visits), an office rule never stated (pets, children,
  badges, the kitchen's hours, lunch prices), a payment never named (a gym, blood donation days, a visa, a birthday day
  off, an idea bonus), a tariff or a price the documents never give.

Every unanswerable question was checked by reading the matching document: DMS lists no glasses, lenses or
psychologist and no limit of home visits; the office rules say nothing of pets, children, badges, the kitchen's
closing time or a canteen; no gym compensation, donor days, visa payment, birthday day off, idea bonus, mobile tariff
for on-call staff, price of the security course for contractors, personal laptops for work, a limit of hours in a
cafe, or leaving the laptop for the time of a vacation.

Composition: 46 answerable, 0 partial, 18 unanswerable.  Typed the way employees write: lower case, typos, slang.

Row format as in ``make_answer_eval.py``: (category, question, key facts, missing part); a key fact is a string
(alternatives separated by «|») a correct answer must contain.
"""

A, P, U = "answerable", "partial", "unanswerable"
ROWS = [
    # answerable yes/no, asked in words the documents do not use
    (A, "можно ли самому купить жд билеты в командировку а потом вернуть деньги", ["исключительных случаях"], None),
    (A, "положено ли дежурному что-то платить если за неделю ни одного сбоя не было", ["5000 ₽"], None),
    (A, "за суточные надо отчитываться чеками?", ["не требуют отчёта чеками"], None),
    (A, "обязательно ли включать вебку на созвонах", ["включайте камеру на дейли и ретроспективах"], None),
    (A, "можно ли флешку воткнуть в рабочий ноут", ["USB-накопители на рабочих ноутбуках заблокированы"], None),
    (A, "разрешено ли закидывать рабочие доки в чатгпт", ["Запрещено загружать внутреннюю"], None),
    (A, "кормят ли новичка в первый день за счет фирмы", ["за счёт компании"], None),
    (A, "неистраченные деньги на учебу переходят на след год?", ["не переносится"], None),
    (A, "вино на встрече с заказчиком компенсируют?", ["алкоголь"], None),
    (
        A,
        "надо ли отпрашиваться у начальника чтобы поработать из дома в пятницу",
        ["предупреждать об этом не нужно"],
        None,
    ),
    (A, "можно ли махнуться неделей дежурства с коллегой", ["договоритесь с коллегой"], None),
    (A, "второй фактор при входе обязателен для всех или по желанию", ["обязательна для всех сотрудников"], None),
    (A, "импланты зубов по страховке оплачивают?", ["имплантация не входят"], None),
    (A, "пускают ли в офис по субботам", ["только по заявке офис-менеджеру"], None),
    (A, "выкатывать релиз в пятницу можно?", ["плановые релизы запрещены"], None),
    (A, "можно ли влить свой мр самому без апрувов", ["без одобрений запрещено"], None),
    (A, "дадут ли запасной комп пока мой ноут в ремонте", ["в тот же рабочий день"], None),
    (A, "накажут ли если я перешел по фишинговой ссылке и сразу сообщил", ["не наказывают"], None),
    (A, "сгорают ли неиспользованные дни здоровья в конце года", ["не переносятся на следующий год"], None),
    (A, "скрам мастер голосует в покере планирования?", ["скрам-мастер не голосуют"], None),
    (A, "можно ли получать зарплату на карту тинькофф", ["любого российского банка"], None),
    (A, "начальство на ретро зовут?", ["не приглашают"], None),
    (A, "чистка зубов у стоматолога входит в страховку?", ["профессиональная гигиена раз в год"], None),
    (A, "нужно ли нести в отдел кадров бумажку от врача после болезни", ["Бумажные справки больше не нужны"], None),
    (A, "можно ли свалить на дачу без интернета когда я на дежурстве", ["где нет связи"], None),
    # answerable values: a service, a name, a person, a number, a time — in words the documents do not use
    (A, "в какой страховой конторе нас страхуют", ["Полис-Гарант"], None),
    (A, "через какую прогу бронировать переговорку", ["Яндекс 360"], None),
    (A, "в каком менеджере держать пароли", ["Passwork"], None),
    (A, "какой апп ставить для одноразовых кодов при входе", ["Яндекс Ключ"], None),
    (A, "сколько денег в день на еду дают в поездке по россии", ["700 ₽"], None),
    (A, "сколько раз в году можно не выйти на работу по самочувствию без справки", ["3 оплачиваемых дня"], None),
    (A, "на сколько лочат учетку если много раз ошибся с паролем", ["15 минут"], None),
    (A, "минимальная длина пароля какая", ["12 символов"], None),
    (A, "на скольких девайсах можно держать впн", ["3 конфигураций"], None),
    (A, "сколько идти пешком от метро до офиса", ["7 минут"], None),
    (A, "на каком этаже сидим", ["6 этаж"], None),
    (A, "на скока народу рассчитана переговорка лютик", ["4 места"], None),
    (A, "кто у нас рисует расписание дежурств на квартал", ["руководитель ИТ-инфраструктуры"], None),
    (A, "кто решает откатывать ли релиз", ["Релиз-менеджер"], None),
    (A, "сколько раз в неделю уроки английского", ["дважды в неделю"], None),
    (A, "кто нам покупает билеты на самолет для командировки", ["тревел-координатор"], None),
    (A, "сколько платить за внутренние курсы на ромашка учеба", ["бесплатны"], None),
    (A, "сколько раз можно поправить заявку на возмещение если её завернули", ["один раз"], None),
    (A, "как часто видеться с бадди", ["не реже раза в неделю"], None),
    (A, "как часто бывают внутренние митапы", ["Раз в месяц"], None),
    (A, "посеял пропуск, через сколько сделают новый", ["в течение одного рабочего дня"], None),
    # unanswerable near misses: the topic is there, the asked thing is not
    (U, "очки или линзы по дмс оплачивают?", [], None),
    (U, "пускают ли в офис с домашним питомцем", [], None),
    (U, "компенсирует ли компания абонемент в спортзал", [], None),
    (U, "сколько стоит обед в столовой офиса", [], None),
    (U, "сколько отгулов дают за сдачу крови", [], None),
    (U, "нужно ли сдавать ноутбук на время отпуска", [], None),
    (U, "кто оплачивает визу для заграничной командировки", [], None),
    (U, "можно ли приводить детей в офис", [], None),
    (U, "сколько раз в год можно вызвать врача на дом по страховке", [], None),
    (U, "до скольки работает кухня в офисе", [], None),
    (U, "дают ли выходной в день рождения", [], None),
    (U, "положена ли премия за рацпредложение", [], None),
    (U, "психолог по дмс положен?", [], None),
    (U, "какой тариф мобильной связи дают дежурным", [], None),
    (U, "обязательно ли носить бейдж в офисе", [], None),
    (U, "можно ли работать с личного ноутбука", [], None),
    (U, "сколько стоит курс по инфобезу для подрядчиков", [], None),
    (U, "сколько часов в неделю можно работать из кафе", [], None),
]


def main() -> None:
    from answer_eval_split import write_split

    write_split(ROWS, prefix="ry", split="dev14", name="answer_eval_dev14.json")


if __name__ == "__main__":
    main()
