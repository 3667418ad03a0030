"""A message is context plus questions (``agentcore.text.message``): which sentences ask, and the question read from
them."""

from __future__ import annotations

import pytest

from agentcore.text.message import asks, question_of, read_message

RETRO = (
    "Добрый день! У нас в команде спринт две недели, ретро проводим по пятницам. Сколько по правилам должна длиться "
    "ретроспектива?"
)
VPN = "Мне вчера выдали новый ноутбук, но на нём нет VPN. Как его настроить?"
TWO_FA = "Hi, I joined the company last month and my manager said I need to set up 2FA. How do I do that?"


def test_the_question_is_read_from_the_sentences_that_ask() -> None:
    """The greeting and the asker's situation were subject terms the answer had to hold (the lead's examples)."""
    message = read_message(RETRO)
    assert message.asking == ("Сколько по правилам должна длиться ретроспектива?",)
    assert message.context == ("У нас в команде спринт две недели, ретро проводим по пятницам.",)
    assert message.question == "Сколько по правилам должна длиться ретроспектива?"


def test_a_pronoun_takes_its_noun_from_the_context() -> None:
    assert question_of(VPN) == "Как VPN настроить?"
    assert question_of(TWO_FA) == "How do I set up 2FA?"


@pytest.mark.parametrize(
    "question",
    [
        "Сколько дней длится отпуск?",
        "такси после 22 компенсируют? сколько",
        "в офисе есть велопарковка? и душевая",
        "пропуск куда-то делся, посеял походу. чё теперь",
        "Я заболел, что делать?",
        "Сколько дней отпуска и как его оформить?",
        "How many vacation days do I get?",
        "",
    ],
)
def test_a_message_without_context_reads_as_typed(question: str) -> None:
    """A short question — one sentence, or only sentences that ask — never changes."""
    assert question_of(question) == question


@pytest.mark.parametrize(
    ("message", "question"),
    [
        ("Привет! Как мне взять отпуск в августе?", "Как мне взять отпуск в августе?"),
        ("Добрый день! Сколько дней отпуска положено?", "Сколько дней отпуска положено?"),
        ("Как оформить больничный? Спасибо!", "Как оформить больничный?"),
        ("Hi! How do I set up VPN? Thanks!", "How do I set up VPN?"),
    ],
)
def test_a_greeting_or_thanks_is_no_part_of_a_question_without_context(message: str, question: str) -> None:
    """Read as typed, «Добрый день!» gave the part the subject terms «добрый», «день», and «Привет! Как …» asked no
    procedure; the greeting is left out as it is from a message with context (the reading stays stable)."""
    assert question_of(message) == question
    assert question_of(question) == question


@pytest.mark.parametrize(
    ("sentence", "asking"),
    [
        ("Сколько длится ретро?", True),
        ("Подскажите, как оформить командировку.", True),
        ("Расскажите про ДМС.", True),
        ("Не знаю, куда подавать заявление.", True),
        ("Хотела бы узнать, положен ли мне отгул.", True),
        ("сколько", True),
        ("Could you tell me how to order a monitor.", True),
        ("How do I reset my password", True),
        ("У нас в команде спринт две недели.", False),
        ("Когда я был в командировке, я потерял пропуск.", False),
        ("Мне сказали, что нужно настроить 2FA.", False),
        ("I joined the company last month.", False),
    ],
)
def test_which_sentences_ask(sentence: str, asking: bool) -> None:
    assert asks(sentence) is asking


def test_courtesy_sentences_are_neither_context_nor_question() -> None:
    message = read_message("Всем привет! Я в компании с марта. Как оформить отпуск? Заранее спасибо!")
    assert message.context == ("Я в компании с марта.",)
    assert message.question == "Как оформить отпуск?"


def test_the_noun_agrees_with_the_pronoun_and_takes_its_case() -> None:
    # «без него»: the genitive of the noun the pronoun stands for — the absence stays readable
    assert question_of("Мне не выдали пропуск. Можно ли пройти в офис без него?") == (
        "Можно ли пройти в офис без пропуска?"
    )
    # «её» is feminine: the application, not the receipt or the portal named after it
    assert (
        question_of(
            "Мне вчера отклонили заявку на возмещение такси — в портале написано, что чек нечитаемый. Могу ли я её "
            "исправить?"
        ).startswith("Мне вчера")
        is False
    )
    assert "заявку" in question_of(
        "Мне вчера отклонили заявку на возмещение такси — в портале написано, что чек нечитаемый. Могу ли я её "
        "исправить?"
    )
    # «они» after «два процесса»: a plural
    assert question_of("Мы хотим запустить два процесса на одном сервере. Не помешают ли они друг другу?") == (
        "Не помешают ли процессы друг другу?"
    )
    # the adjectives come with the noun, in its case
    assert question_of("Мне выдали рабочий телефон. Через сколько минут он блокируется?") == (
        "Через сколько минут рабочий телефон блокируется?"
    )


def test_the_asker_is_never_what_a_pronoun_stands_for() -> None:
    """«Я менеджер по продажам»: what the asker says they are; «он» is the event they were invited to."""
    question = question_of("Я менеджер по продажам, меня пригласили на обзор спринта. Когда он обычно проходит?")
    assert question == "Когда обзор спринта обычно проходит?"


def test_a_quoted_name_stands_for_its_thing() -> None:
    question = question_of("Я новый разработчик, у меня в календаре появилась встреча «груминг». Когда она проходит?")
    assert question == "Когда груминг проходит?"


def test_a_pronoun_with_its_noun_in_its_own_sentence_stays() -> None:
    message = "У нас в команде 10 человек. Какая переговорная нас вместит и как её забронировать?"
    assert question_of(message) == "Какая переговорная нас вместит и как её забронировать?"
    assert question_of("Мой отпуск скоро. Как оформить его отпуск?") == "Как оформить его отпуск?"  # a possessive


def test_a_generic_act_on_this_is_the_act_the_context_names() -> None:
    assert question_of("Хочу прикрепить к своему ДМС сестру, она сейчас без работы. Можно ли это сделать?") == (
        "Можно ли прикрепить к своему ДМС сестру?"
    )


def test_a_sentence_naming_no_subject_is_read_with_the_situation_before_it() -> None:
    assert question_of("Добрый день! Я потерял пропуск. Что мне теперь делать?") == (
        "Я потерял пропуск. Что мне теперь делать?"
    )
    assert question_of("При запуске agentcore у меня появляется ERR-114. Что это значит?") == (
        "При запуске agentcore у меня появляется ERR-114. Что это значит?"
    )
    # only the sentence right before it: the asker's introduction is no part of the situation
    assert question_of(
        "I'm a new developer. WireGuard says the tunnel is up, but nothing opens. What should I do?"
    ) == ("WireGuard says the tunnel is up, but nothing opens. What should I do?")


def test_there_is_the_place_the_context_names() -> None:
    assert question_of("Я еду в командировку в Казань. Как туда купить билеты?") == "Как в Казань купить билеты?"


def test_a_chat_fragment_after_a_question_asks_unless_it_speaks_of_the_asker() -> None:
    assert read_message("в офисе есть велопарковка? и душевая").context == ()
    message = read_message("а кухня в офисе есть? хочу обедать на работе")
    assert message.context == ("хочу обедать на работе",)
    assert message.question == "кухня в офисе есть?"


@pytest.mark.parametrize(
    "message",
    [
        RETRO,
        VPN,
        TWO_FA,
        "Добрый день! Я потерял пропуск. Что мне теперь делать?",
        "Я еду в командировку в Казань. Как туда купить билеты?",
        "Мне выдали ДМС месяц назад. Как записаться к врачу? И входит ли в программу стоматология?",
        "Я заметил, что 10-е число выпадает на воскресенье. Когда тогда придёт зарплата? Можно ли получать её на "
        "карту?",
    ],
)
def test_the_reading_is_stable(message: str) -> None:
    """Every stage of the answer path reads the question again: reading a reading changes nothing."""
    question = question_of(message)
    assert question_of(question) == question


def test_a_leading_clause_about_the_asker_is_context() -> None:
    """«На дейли я сказал, а …»: the asker's report, not a part of the question to answer."""
    message = read_message(
        "У меня задача TASK-877 стоит второй день. На дейли я сказал, а что ещё сделать в Jira, чтобы все видели, "
        "что она заблокирована?"
    )
    assert message.context == ("У меня задача TASK-877 стоит второй день.", "На дейли я сказал.")
    assert message.question == "что ещё сделать в Jira, чтобы все видели, что задача TASK-877 заблокирована?"
    # a clause whose subject is not the asker stays: «наш сервер» is what the question is about
    assert question_of("I'm new here. The log file on our server keeps growing — does it rotate?") == (
        "The log file on our server keeps growing — does it rotate?"
    )


def test_a_situation_read_with_the_question_opens_no_part_of_its_own() -> None:
    """A dash or «, а» in the situation would make it a part of the question (to answer, or to name as missing)."""
    question = question_of(
        "У нас в команде пилот: спринт длится месяц, а не две недели. Сколько тогда должна длиться ретроспектива?"
    )
    assert (
        question
        == "У нас в команде пилот, спринт длится месяц а не две недели. Сколько тогда должна длиться ретроспектива?"
    )


def test_a_question_pointing_at_the_situation_is_read_with_it() -> None:
    assert question_of("За год я отдежурил 7 недель. Положены ли мне за это дополнительные дни отпуска?") == (
        "За год я отдежурил 7 недель. Положены ли мне за это дополнительные дни отпуска?"
    )
