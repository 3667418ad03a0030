"""The question inside a chat line: greetings, politeness and the request to the bot taken away.

    core_question("Привет! Как мне взять отпуск в августе?", 30)          → "Как взять отпуск в августе?"
    core_question("Подскажите, пожалуйста, как оформить больничный?")    → "Как оформить больничный?"
    core_question("Добрый день! У меня вопрос: сколько дней отпуска?")   → "Сколько дней отпуска?"
    strip_courtesy_tail("зима, если можно")                              → "зима"

Seed 000 limits the *tool parameter* (``PARAM_QUESTION_MAXLEN`` = 30 characters), and people wrap a short question
in greetings and formulas of politeness.  :func:`core_question` removes, in this order, and only as far as needed:

1. always — sentences that are only a greeting, thanks or an address to the bot; the opening formulas of a
   sentence («подскажите, пожалуйста», «у меня вопрос:», «хотел спросить», «бот,»); closing ones («заранее
   спасибо», «если можно»);
2. when still longer than ``limit`` — filler words that carry no topic («мне», «вообще», «просто», «вот»);
3. when still longer — the sentences that are not questions, if one is («Я заболел. Что делать?» stays whole
   while it fits);
4. when still longer — the words the search does not read, kept to the core of the question
   (:func:`search_core`): the interrogative frame at the start («What are the …», «как …»), then the other
   function words (``stopwords`` — the caller passes its analyzer's — and English grammar words), then, from the
   end, predicate words around the noun phrase (verbs, adverbs, short adjectives: «… обязательна?»).  Used only
   when the result fits: «How do I change my bank details for salary?» → «Change bank details salary?»,
   «двухфакторная аутентефикация обязательна?» → «Двухфакторная аутентефикация?».

What is left is the user's own words, in order: nothing is paraphrased, so a question whose core is long by itself
stays as it was (and the caller rejects it).
"""

from __future__ import annotations

import re

__all__ = ["asks_by_formula", "core_question", "search_core", "strip_courtesy", "strip_courtesy_tail"]

_SEP = r"[\s,:;!.…—–-]*"
# Where an English greeting or thanks ends: a mark or the end of the text follows, or a word that opens a clause (a
# wh-word, an auxiliary, a pronoun, «please») — not the noun group of the question («Thank you letter template?»).
_EN_END = (
    r"(?=[\s]*(?:[,:;!.?…—–-]|$)|\s+(?:who|what|where|when|why|how|which|whom|whose|is|are|am|was|were|do|does|did|"
    r"can|could|will|would|should|shall|may|might|must|have|has|had|i|i'm|i'd|we|you|it|they|he|she|please|"
    r"quick|one|just|sorry|excuse|thanks|thank)(?![\w'-]))"
)
_GREETING = (
    r"(?:(?:всем\s+)?(?:привет\w*|здравствуй\w*|здрасьте|добр\w+\s+(?:день|утро|вечер|ночи|времени\s+суток))|"
    r"доброго\s+\w+(?:\s+суток)?|"
    r"хай|хэй|салют|хелло|"
    # English: a greeting with the word that completes it («hi there», «hello everyone»), not that word alone —
    # and only where the greeting ends (_EN_END): «Hey team lead, …», «Hello World program», «Good day to submit…»
    # open with the question's own words
    rf"(?:(?:hello|hi|hiya|hey|greetings)(?:\s+(?:there|all|everyone|everybody|guys|folks|team|bot))?|"
    rf"good\s+(?:morning|afternoon|evening|day)){_EN_END})"
)
_ADDRESS = r"(?:бот|ботик|ассистент|помощник|агент|коллеги|друг|уважаемый\s+бот)"
_THANKS = (
    r"(?:(?:заранее\s+)?(?:большое\s+|огромное\s+)?(?:спасибо|благодарю|спс)(?:\s+заранее)?|"
    rf"(?:many\s+)?(?:thanks|thank\s+you|thx)(?:\s+(?:so\s+much|a\s+lot))?(?:\s+in\s+advance)?{_EN_END})"
)
_ASK_VERB = (
    r"(?:(?:не\s+)?(?:подскажи(?:те)?|подскажешь|подскажете|скажи(?:те)?|скажешь|скажете|расскажи(?:те)?|"
    r"объясни(?:те)?|напомни(?:те)?|уточни(?:те)?|помоги(?:те)?(?:\s+разобраться)?|проконсультируй(?:те)?)"
    r"(?:\s+(?:мне|нам|пожалуйста))*)"
)
_ASKING = (
    rf"(?:{_ASK_VERB}|"
    r"(?:можно|могу\s+ли\s+я|можете|можешь)\s+(?:у\s+(?:тебя|вас)\s+)?(?:узнать|спросить|уточнить)|"
    r"(?:я\s+)?(?:хочу|хотел(?:а|ось)?|хотела\s+бы|хотел\s+бы|хотелось\s+бы)\s+(?:бы\s+)?(?:спросить|узнать|уточнить)|"
    r"(?:у\s+меня|есть)\s+(?:(?:один|такой|небольшой)\s+)?(?:вопрос|вопросик)(?:\s+такой)?|вопрос(?:\s+такой)?|"
    # English: the request wrapped around the question («could you please tell me», «I'd like to know»)
    r"(?:(?:could|can|would|will)\s+you\s+(?:please\s+)?(?:tell|explain\s+to|remind|show|help)(?:\s+(?:me|us))?|"
    r"(?:please\s+)?(?:tell|explain\s+to|remind|show|help)\s+(?:me|us)|"
    r"i\s+(?:want(?:ed)?|would\s+like|'d\s+like|wonder(?:ed)?)\s+(?:to\s+(?:ask|know)|if)|"
    r"(?:i\s+have\s+a|a|one|quick)\s+(?:quick\s+)?question|do\s+you\s+know))"
)
"""The formulas that ask («подскажите», «расскажите», «хочу узнать», «у меня вопрос», «could you tell me»): a sentence
opening with one asks whatever follows (:func:`asks_by_formula`)."""
_REQUEST = (
    rf"(?:{_ASKING}|"
    r"(?:слушай(?:те)?|извини(?:те)?(?:\s+за\s+беспокойство)?|простите|пожалуйста|плиз|pls|please)|"
    r"(?:а|и|так|ну|вот|кстати|в\s+общем|короче)(?=[\s,])|"
    r"(?:excuse\s+me|sorry\s+to\s+bother\s+you))"
)
# A formula is whole words: «хай» does not open «хайку», «hi» not «history», «вопрос» not «вопросы», «бот» does not
# end «работ» (without the boundaries these lost their first or last letters).
_HEAD_RE = re.compile(rf"^(?:{_GREETING}|{_ADDRESS}|{_THANKS}|{_REQUEST})(?![\w'-]){_SEP}", re.IGNORECASE)
_TAIL_RE = re.compile(
    rf"{_SEP}(?<![\w-])(?:пожалуйста|плиз|pls|please|{_THANKS}|если\s+(?:можно|не\s+сложно|не\s+трудно)|"
    r"очень\s+(?:прошу|надо|нужно)|буду\s+(?:благодар\w+|признател\w+)|бот|ассистент)(?=[\s,;:!.?…—–-]*$)",
    re.IGNORECASE,
)
_ONLY_COURTESY_RE = re.compile(
    rf"^(?:(?:{_GREETING}|{_ADDRESS}|{_THANKS}|{_REQUEST})(?![\w'-]){_SEP})*$", re.IGNORECASE
)
# A sentence ends at its marks followed by a space or the end: the dots of «https://wiki.example.com/x» or «1.5» end
# nothing (splitting there put spaces into the address the tool then searched for).
_SENTENCE_RE = re.compile(r"\S.*?(?:[.!?…]+(?=\s|$)|$)")
# A first token written as a plain word (letters, inner hyphens, trailing punctuation): only such a one is capitalised.
_PLAIN_WORD_RE = re.compile(r"^[^\W\d_]+(?:-[^\W\d_]+)*[,.:;!?…]*(?:\s|$)")
# Words that carry no topic, dropped (in this order) only when the question is too long.
_FILLERS = (
    "пожалуйста",
    "вообще",
    "вообще-то",
    "просто",
    "вот",
    "кстати",
    "же",
    "ну",
    "именно",
    "конкретно",
    "примерно",
    "мне",
    "нам",
    "себе",
    "теперь",
    "сейчас",
)


_ASKING_RE = re.compile(rf"^(?:{_ASKING})(?![\w'-])", re.IGNORECASE)


def asks_by_formula(sentence: str) -> bool:
    """Whether ``sentence`` opens — past its greetings, address and other formulas — with a formula that asks
    («Добрый день, подскажите, как …», «Расскажите про ДМС.», «Could you tell me …»): it asks, even without «?»."""
    text = " ".join(sentence.split())
    while True:
        if _ASKING_RE.match(text):
            return True
        shorter = _HEAD_RE.sub("", text, count=1)
        if shorter == text:
            return False
        text = shorter


def strip_courtesy(sentence: str) -> str:
    """``sentence`` without its opening and closing formulas (greetings, «подскажите, пожалуйста», «бот,»,
    «заранее спасибо»); the words in between are kept as typed."""
    text = " ".join(sentence.split())
    while True:
        shorter = _HEAD_RE.sub("", text, count=1)
        if shorter == text:
            break
        text = shorter
    return strip_courtesy_tail(text)


def strip_courtesy_tail(text: str) -> str:
    """``text`` without closing formulas («…, пожалуйста», «…, если можно», «…, заранее спасибо»); the final
    question or exclamation mark stays."""
    end = re.search(r"[?!.…]*\s*$", text)
    mark = end.group().strip() if end else ""
    body = text[: end.start()] if end else text
    while True:
        shorter = _TAIL_RE.sub("", body)
        if shorter == body:
            break
        body = shorter
    body = body.strip(" ,;:—–-")
    return body + mark if body else ""


def _sentences(text: str) -> list[str]:
    return [s.strip() for s in _SENTENCE_RE.findall(" ".join(text.split())) if s.strip()]


def _drop_fillers(text: str, limit: int) -> str:
    for filler in _FILLERS:
        if len(text) <= limit:
            break
        text = re.sub(rf"(?<![\w-]){re.escape(filler)}(?![\w-]),?\s*", "", text, flags=re.IGNORECASE)
        text = re.sub(r"\s+([,?!.])", r"\1", " ".join(text.split())).strip(" ,")
    return text


def _capitalised(text: str) -> str:
    """``text`` with its first letter upper-cased when it opens with a plain lower-case word; a URL, an address, a
    path, a code or a name written with its own capitals («https://…», «www.site.ru», «config.yaml», «iPhone»,
    «1с», «_id») stays as typed."""
    first = _PLAIN_WORD_RE.match(text)
    if first is None or any(ch.isupper() for ch in first.group()[1:]):
        return text
    return text[:1].upper() + text[1:]


def core_question(text: str, limit: int | None = None, stopwords: frozenset[str] = frozenset()) -> str:
    """The question of a chat line, for a tool parameter of at most ``limit`` characters (see the module doc).

    Returns the line with courtesy removed and the first letter capitalised (a line with nothing to remove, or of
    courtesy only, comes back as typed, spaces collapsed), shortened further only while longer than ``limit``
    (``stopwords``: the function words the caller's search ignores, see :func:`search_core`).
    """
    original = " ".join(text.split())
    kept = [s for s in _sentences(original) if not _ONLY_COURTESY_RE.match(s)]
    cleaned = [c for c in (strip_courtesy(s) for s in kept) if re.search(r"\w", c)]
    if not cleaned:
        return original
    question = " ".join(cleaned)
    if question != original:  # a line with nothing removed stays as typed
        question = _capitalised(question)
    if limit is None or len(question) <= limit:
        return question
    question = _capitalised(_drop_fillers(question, limit))
    if len(question) <= limit:
        return question
    asking = [s for s in cleaned if s.endswith("?")]
    if asking and len(asking) < len(cleaned):
        question = _capitalised(_drop_fillers(" ".join(asking), limit))
    if len(question) <= limit:
        return question
    core = search_core(question, limit, stopwords)
    return _capitalised(core) if core is not None else question


# English grammar words (a closed class: interrogatives, auxiliaries, pronouns, articles, prepositions) — an English
# question's frame; a Russian analyzer's stop-word list (bm25s) holds only a few of them.
_EN_FUNCTION_WORDS = (
    "what which who whom whose where when why how is are am was were be been being do does did can could will "
    "would should shall may might must have has had i me my mine we our us you your it its they them their he "
    "him his she her the a an of for to on in at by with from about into this that these those there here any some"
)
_EN_FUNCTION = frozenset(_EN_FUNCTION_WORDS.split())
# Parts of speech (pymorphy3) that stand around a Russian question's noun phrase, not in it: the predicate
# («обязательна», «проходит»), adverbs, particles, pronouns, prepositions and conjunctions.
_PREDICATE_POS = frozenset(
    {"VERB", "INFN", "ADVB", "ADJS", "PRTS", "PRED", "GRND", "PRCL", "INTJ", "CONJ", "PREP", "NPRO"}
)
_CORE_WORD_RE = re.compile(r"[^\W_]+(?:[-'][^\W_]+)*")
# Words that set what is asked although a search ignores them: a negation or an absence («не», «без», «нет»), a
# condition or a time («если», «при», «после», «до»).  Dropping one turns the question into another («отпуск без
# сохранения зарплаты» → «отпуск сохранения зарплаты»), and the answer check downstream reads them from the question.
_MEANING_WORDS = frozenset(
    [
        "не",
        "нет",
        "ни",
        "без",
        "кроме",
        "если",
        "когда",
        "пока",
        "при",
        "после",
        "до",
        "перед",
        "хотя",
        "чтобы",
        "not",
        "no",
        "without",
        "except",
        "unless",
        "if",
        "when",
        "while",
        "before",
        "after",
    ]
)
_NEGATIONS = frozenset(["не", "ни", "not"])
# A subordinate clause: its predicate is the condition asked about («…, если я работаю удалённо»), so no predicate
# word of the question is dropped.
_CLAUSE_WORDS = frozenset(["если", "когда", "пока", "хотя", "чтобы", "unless", "if", "when", "while"])


def _bare(token: str) -> str:
    found = _CORE_WORD_RE.search(token)
    return found.group().lower().replace("ё", "е") if found else ""


def search_core(question: str, limit: int, stopwords: frozenset[str] = frozenset()) -> str | None:
    """``question`` cut down to the words a search reads, when that fits ``limit``; ``None`` when it does not.

    In this order: all the function words that open the question (``stopwords`` or English grammar words: «What
    are the», «как»); then, only while longer than ``limit``, the other function words, left to right; then, from
    the end, Russian words read as a predicate, an adverb or a particle («обязательна», «удалённо») — at least one
    word stays.  Never dropped: a negation, an absence or a condition («не», «без», «если», «при», «после»); and no
    predicate word is dropped from a question with a subordinate clause («…, если я работаю удалённо…»: its predicate
    is the condition asked about) — such a question, too long, stays whole and is rejected.  Words keep their order
    and spelling; the closing «?» stays.
    """
    text = " ".join(question.split())
    end = re.search(r"[?!.…]*$", text)
    mark = end.group() if end else ""
    tokens = text[: len(text) - len(mark)].split()
    function = stopwords | _EN_FUNCTION

    def joined(kept: list[str]) -> str:
        body = " ".join(kept).strip(" ,;:—–-")
        return re.sub(r"\s+([,;:])", r"\1", re.sub(r"([,;:])(?:\s*[,;:])+", r"\1", body)) + mark

    def is_function(token: str) -> bool:
        word = _bare(token)
        return not word or (word in function and word not in _MEANING_WORDS)

    while len(tokens) > 1 and is_function(tokens[0]):  # the whole frame: «What are the …», not «Are the …»
        tokens = tokens[1:]
    index = 0
    while len(joined(tokens)) > limit and index < len(tokens):
        if len(tokens) > 1 and is_function(tokens[index]):
            tokens = tokens[:index] + tokens[index + 1 :]
        else:
            index += 1
    if len(joined(tokens)) > limit and not any(_bare(token) in _CLAUSE_WORDS for token in tokens):
        from agentcore.text.morphology import pos_of

        index = len(tokens) - 1
        while len(joined(tokens)) > limit and index >= 0 and len(tokens) > 1:
            word = _bare(tokens[index])
            negated = index > 0 and _bare(tokens[index - 1]) in _NEGATIONS  # «не приходит»: the negation's word
            if pos_of(word) in _PREDICATE_POS and word not in _MEANING_WORDS and not negated:
                tokens = tokens[:index] + tokens[index + 1 :]
            index -= 1
    result = joined(tokens)
    return result if len(result) <= limit and re.search(r"\w", result) else None
