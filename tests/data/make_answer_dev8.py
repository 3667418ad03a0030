"""Writes tests/data/answer_eval_dev8.json: an eighth development split of the answer-level evaluation (issue 18).

Written on 2026-11-26 (branch ``focus28``) before any code of that branch ran on it: the author read only the shipped
knowledge base's documents (``src/agentcore/rag/kb/default/*.md``) and the older generators' row format, never ran
``agentcore ask`` on these questions, and committed the file before measuring.  It is the branch's check that a change
of the method generalises: rules are found on the older development splits' failures, never on this split's rows.
Every key fact (each «|» alternative) is checked against the documents by ``tests/data/test_answer_eval_data.py``;
every unanswerable question and every missing part was grepped for its key words across all documents (no visa,
donor, fitness, maternity leave, psychologist, corporate party, relocation, material aid, team building, Slack,
vaccination, split tunnelling, hardware keys, shower, build artefacts or token prices in any document).

Composition close to the older splits (about 60 % answerable, 15 % partial, 25 % unanswerable), weighted to the
company documents a help-desk bot is asked about most (pay, leave, sick leave, trips, remote work, the office,
security, on-call, releases, the work schedule, code review, expenses, the help desk, DMS, training, laptops, VPN,
passwords, onboarding), with a few questions on Scrum and on agentcore.  Questions are typed the way employees write:
lower case, typos («скока», «зп», «забронить»), slang, situations («свадьба у меня», «ребенок заболел»), yes/no,
procedures, four in English.

Row format as in ``make_answer_eval.py``: (category, question, key facts, missing part); a key fact is a string
(alternatives separated by «|») a correct answer must contain.
"""

A, P, U = "answerable", "partial", "unanswerable"
ROWS = [
    # pay and leave
    (A, "зп два раза в месяц? аванс какого числа приходит", ["25-го числа"], None),
    (A, "где посмотреть расчетку и когда она появляется", ["за один рабочий день до выплаты"], None),
    (A, "поменял банк, до какого числа закинуть новые реквизиты чтобы зп пришла уже туда", ["до 20-го числа"], None),
    (A, "справку 2-ндфл скока дней делают", ["3 рабочих дней"], None),
    (A, "хочу летом в отпуск на три недели подряд, так можно?", ["14 календарных дней подряд"], None),
    (A, "у меня свадьба, сколько дней за свой счет можно взять", ["5 календарных дней"], None),
    (A, "до какого числа надо вбить отпуск в график на следующий год", ["15 декабря"], None),
    (
        A,
        "заболел прямо в отпуске, что будет с отпуском",
        ["продлевается на дни болезни|переносится на другие даты"],
        None,
    ),
    (A, "выздоровел, куда и в какой срок отдать номер больничного", ["2 рабочих дней"], None),
    (A, "ребенок заболел, как мне оформить больничный по уходу", ["через ЭЛН"], None),
    # trips, remote work, office
    (A, "суточные за границей скока в день", ["2500"], None),
    (A, "какой лимит на гостиницу в питере в командировке", ["7000"], None),
    (A, "когда в командировку можно лететь бизнесом", ["дольше 6 часов"], None),
    (A, "за сколько надо подать заявку на командировку за рубеж", ["20 рабочих дней"], None),
    (A, "can I work from another country, and for how long?", ["30 календарных дней"], None),
    (A, "на гибриде сколько дней в неделю обязательно в офисе", ["2 дня в неделю"], None),
    (A, "я на полной удаленке, интернет компенсируют?", ["1000 ₽ в месяц"], None),
    (A, "на сколько максимум можно забронить переговорку", ["2 часов подряд"], None),
    (A, "завтра придет гость, до скольки надо заказать ему пропуск", ["18:00"], None),
    (A, "пропуск куда-то делся, посеял походу. чё теперь", ["сообщите на ресепшен|старый пропуск заблокируют"], None),
    # security, on-call, releases, schedule
    (A, "комп сам лочится через скока минут если отойти", ["5 минут"], None),
    (A, "хочу скинуть файлы с флешки на рабочий ноут, прокатит?", ["заблокированы"], None),
    (A, "пришло письмо где просят срочно ввести пароль по ссылке, куда его", ["security@romashka-soft.ru"], None),
    (A, "сколько платят за неделю дежурства если ничего не упало", ["5000"], None),
    (A, "за сколько дежурный должен подтвердить алерт P1", ["15 минут"], None),
    (A, "в какой день и во сколько код фриз", ["среду", "18:00"], None),
    (A, "при какой доле ошибок релиз откатывают", ["2%"], None),
    (A, "до скольки надо заполнить ворклоги в джире за неделю", ["18:00 пятницы"], None),
    # code review, expenses, help desk
    (A, "какой рекомендуемый размер MR по строкам", ["400"], None),
    (A, "что значит nit: в комменте на ревью", ["мелочь"], None),
    (A, "обед с клиентом в кафе компенсируют? сколько", ["3000 ₽ на человека"], None),
    (A, "в какой срок после покупки надо подать чек на возмещение", ["30 календарных дней"], None),
    (A, "техподдержка вечером до скольки отвечает", ["20:00"], None),
    (A, "заявку решили, а проблема вернулась — можно переоткрыть?", ["5 рабочих дней"], None),
    # DMS, training, equipment, access, onboarding
    (A, "сколько стоит прикрепить ребенка к дмс", ["30 000"], None),
    (A, "what is the yearly training budget?", ["40 000"], None),
    (A, "курсы английского компания оплачивает?", ["50%"], None),
    (A, "раз в сколько лет меняют ноутбуки", ["3 года"], None),
    (A, "впн в отеле не коннектится, handshake did not complete", ["romashka-tcp"], None),
    (A, "сколько действует конфиг впн", ["180 дней"], None),
    (A, "доступ к прод серверам на какой срок дают", ["30 дней"], None),
    (A, "велком встреча с гендиром когда бывает", ["первую среду месяца"], None),
    # Scrum and agentcore
    (A, "историю на 21 поинт можно взять в спринт?", ["больше 13"], None),
    (A, "продакт оунер голосует в планинг покере?", ["не голосуют"], None),
    (A, "сколько улучшений должно выйти по итогам ретро", ["от 1 до 3"], None),
    (A, "на какой версии питона заведется agentcore", ["3.11"], None),
    (A, "which GigaChat model does agentcore use if I don't set one?", ["GigaChat-2-Max"], None),
    # partial: one half answered, the other in no document
    (P, "суточные по россии скока и оплачивают ли прокат машины в командировке", ["700"], "прокат машины"),
    (P, "с какого часа открыт офис по будням и есть ли там душ после пробежки", ["8:00"], "душ"),
    (P, "в какой бот приходят алерты на дежурстве и можно ли получать их в slack", ["Дежурка"], "slack"),
    (P, "сколько стоит дмс для взрослого родственника и входит ли туда вакцинация", ["38 000"], "вакцинация"),
    (P, "какой впн у нас используется и можно ли включить сплит-туннелирование", ["WireGuard"], "сплит-туннелирование"),
    (
        P,
        "what's the minimum password length, and do we need a hardware key like a yubikey?",
        ["12 символов"],
        "yubikey",
    ),
    (P, "как нумеруются версии релизов и где хранятся артефакты сборки", ["vMAJOR.MINOR.PATCH"], "артефакты сборки"),
    (P, "как в agentcore сменить модель гигачата и сколько стоит токен", ["GIGACHAT_MODEL"], "сколько стоит токен"),
    (P, "за сколько ревьюер должен ответить на мр и есть ли бонус за ревью", ["1 рабочего дня"], "бонус за ревью"),
    # unanswerable, worded next to a real rule
    (U, "когда будет индексация зарплаты в этом году", [], None),
    (U, "сколько дней отдыха дают за сдачу крови", [], None),
    (U, "визу для зарубежной командировки компания оплачивает?", [], None),
    (U, "можно взять с собой в офис пса?", [], None),
    (U, "компания компенсирует фитнес?", [], None),
    (U, "какая зарплата у джуна разработчика", [], None),
    (U, "сколько стоит обед в столовой бизнес центра", [], None),
    (U, "есть ли у agentcore голосовой ввод", [], None),
    (U, "декретный отпуск как оформить и сколько платят", [], None),
    (U, "оплачивает ли дмс сеансы у психолога", [], None),
    (U, "когда новогодний корпоратив", [], None),
    (U, "is there a relocation bonus for moving to moscow?", [], None),
    (U, "как получить материальную помощь", [], None),
    (U, "какой бюджет на тимбилдинг у команды", [], None),
    (U, "можно ли выкупить старый ноутбук при замене", [], None),
    (U, "сколько спринтов в квартале отдаем под техдолг", [], None),
]


def main() -> None:
    from answer_eval_split import write_split

    write_split(ROWS, prefix="r", split="dev8", name="answer_eval_dev8.json")


if __name__ == "__main__":
    main()
