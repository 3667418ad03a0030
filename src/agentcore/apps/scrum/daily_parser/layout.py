"""The layout of a daily: sentences and bullets, section headers («Вчера:», «Сегодня —», «Блокеры», «Y:/T:/B:»,
emoji that stand for a header), header typos («Сеголня:», «нте» for «нет»), author labels, greetings and «Риски:»
lines."""

from __future__ import annotations

import re
from functools import lru_cache

from agentcore.apps.scrum.daily_parser.lexicon import _BLOCKER_WORDS, _ID, _TODAY, _YESTERDAY, Section, _one_edit
from agentcore.apps.scrum.task_ids import task_ids_in
from agentcore.text.first_char import guarded
from agentcore.text.morphology import parses
from agentcore.text.reading_memo import per_reading

# Symbols that open a line instead of a header: ✅ done, 🔜 planned, ⛔ blocked.
_EMOJI_SECTION: dict[str, Section] = {
    **dict.fromkeys("✅✔☑👍🟢✓", "yesterday"),
    **dict.fromkeys("🔜🎯➡👉⏳🛠🔧🟡📅🔨⏭", "today"),
    **dict.fromkeys("⛔🚧🚫❌🔴🆘🔥🧱🙅⚠🛑", "blockers"),
}
_LEADING_SYMBOLS = re.compile(r"^[^\w\s#(«\"\[]+\s*")
# At most three words after the header's own («План на сегодня», «Итоги за вчера»): the time words can be split in
# several ways («на сегодня» is «на» + «сегодня» or one phrase), and an unbounded repetition backtracks over every
# split of a long run of them (30 «на сегодня» took hours).
_SECTION_TAIL = rf"(?:\s+(?:на|for|{_YESTERDAY}|{_TODAY})){{0,3}}"
# «Вчера сделал:», «Сегодня сделаю:» — a header with its verb
_HEADER_VERB = r"(?:\s+(?:сделал[аи]?|сделано|делал[аи]?|успел[аи]?|сделаю|буду\s+делать|планирую|делаю))?"
# Every header word is letters and spaces, and the separator after them (:data:`_HEADER_SEPARATOR`) opens with a
# character neither a letter, a space nor one of «#(«"[,.;!?»: a text whose first other character is not such a one
# holds no header — asked first in one scan (session sp5), it turns away the clauses that merely open with a time word
# («сегодня доделаю PAY-1.»), where the time words' overlapping alternatives backtracked through the tail (13 k
# instructions a call).
_HEADER_SEPARATOR = r"(?:[:：]|—|–|-(?!\w)|=>|->|[^\w\s#(«\"\[,.;!?]+)"
_HEADER = re.compile(
    r"^(?=[\w\s]*+[^\w\s#(«\"\[,.;!?])\s*(?:(?:(?:что\s+(?:сделал[аи]?|делал[аи]?)|итоги?|результаты?|summary)\s+)?(?:за|на|for)\s+)?"
    rf"(?:(?P<y>(?:{_YESTERDAY}){_SECTION_TAIL}{_HEADER_VERB}|y|было|итоги\s+дня|что\s+(?:сделал[аи]?|сделано)|из\s+сделанного|"
    r"сделанное)|"
    rf"(?P<t>(?:{_TODAY}){_SECTION_TAIL}{_HEADER_VERB}|t|будет|doing|next(?:\s+up)?|в\s+процессе|in\s+process|"
    # what comes next, what is being worked on, the day's goals (session sg): «Дальше:», «На очереди:», «Up next:»,
    # «Planned:», «Working on:», «Current:», «Цели на день:», «Focus:»
    r"дальше|далее|следующ\w*|на\s+очереди|up\s+next|planned|working\s+on|current(?:ly)?|"
    r"цели(?:\s+на\s+(?:день|сегодня))?|focus(?:\s+(?:for\s+)?today)?|"
    # the present and the day's focus (session sw): «Сейчас:», «Now:», «This morning:», «Фокус дня:», «Текущая задача:»
    r"сейчас|(?:right\s+)?now|this\s+morning|с\s+утра|фокус(?:\s+(?:дня|на\s+(?:день|сегодня)))?|в\s+фокусе|"
    r"текущ(?:ее|ая|ие)(?:\s+(?:задач[аи]|работа))?|"
    r"что\s+(?:буду|будем|планирую|собираюсь)(?:\s+делать)?)|"
    rf"(?P<b>{_BLOCKER_WORDS}|b|(?:что\s+)?(?:мешает|блокирует|тормозит)))"
    rf"\s*{_HEADER_SEPARATOR}\s*",
    re.IGNORECASE,
)
# A header alone on its line, without a colon («Вчера», «📌 Сегодня», «Блокеры»).
_HEADER_ALONE = re.compile(
    rf"^\s*(?:(?P<y>{_YESTERDAY})|(?P<t>{_TODAY})|(?P<b>{_BLOCKER_WORDS}))\s*[:：]?\s*$", re.IGNORECASE
)
# Tried at every position of a daily: behind a lookahead on the characters a boundary starts with (derived).
_SENTENCES = re.compile(
    guarded(
        r"(?:\r?\n)+|(?<=[.!?…])\s+|;\s*|(?<=\S)\.$|\s+[/|]\s+(?![A-Za-z][\w]*-\d|#\d)"
        # a short header after a comma opens its section: «Y: MKT-12 landing copy, T: MKT-13 A/B setup» (dev25)
        r"|,\s*(?=(?:Y|T|B|Done|Doing|Blocked|Blockers?)\s*:\s)"
    )
)
_BULLET = re.compile(r"^\s*(?:[-*•–—]|\d{1,2}[.)])\s+")


# Who writes, before the daily itself («QA:», «Петя:», «Backend team:»): one or two words and a colon.
_LABEL = re.compile(r"^\s*[A-Za-zА-Яа-яЁё][\w.]{0,15}(?:\s+[\w.#/-]{1,30})?\s*:\s+")
_RISKS = re.compile(r"^\s*(?:риск(?:и|ов)?|risks?)\s*(?:[:：]|—|–|-(?!\w))", re.IGNORECASE)
# A remark under a label of its own — a concern, a question, a note, an idea («Concerns: the library looks
# unmaintained», «Вопрос к Пете: когда демо?», «FYI: …»): no work item and no impediment unless it names a task.
_REMARK = re.compile(
    r"^\s*(?:concerns?|опасени[ея]|вопрос[ыа]?(?:\s+(?:к|для)\s+[\w.]+)?|questions?(?:\s+(?:for|to)\s+[\w.]+)?|"
    r"notes?|fyi|p\.\s?s\.?|ps|на\s+заметку|заметк[аи]|замечани[ея]|комментари[йи]|идеи|идея|ideas?)"
    r"\s*(?:[:：]|—|–|-(?!\w))",
    re.IGNORECASE,
)
# A done / open checkbox before an item («[x] PAY-1 …», «[ ] PAY-2 …»): done is yesterday's, open is today's.
_CHECKBOX = re.compile(r"^\[(?:(?P<done>[xXхХvV✓✔])|\s?)\]\s*")
# A row of a markdown table («| вчера | PAY-1 — возвраты |»): its first cell heads the rest; a rule row goes.
_TABLE_ROW = re.compile(r"^[ \t]*\|[ \t]*([^|\n]*?)[ \t]*\|[ \t]*([^\n]*?)[ \t]*\|?[ \t]*$", re.MULTILINE)
_TABLE_RULE = re.compile(r"^[\s|:-]*$")


def _table_row(match: re.Match[str]) -> str:
    head, rest = match.group(1), match.group(2)
    if _TABLE_RULE.match(match.group(0)):
        return ""
    return f"{head}: {rest.replace(' | ', ', ')}" if head and rest else head or rest


# A label alone on its line with nothing after its colon («Что сделал:», «Что буду делать:», «**Вчера:**», «1. Итоги
# дня:»): a header, whatever its words — over the lines below it, or of a template left unfilled.  A few letter words
# (a label, not a sentence), no digit or id; the colon ends the line.
_BARE_LABEL = re.compile(
    r"^[^\w\n]*(?:\d{1,2}[.)][^\w\n]*)?"
    # words joined by spaces or a slash («Что мешает:», «Блокеры/риски:», «Done / Doing:»)
    r"(?P<label>(?:[A-Za-zА-Яа-яЁё]+(?:[ \t]+|[ \t]*/[ \t]*)){0,4}[A-Za-zА-Яа-яЁё]+)[ \t]*[:：][^\w\n]*$",
    re.MULTILINE,
)


# A template's prompt without an answer, ended by a question mark or a dash instead of a colon: «Что сделал вчера?»,
# «Есть ли блокеры?», «Вчера —», «Мешает —» (dev22, dev25) — a label only when it names a section, so a question of
# the author's own («где ключи от стенда?») stays what it says.
_BARE_PROMPT = re.compile(
    r"^[^\w\n]*(?:\d{1,2}[.)][^\w\n]*)?"
    r"(?P<label>(?:[A-Za-zА-Яа-яЁё]+[ \t]+){0,5}[A-Za-zА-Яа-яЁё]+)[ \t]*(?:\?|[—–-])[^\w\n]*$",
    re.MULTILINE,
)
_SECTION_NAMED = re.compile(
    r"вчера|сегодня|блок|меша|проблем|план|сделал|сделано|yesterday|today|block|done|doing|plan|impediment",
    re.IGNORECASE,
)
_LABEL_ENDS = (":", "：", "?", "—", "–", "-")
_PROMPT_END = re.compile(r"[?—–-][^\w\n]*$", re.MULTILINE)


@per_reading()
def _prompts(text: str) -> tuple[re.Match[str], ...]:
    """The prompts of ``text`` (:data:`_BARE_PROMPT`) that name a section (remembered while one daily is read: the
    reading and the verdict both ask)."""
    if not _PROMPT_END.search(text):
        return ()  # most dailies: no line ends with a question mark or a dash
    return tuple(m for m in _BARE_PROMPT.finditer(text) if _SECTION_NAMED.search(m.group("label")))


@per_reading()
def _colon_labels(text: str) -> tuple[re.Match[str], ...]:
    """The labels of ``text`` before a colon (:data:`_BARE_LABEL`; remembered like :func:`_prompts`)."""
    return tuple(_BARE_LABEL.finditer(text)) if ":" in text or "：" in text else ()


def is_question_prompt(line: str) -> bool:
    """Whether ``line`` is a template's question naming a section and nothing else («Что сделал вчера?», «Есть ли
    блокеры?»): no statement of the author's."""
    if not line.rstrip().endswith("?"):
        return False
    prompt = _BARE_PROMPT.fullmatch(line.strip())
    return prompt is not None and _SECTION_NAMED.search(prompt.group("label")) is not None


def _labels(text: str) -> list[re.Match[str]]:
    """The bare labels of ``text``: :data:`_BARE_LABEL`, and the prompts naming a section (:func:`_prompts`)."""
    return [*_colon_labels(text), *_prompts(text)]


def without_bare_labels(text: str) -> str:
    """``text`` without its bare labels (:func:`_labels`): what is left is what the author wrote under them
    (the labelling rule: EMPTY is not a word besides headers and punctuation)."""
    labels = _labels(text)
    for match in sorted(labels, key=lambda m: m.start(), reverse=True):
        text = text[: match.start()] + text[match.end() :]
    return text


def bare_labels(text: str) -> frozenset[str]:
    """The bare labels of ``text`` (:func:`_labels`), each as its lower-case words joined by one space — to know a
    clause that is one of them (:func:`is_bare_label`)."""
    return frozenset(" ".join(_LABEL_WORD.findall(m.group("label").lower())) for m in _colon_labels(text)) | frozenset(
        " ".join(_LABEL_WORD.findall(m.group("label").lower())) + "?" for m in _prompts(text)
    )  # a prompt's words end with «?»: «Блокеры -» is no prompt where «Блокеры: -» is the daily's label


def is_bare_label(clause: str, labels: frozenset[str]) -> bool:
    """Whether a clause's text (``«Есть ли проблемы:»``, ``«Что сделал вчера?»``) is one of the bare ``labels`` of
    its daily."""
    end = clause.rstrip(" \t*_")
    if not labels or not end.endswith(_LABEL_ENDS):
        return False
    words = " ".join(_LABEL_WORD.findall(clause.lower()))
    return words in labels if end.endswith((":", "：")) else f"{words}?" in labels


_LABEL_WORD = re.compile(r"[A-Za-zА-Яа-яЁё]+")


_DASHES = re.compile(r"^\s*[-—–]+\s*$")
_MARKDOWN_HEADING = re.compile(r"^#{1,6}\s+")
_MENTION = re.compile(r"(?<![\w.@])@[\w.-]+")
_NONE_WORDS = ("нет", "нету", "none", "nope")


def _typo_none(text: str) -> bool:
    """Whether ``text`` is one word a letter away from «нет»/«none» («нетц», «нте», «nоne»): a typo of «none»."""
    word = text.strip(" .!,;").lower()
    if not 2 <= len(word) <= 5 or not word.isalpha():
        return False
    return _near_none(word)


@lru_cache(maxsize=4096)
def _near_none(word: str) -> bool:
    """Whether a short lower-case ``word`` is at most one edit from «нет»/«none» (kept per word: the words repeat)."""
    return any(_one_edit(word, none) for none in _NONE_WORDS)


_HEADER_WORD = re.compile(r"^\s*([A-Za-zА-Яа-яЁё]{4,10})\s*:")
_HEADER_WORDS = {"вчера": "Вчера", "сегодня": "Сегодня", "блокеры": "Блокеры", "today": "Today",
                 "yesterday": "Yesterday", "blockers": "Blockers"}  # fmt: skip


def _header_typo(sentence: str) -> str:
    """``sentence`` with a header word one letter off («Сеголня:», «Блокеоы:») written right."""
    word = _HEADER_WORD.match(sentence)
    if word is None or _HEADER.match(sentence):
        return sentence
    lower = word.group(1).lower()
    right = next((fixed for typo, fixed in _HEADER_WORDS.items() if _one_edit(lower, typo)), None)
    return f"{right}{sentence[word.end(1) :]}" if right else sentence


# Misspelt time words by their distance to the word, not by a list: «седоня», «вчиро», «сгодня» are two edits or fewer
# from «сегодня»/«вчера».  Dictionary words that close stay as written (pymorphy's vocabulary was searched for them).
_TIME_WORD_CANDIDATE = re.compile(r"\b[свСВ][а-яёА-ЯЁ]{3,8}\b")
_NEAR_TIME_WORDS = frozenset(
    ["вчерась", "вчерне", "вчерти", "вчертя", "вчерчу", "сводня", "сеговия", "сродня", "сходня"]
)


def _edits(a: str, b: str, limit: int) -> int:
    """The optimal-string-alignment distance of ``a`` and ``b`` (insertions, deletions, substitutions, swaps of
    neighbours), or ``limit + 1`` once it is certain to pass ``limit``."""
    if abs(len(a) - len(b)) > limit:
        return limit + 1
    before: list[int] = []
    row = list(range(len(b) + 1))
    for i in range(1, len(a) + 1):
        current = [i] + [0] * len(b)
        for j in range(1, len(b) + 1):
            cost = a[i - 1] != b[j - 1]
            current[j] = min(row[j] + 1, current[j - 1] + 1, row[j - 1] + cost)
            if i > 1 and j > 1 and a[i - 1] == b[j - 2] and a[i - 2] == b[j - 1]:
                current[j] = min(current[j], before[j - 2] + 1)
        if min(current) > limit:
            return limit + 1
        before, row = row, current
    return row[-1]


@lru_cache(maxsize=8192)
def _time_word(word: str) -> str:
    """``word``, or the time word it misspells (kept capitalised when it was)."""
    lower = word.lower()
    if lower in ("сегодня", "вчера") or lower in _NEAR_TIME_WORDS:
        return word
    fixed = ""
    if lower[0] == "с" and _edits(lower, "сегодня", 2) <= 2:
        fixed = "сегодня"
    elif lower.startswith("вч") and _edits(lower, "вчера", 2) <= 2:
        fixed = "вчера"
    if not fixed:
        return word
    return fixed.capitalize() if word[0].isupper() else fixed


def _time_typos(sentence: str) -> str:
    """``sentence`` with each misspelt «сегодня»/«вчера» written right (see :func:`_time_word`)."""
    if all(_time_word(word) == word for word in _TIME_WORD_CANDIDATE.findall(sentence)):
        return sentence  # the common case: nothing to fix, no new string
    return _TIME_WORD_CANDIDATE.sub(lambda match: _time_word(match.group(0)), sentence)


# A line that names one task alone, maybe with its title: «**HR-22** (форма отпуска)», «PAY-7:», «### PAY-7 — вебхуки».
_TASK_HEAD = re.compile(
    rf"^[ \t]*(?:[#*>•-]+[ \t]*)?\**[ \t]*(?P<id>{_ID})[ \t]*\**"
    r"[ \t]*(?:[:—–-][ \t]*)?(?P<title>\([^()\n]{1,80}\)|[^\n:()]{0,80}?)[ \t]*:?[ \t]*$"
)
# A line of the day's sections under such a task: «вчера: сверстал», «- Today: reset form».
_SECTION_LINE = re.compile(
    rf"^(?P<head>[ \t]*(?:[-*•][ \t]*)?(?:{_YESTERDAY}|{_TODAY})[ \t]*:[ \t]*)(?P<rest>\S.*)$", re.IGNORECASE
)


def task_groups(message: str) -> str:
    """``message`` with each task's own section lines carrying its id, when the daily is grouped by task — a line
    naming one task, then its «вчера: …» / «сегодня: …» lines without an id («**HR-22** (форма отпуска)\\nвчера:
    сверстал\\nсегодня: валидация дат» reads «вчера: HR-22 (форма отпуска) — сверстал\\nсегодня: HR-22 —
    валидация дат»; session qv).  Other dailies come back unchanged."""
    lines = message.split("\n")
    out: list[str] = []
    task: tuple[str, str] | None = None  # the task of the group being read: its id and its title
    grouped = False  # the line before belongs to a task's group
    for index, line in enumerate(lines):
        head = _TASK_HEAD.match(line) if index + 1 < len(lines) else None
        # a group: its own sections on two lines at least, or one after another group («**HR-25**\nсегодня: …»);
        # a task's line followed by one section line is a list under the section before («- PAY-7\nСегодня: …»)
        if (
            head is not None
            and task_ids_in(head.group("id"))
            and _is_title(head.group("title"))
            and _own_sections(lines[index + 1 : index + 3]) >= (1 if grouped else 2)
        ):
            task = (head.group("id"), head.group("title").strip())
            continue
        section = _SECTION_LINE.match(line) if task is not None else None
        if task is None or section is None or task_ids_in(section.group("rest")):
            task, grouped = None, False
            out.append(line)
            continue
        grouped = True
        task_id, title = task
        out.append(f"{section.group('head')}{task_id}{' ' + title if title else ''} — {section.group('rest')}")
        task = (task_id, "")  # the title once, with the first line
    return "\n".join(out)


# Parts of speech that make a line a statement, not a task's title: «ZOO-5 закрыл наконец» tells what was done.
_STATEMENT_POS = frozenset(("VERB", "INFN", "GRND", "PRTS"))


def _is_title(title: str) -> bool:
    """Whether the words after a task's id on its own line are its title (nothing, a parenthesis, or words with no
    verb — «(форма отпуска)», «вебхуки оплаты»), not a statement about it («закрыл наконец»)."""
    if not title.strip() or title.lstrip().startswith("("):
        return True
    return not any(parses(word)[0].tag.POS in _STATEMENT_POS for word in _TITLE_WORD.findall(title.lower()))


_TITLE_WORD = re.compile(r"[а-яё]+")


def _own_sections(lines: list[str]) -> int:
    """How many of ``lines``, from the first, are section lines that name no task."""
    count = 0
    for line in lines:
        section = _SECTION_LINE.match(line)
        if section is None or task_ids_in(section.group("rest")):
            break
        count += 1
    return count
