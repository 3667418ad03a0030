"""Writes tests/data/answer_eval_dev15.json: a fifteenth development split of the answer-level evaluation (issue 18).

Written on 2026-11-27 (branch ``rs``) before any code of that branch ran on it: the author read only the shipped
knowledge base's documents (``src/agentcore/rag/kb/default/*.md``) and the older generators' row format, never ran
``agentcore ask`` on these questions, and committed the file before measuring.  Its purpose is the parts a SECTION
answers — procedures («как оформить…», «что делать, если…»), definitions («что такое…») and open questions («какие
условия…», «что входит в…», «чем отличается…»):

- ANSWERABLE rows whose key facts are what a complete answer must show: for a procedure, a fact of its first steps and
  one of its last (a deadline, the address to write to, the portal page, the last check), so a procedure cut short or
  answered with the section's wrong sentence misses one; for a definition, the defining phrase; for an open question,
  two or three items of the listed conditions, contents or differences.  Asked the way employees write: colloquial,
  with words the documents do not use («ноут сдох», «удалёнка насовсем», «бадди», «смёржить»), some typos;
- NEAR-MISS unanswerable rows of the same kinds: a procedure, a definition or a list the documents never give, next to
  a topic they do cover (maternity leave next to sick leave and unpaid leave, a lost locker key next to a lost pass,
  a tax deduction next to the training budget, a spike or tech debt next to story points and velocity, a fitness
  membership next to DMS, an annual appraisal next to the probation review, a lost corporate card next to a lost
  laptop).

Every unanswerable question was checked by reading the documents: no maternity or parental leave, what to do about a
lost locker key, SAFe, spikes, a definition of technical debt (only named as a cause of falling velocity), OKR, gym or
fitness, fixed-term contracts, tax deductions, relocation, blood-donor days off, annual appraisal, pay rises, GitLab
merge trains, financial aid at a child's birth (only five days of unpaid leave), corporate bank cards, pregnancy sick
leave or referral bonuses.

Composition: 48 answerable, 0 partial, 18 unanswerable.

Row format as in ``make_answer_eval.py``: (category, question, key facts, missing part); a key fact is a string
(alternatives separated by «|») a correct answer must contain.
"""

A, P, U = "answerable", "partial", "unanswerable"
ROWS = [
    # answerable procedures: a fact of the first steps and one of the last
    (A, "заболел с утра, что мне делать по порядку", ["до 11:00", "листок нетрудоспособности"], None),
    (
        A,
        "хочу в отпуск в марте, куда жать в портале и когда подавать",
        ["Новое заявление", "за 14 календарных дней"],
        None,
    ),
    (A, "еду к клиенту в казань, как оформить поездку", ["10 рабочих дней", "тревел-координатор"], None),
    (A, "вернулся из командировки, что сдать и когда", ["3 рабочих дней", "посадочные талоны"], None),
    (A, "купил кабель за свои деньги, как вернуть", ["30 календарных дней", "фото чека"], None),
    (A, "ноут сдох совсем, работать не на чем, куда бежать", ["1111", "Подменный ноутбук"], None),
    (A, "у меня украли телефон с рабочей почтой, что делать", ["1 час", "security@romashka-soft.ru"], None),
    (A, "случайно кликнул по ссылке в подозрительном письме, что теперь делать", ["в течение 1 часа", "1111"], None),
    (
        A,
        "пришло стремное письмо просят срочно ввести пароль, что с ним делать",
        ["security@romashka-soft.ru", "удалите"],
        None,
    ),
    (A, "как настроить впн на новом ноуте по шагам", ["Создать конфигурацию", "gitlab.romashka-soft.ru"], None),
    (A, "впн пишет handshake did not complete, чо делать", ["romashka-tcp", "443"], None),
    (A, "забыл пароль от учетки, как восстановить", ["по коду из 2FA", "1111"], None),
    (A, "нужен доступ к репе в гитлабе, как его получить", ["с типом «Доступ»", "согласует руководитель"], None),
    (A, "как перейти на удаленку насовсем", ["испытательного срока", "Формат работы", "10 рабочих дней"], None),
    (A, "хочу месяц поработать из турции, как это согласовать", ["30 календарных дней", "за 10 рабочих дней"], None),
    (A, "как записаться на курс за счет компании", ["за 3 недели", "напрямую организатору"], None),
    (A, "как попасть к врачу по дмс, куда звонить", ["Полис-Гарант", "телефону пульта"], None),
    (A, "как добавить жену в дмс", ["до 20-го числа", "38 000 ₽"], None),
    (A, "посеял пропуск в офис, что делать", ["в тот же день", "в течение одного рабочего дня"], None),
    (A, "как провести гостя в офис", ["до 18:00 накануне", "ФИО гостя"], None),
    (A, "переговорку на завтра как занять, через что", ["Яндекс 360", "как участника"], None),
    (
        A,
        "хочу махнуться неделей дежурства с коллегой, что для этого нужно",
        ["за 2 рабочих дня", "руководителя ИТ-инфраструктуры"],
        None,
    ),
    (A, "как у нас выкатывают релиз по шагам", ["10% серверов", "release notes"], None),
    (A, "у меня блокер, как о нем сообщить", ["ежедневном стендапе", "флагом (Flag)"], None),
    (A, "не смогу прийти на дейли, как быть", ["письменный дейли", "до 10:00"], None),
    (A, "как сменить карту для зарплаты", ["справку с реквизитами", "до 20-го числа"], None),
    (A, "как получить 2-ндфл", ["«Справки»", "3 рабочих дней"], None),
    (A, "мр висит уже неделю никто не смотрит, что делать", ["напомните в канале команды", "как о блокере"], None),
    (A, "заявку в техподдержку не решили в срок, что делать", ["Эскалировать", "2 рабочих часов"], None),
    (
        A,
        "проблема вернулась после того как заявку решили, как переоткрыть",
        ["ответьте на письмо", "5 рабочих дней"],
        None,
    ),
    (A, "заболел прямо в отпуске, что делать", ["продлевается", "в первый рабочий день после выздоровления"], None),
    (A, "как попасть в офис в субботу", ["офис-менеджеру", "до 17:00"], None),
    (A, "оцениваем задачи картами, как это проходит по шагам", ["втайне от других", "голосование повторяется"], None),
    # answerable definitions: the defining phrase
    (A, "инкремент это что вообще", ["конкретный шаг к цели продукта"], None),
    (A, "что значит дод у нас в команде", ["когда элемент бэклога считается полностью готовым"], None),
    (A, "эпик это что такое", ["крупный блок работы"], None),
    (A, "что такое lead time", ["от появления задачи до её завершения"], None),
    (A, "что считается блокером", ["мешает разработчику продолжать работу"], None),
    (A, "кто такой бадди у новичка", ["на весь испытательный срок"], None),
    (A, "сторипоинты это что", ["условные единицы"], None),
    # answerable open questions: conditions, contents, differences
    (A, "бернап чем отличается от бернадуна", ["накопленный объём сделанной работы"], None),
    (
        A,
        "чем критерии приемки отличаются от дод",
        ["свои у каждой пользовательской истории", "одинаков для всех задач"],
        None,
    ),
    (A, "в чем разница между обзором спринта и ретро", ["с внешними участниками", "только внутри команды"], None),
    (A, "что покрывает страховка дмс", ["Стоматология", "госпитализация"], None),
    (A, "какие расходы компания не возвращает", ["штрафы, алкоголь"], None),
    (A, "что дают после испытательного срока", ["полис ДМС", "удалённый формат", "бюджету на обучение"], None),
    (A, "какие условия чтобы смержить mr", ["не менее 2 одобрений", "CODEOWNERS", "все обсуждения закрыты"], None),
    (A, "когда нельзя релизить", ["По пятницам", "последнюю неделю декабря"], None),
    # unanswerable near misses: a procedure, definition or list the documents never give
    (U, "как уйти в отпуск по уходу за ребенком до трех лет", [], None),
    (U, "ключ от шкафчика в офисе пропал куда-то, как быть", [], None),
    (U, "что такое safe фреймворк и используем ли мы его", [], None),
    (U, "что такое спайк в скраме", [], None),
    (U, "техдолг это что такое по нашим правилам", [], None),
    (U, "что такое okr и как их ставят", [], None),
    (U, "что входит в соцпакет кроме дмс, спортзал оплачивают?", [], None),
    (U, "чем срочный трудовой договор отличается от бессрочного", [], None),
    (U, "как оформить налоговый вычет за обучение", [], None),
    (U, "какие условия релокации в другой город", [], None),
    (U, "как оформить отгул после сдачи крови", [], None),
    (U, "как проходит ежегодная аттестация сотрудников", [], None),
    (U, "как попросить повышение зарплаты, какой порядок", [], None),
    (U, "что такое merge train в гитлабе", [], None),
    (U, "как получить материальную помощь при рождении ребенка", [], None),
    (U, "потерял корпоративную банковскую карту, что делать", [], None),
    (U, "как оформить больничный по беременности", [], None),
    (U, "какие условия у реферальной программы за приведенного друга", [], None),
]


def main() -> None:
    from answer_eval_split import write_split

    write_split(ROWS, prefix="rs", split="dev15", name="answer_eval_dev15.json")


if __name__ == "__main__":
    main()
