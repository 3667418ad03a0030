"""Clause boundaries: a sentence cut into statements (a time word, a blocker word, «но», a verb of the other
section), a status after its task moved before it («PAY-5 done»), and the joins that undo a cut — a qualifier
(«…, но это не блокер»), an urgency marker («срочно!!!»), a blocker and its explanation."""

from __future__ import annotations

import re
from dataclasses import dataclass

from agentcore.apps.scrum.blocker_reading import (
    NEGATOR_WORD,
    PAST_WAIT,
    RESOLVED_GATE,
    WORKAROUND,
    is_negated,
    negated_in,
)
from agentcore.apps.scrum.daily_parser.blocker_clauses import (
    _JOINT,
    _LEAD_WORDS,
    _PAST_TROUBLE,
    _names_trouble,
    _no_blockers_in,
    denial_only,
)
from agentcore.apps.scrum.daily_parser.layout import (
    _BULLET,
    _CHECKBOX,
    _DASHES,
    _EMOJI_SECTION,
    _HEADER,
    _HEADER_ALONE,
    _LABEL,
    _LEADING_SYMBOLS,
    _MARKDOWN_HEADING,
    _MENTION,
    _REMARK,
    _RISKS,
    _SENTENCES,
    _TABLE_ROW,
    _header_typo,
    _table_row,
    _time_typos,
    is_question_prompt,
)
from agentcore.apps.scrum.daily_parser.lexicon import (
    _COURTESY,
    _ID,
    _TODAY,
    _TODAY_RE,
    _WORD,
    _YESTERDAY,
    _YESTERDAY_RE,
    Section,
    _content_words,
    _starts_section,
    _verb_section,
    _wordset,
    tells_doing_now,
)
from agentcore.apps.scrum.task_ids import task_ids_in
from agentcore.text.first_char import compile_guarded, guarded
from agentcore.text.literal_gate import LiteralGate
from agentcore.text.morphology import parses

# Tried at every position of every sentence: behind a lookahead on the characters a boundary can start with (a comma,
# a space), derived from the pattern (:func:`~agentcore.text.first_char.guarded`).  After a space, what the cut needs
# next (:data:`_TIME_AHEAD`) is asked before the time word that must not end the statement: most words are neither,
# and the first question turns them away at their first character (session sp4; a necessary condition, the same cuts).
_TIME_AHEAD = guarded(rf"(?:(?:а|и|но|однако|зато)\s+)?(?:{_YESTERDAY}|{_TODAY})\b", re.IGNORECASE)
_CLAUSE_SPLIT = re.compile(
    guarded(
        rf"(?:,\s*|\s+—\s+|\s+–\s+|\s+(?={_TIME_AHEAD})(?!(?:{_YESTERDAY}|{_TODAY})\s*(?:$|[.!?]|\s(?:and|и|or|или)\b)))"
        rf"(?:(?:а|и|но|однако|зато)\s+)?(?=(?:{_YESTERDAY}|{_TODAY})\b)"
        r"|,\s*(?=(?:блок[еи]р\w*|blocker|blocked|жд(?:у|ем)|не\s+мо(?:гу|жем)|нет\s+доступ|мешает|упал|простаива\w*|"
        r"уп[её]рс\w*|упира\w*|застрял\w*|stuck|не\s+хватает|отвалил\w*|сломал(?:ся|ась|ось|ись)|"
        r"вс[её]\s+(?:упало|лежит)|работа\s+встала|без\s+\w+\s+работать|"
        # a call for help after the work: «PAY-2 валидация, нужна помощь с регэкспами»
        r"(?:нуж(?:ен|на|ны|но)|требуется)\s+помощ\w*|need\s+(?:some\s+)?help)\b)"
        # a wait a few words into the clause («…, после обеда жду созвон»): the clause before it is the day's work
        r"|,\s*(?=(?:[^\s,.;]+\s+){1,3}(?:жд(?:у|ем|[её]м)|ожида(?:ю|ем))\b)"
        r"|,\s*(?=был[аио]?\s+(?:блок|затык|проблем))"
        r"|,\s*(?=вс[её]\s+(?:ок|ok|окей|хорошо|норм\w*|гладко|ровно|в\s+порядке|по\s+плану)\b)"
        r"|,\s*(?:а\s+|и\s+|потом\s+|затем\s+)?(?=(?:(?:после\s+обеда|с\s+утра|утром|вечером|днём|днем)\s+)?"
        r"(?:планирую|буду|начну|займусь|собираюсь|возьму|продолжу|дальше|"
        r"беру|берусь|начинаю|приступаю|сажусь|"
        r"сделал|закрыл|доделал|закончил|завершил|пофиксил|починил|исправил|выкатил|смержил|протестировал|проверил)\b)"
        # English: «Did PAY-1, doing PAY-2, blocked by …»
        r"|,\s*(?:and\s+)?(?=(?:doing|working\s+on|will|going\s+to|planning|starting|continuing|finishing|did|finished|"
        r"fixed|closed|merged|wrapped\s+up)\b)"
        # another task set against the one before: «сегодня PAY-2 пилю, а PAY-3 стоит — жду ответ»
        rf"|,\s*а\s+(?={_ID}\b)"
        # more of the day, not this task: «CAL-8 события, ещё созвон с клиентом», «…, заодно посмотрел дашборд»
        r"|,\s*(?=(?:а\s+|и\s+)?(?:ещё|еще|также|плюс|заодно)\s+(?!не\b))"
        r"|,?\s+(?:но|однако|but)\s+|,\s*а\s+(?=(?:сегодня|вчера|today|yesterday)\b)|,\s*(?:а|и)\s+(?:ещё|еще|также)\s+",
        re.IGNORECASE,
    ),
    re.IGNORECASE,
)

_MAX_LISTED_IDS = 30
"""Most ids before one shared status (:data:`_POSTFIX_STATUS`): without a bound each of N listed ids would start a
scan over the rest of the list, N² steps for a pasted list of ids."""
# A status or a time word after the task («TASK-5 done, TASK-6 in progress», «Did CAL-21 yesterday», «doing PAY-2
# today»): moved to the front of its statement, where a section word stands, with the words before the task (the verb
# stays with its task).  A list of ids shares its status: «CAL-16 + CAL-17 done», «PAY-1, PAY-2 done» → «done PAY-1,
# PAY-2».
_POSTFIX_STATUS = re.compile(
    r"(^|[,;:]\s*)((?:[^\W\d_][\w'’]*\s+){0,3}?)"
    rf"((?:{_ID}\s*(?:,|\+|&|/|\bи\b|\band\b)\s*){{0,{_MAX_LISTED_IDS}}}{_ID})\s+(done|in\s+progress|wip|todo|today|yesterday|в\s+работе)"
    r"(?=\s*(?:[,;.(]|\s[—–-]\s|$))",
    re.IGNORECASE,
)
# «… TASK-15 блокер нет доступов» in a line without punctuation: the blocker starts a clause of its own …
_BLOCKER_HEAD = re.compile(r"\s+(?=(?:блок[еи]р(?:ы|ов)?|blockers?|blocked|impediments?)\b)", re.IGNORECASE)
# … unless the word before says there is none, or that one was dealt with («нет блокеров», «снял блокер»).
_NOT_BEFORE_BLOCKER = _wordset(
    """не нет нету без никаких ни no not any снял сняла сняли закрыл закрыла закрыли убрал убрала убрали решил
    решила решили обошёл обошел обошла новых других был была было были was a an the new other more had
    полностью совсем окончательно completely fully totally is am are m re been got get это что чем never никогда
    zero ноль of"""
)
# A clause that only says how urgent the blocker is («Блокеры: срочно!!! нет доступа»): it belongs to the next one.
_URGENCY_ONLY = re.compile(
    r"^\W*(?:очень\s+|совсем\s+|супер\s*)?(?:срочно|критично|важно|asap|urgent|горит)\W*$", re.IGNORECASE
)
# Where a blocker line turns to the day's work: «Блокер: банк молчит по PAY-3, но сегодня делаю PAY-2».
_SECTION_AFTER_BLOCKER = re.compile(
    r"(?:[,;]|\s[—–])\s*(?:(?:а|но|и|зато)\s+)?(?=(?:сегодня|вчера|today|yesterday|завтра)\b)", re.IGNORECASE
)


_POSTFIX_GATE = LiteralGate(_POSTFIX_STATUS)
_LABEL_GATE = LiteralGate(_LABEL)


def _status_first(match: re.Match[str]) -> str:
    """The replacement of :data:`_POSTFIX_STATUS`: the status before the words that lead to the task, unless those
    already say when («вчера PAY-360 done» → «вчера done PAY-360»)."""
    start, lead, ids, status = match.groups()
    if _YESTERDAY_RE.search(lead) or _TODAY_RE.search(lead):
        return f"{start}{lead}{status} {ids}"
    return f"{start}{status} {lead}{ids}"


def _topic_of_next(lead: str, rest: str) -> bool:
    """Whether ``lead`` is only a task id (a URL, a dash, parentheses) and ``rest`` a time-word statement that names
    no task of its own, so the two are one statement about that task («CLN-36 — сегодня беру фильтр», «FOOD-111
    (https://…/FOOD-111) вчера выкатили»); «PAY-1, сегодня PAY-2» stays two."""
    if not task_ids_in(lead) or _content_words(lead) or _YESTERDAY_RE.search(lead) or _TODAY_RE.search(lead):
        return False
    statement = re.split(r"[,;]", rest, maxsplit=1)[0]
    return _starts_section(rest) and not task_ids_in(statement)


_TIME_FIRST = re.compile(rf"(?:{_YESTERDAY}|{_TODAY})\b", re.IGNORECASE)
_TIME_THEN_COMMA = re.compile(rf"(?:{_YESTERDAY}|{_TODAY})\s*,\s*", re.IGNORECASE)


_LAST_STATEMENT = re.compile(r",")


def _clauses_of(piece: str) -> list[str]:
    """``piece`` split at clause boundaries (:data:`_CLAUSE_SPLIT`), never inside parentheses: «DATA-310 done (был
    баг с падением джобы, пофиксил)» is one clause."""
    parts, start = [], 0
    for match in _CLAUSE_SPLIT.finditer(piece):
        before = piece[: match.start()]
        if before.count("(") > before.count(")") or match.end() <= start:
            continue
        lead = piece[start : match.start()].strip()
        # the statement the time word stands in: «GEO-21 делаю, доступ к картам вчера выдали» — the access was given
        # yesterday, no new statement after GEO-21 (rw022)
        own = _LAST_STATEMENT.split(lead)[-1].strip() or lead
        if not match.group(0).strip() and not (task_ids_in(own) or _starts_section(own) or own.endswith(":")):
            continue  # «стенд вчера падал»: a time word inside a statement, not a new one after a task
        if "," not in match.group(0) and _topic_of_next(lead, piece[match.end() :]):
            continue  # «CLN-36 — сегодня беру фильтр»: the id is what the time-word statement is about
        ended = _TIME_THEN_COMMA.match(piece, match.end()) if "," not in match.group(0) else None
        if ended and task_ids_in(lead):
            # «Wrapped up CAL-30 yesterday, picking up CAL-31 today»: a time word with a comma after the task ends
            # the task's statement, it does not open the next one
            parts.append(piece[start : ended.end()])
            start = ended.end()
            continue
        parts.append(piece[start : match.start()])
        start = match.end()
    parts.append(piece[start:])
    return parts


def _section_of(text: str) -> Section | None:
    """The section ``text`` speaks of by its own words: its first time word, else its first verb (see
    :func:`_verb_section`)."""
    time_y, time_t = _YESTERDAY_RE.search(text), _TODAY_RE.search(text)
    if time_y or time_t:
        return "yesterday" if time_y and (not time_t or time_y.start() < time_t.start()) else "today"
    return _verb_section(text)


def _turns(part: str, section: Section | None) -> list[tuple[str, Section | None]]:
    """``part`` cut where it turns from one day to the other: a statement of yesterday or today (its own time word or
    verb, else the last one before it, else the ``section`` of its header), then a comma or a dash and a statement
    that names a task of its own and whose first verb (within :data:`_LEAD_WORDS` words) is of the other day
    («Вчера: PAY-1 ретраи, пишу PAY-2», «закрыл PAY-1, допишу PAY-2»). Each piece comes with the section its turn
    gave it (``None`` for the first). A blockers line is not cut here: where it turns to the work is
    :data:`_SECTION_AFTER_BLOCKER`'s."""
    if not _DIGIT.search(part):
        return [(part, None)]  # no task id, so no turn (the common case: one search, no statement read)
    joints = list(_JOINT.finditer(part))
    pieces: list[tuple[str, Section | None]] = []
    start, first, turned = 0, 0, None  # ``first``: the first statement since the last cut
    for number, joint in enumerate(joints):
        ends = joints[number + 1].start() if number + 1 < len(joints) else len(part)
        statement = part[joint.end() : ends]
        if not _DIGIT.search(statement) or not task_ids_in(statement) or _starts_section(statement):
            continue  # a time word opens its own statement (:data:`_CLAUSE_SPLIT`)
        opening = " ".join(_WORD.findall(statement)[:_LEAD_WORDS])
        lead = _verb_section(opening) or ("today" if tells_doing_now(opening) else None)
        before = part[start : joint.start()]
        if lead is None or before.count("(") > before.count(")"):
            continue
        now = next(
            (
                own
                for back in range(number, first - 1, -1)
                if (own := _section_of(part[joints[back - 1].end() if back else 0 : joints[back].start()]))
            ),
            turned or section,
        )
        if now not in ("yesterday", "today") or lead == now or not (_content_words(before) or task_ids_in(before)):
            continue
        pieces.append((before, turned))
        start, first, turned = joint.end(), number + 1, lead
    pieces.append((part[start:], turned))
    return pieces


_DIGIT = re.compile(r"\d")

_TOPIC = re.compile(rf"^\W*(?:по|для|в|на|on|for|in)\s+{_ID}\s*$", re.IGNORECASE)


# An adjective before a blocker word is the blocker's own («критичный блокер», «серьёзная проблема», «main blocker»,
# «same blocker as yesterday»).
_ADJECTIVE = compile_guarded(
    r"(?:[ыио]й|ая|яя|[ое]е|[ыи]е|main|major|big|critical|real|same|usual|old)$", re.IGNORECASE
)


def _split_before_blockers(sentence: str) -> list[str]:
    """``sentence`` cut before each blocker word that starts a new statement (see :data:`_BLOCKER_HEAD`)."""
    pieces, start = [], 0
    for match in _BLOCKER_HEAD.finditer(sentence):
        words = _WORD.findall(sentence[start : match.start()])
        if _TOPIC.match(sentence[start : match.start()]):
            continue  # «По HLP-24 блокер: …» — the task the blocker is about, not a statement of its own
        if len(words) >= 2 and words[-2].lower() == "у" and words[-1].lower() not in ("меня", "нас"):
            continue  # «у Вити блокер по сканерам»: the blocker is what another has, told as news (not cut off)
        if words and words[-1].lower() not in _NOT_BEFORE_BLOCKER and not _ADJECTIVE.search(words[-1]):
            pieces.append(sentence[start : match.start()])
            start = match.end()
    pieces.append(sentence[start:])
    return pieces


@dataclass
class _Clause:
    text: str
    sentence: int
    section: Section | None = None
    explicit: bool = False  # the section came from a header with a colon/dash
    lead: str = ""  # the header word («Блокер»), which may itself mark a blocker critical
    contrast: bool = False  # opened by a contrast after a denial of another trouble (:func:`_denial_then_trouble`)


# A contrast after a denial: «медленный CI не блокирует, а вот ключ для CAL-71 всё ещё жду», «…, but the VPN is down».
_CONTRAST = compile_guarded(
    r"(?:,\s*|\s+[—–]\s+|\s+)(?:а\s+вот|но\s+вот|зато|однако|а|но|but|however|though)\s+", re.IGNORECASE
)


def _denial_then_trouble(text: str) -> list[str]:
    """``text`` cut at a contrast (:data:`_CONTRAST`) whose first part denies a trouble of its own — the denial has a
    subject besides its words («медленный CI не блокирует»), so it is about that, not about what follows («не блокер,
    но медленный стенд раздражает» denies the stand it names) — and whose second part names another trouble that
    is not denied.  The denial's scope ends at the contrast; otherwise ``[text]``."""
    if not NEGATOR_WORD.search(text):
        return [text]  # no denial (most clauses)
    for contrast in _CONTRAST.finditer(text):
        before, after = text[: contrast.start()], text[contrast.end() :]
        negation = negated_in(before)
        if negation is None or not _content_words(before[: negation.start()] + before[negation.end() :]):
            continue
        if _names_trouble(after) and not is_negated(after) and not denial_only(after):
            return [before, after]
    return [text]


_NEXT_TASKS_BLOCKER = re.compile(rf",\s*(?=(?:по|для|on|for)\s+{_ID}\b|{_ID}\s)", re.IGNORECASE)


def _own_task_parts(listed: str) -> list[str]:
    """A «Блокеры:» line cut where a blocker about another task begins («по EDU-48 нет доступа, по EDU-49 жду
    ревью»): a part is cut off only when both sides name a task of their own and the first says something of it
    («OPS-31, OPS-32 — Vault is down» is one blocker)."""
    parts, start = [], 0
    for joint in _NEXT_TASKS_BLOCKER.finditer(listed):
        before, after = listed[start : joint.start()], listed[joint.end() :]
        own_before, own_after = task_ids_in(before), task_ids_in(after)
        if own_before and own_after and own_after[0] not in own_before and _content_words(before):
            parts.append(before)
            start = joint.end()
    parts.append(listed[start:])
    return parts


# A line indented under the line before it and opening with a bullet: a sub-item of that line.
_SUB_ITEM = re.compile(r"^[ \t\u00a0]+(?:[-*•–—]|\d{1,2}[.)])\s+")


def line_layout(message: str) -> tuple[frozenset[int], frozenset[int]]:
    """The sentences (as :func:`_split_clauses` numbers its clauses' sentences) that open a line of ``message``, and
    those of them indented under the line before with a bullet of their own — a task's sub-steps or its blocker
    written under it («- LMS-40 импорт курсов\n  - распарсил манифест»; session sq2)."""
    if "@" in message:
        message = _MENTION.sub("", message)
    if "|" in message:
        message = _TABLE_ROW.sub(_table_row, message)
    opening, sub_items = {0}, set()
    index, start = 0, 0
    for cut in _SENTENCES.finditer(message):
        if _SUB_ITEM.match(message[start : cut.start()]) and index in opening:
            sub_items.add(index)
        index, start = index + 1 + len([g for g in cut.groups() if g is not None]), cut.end()
        if "\n" in cut.group(0):
            opening.add(index)
    if _SUB_ITEM.match(message[start:]) and index in opening:
        sub_items.add(index)
    return frozenset(opening), frozenset(sub_items)


def _split_clauses(message: str) -> list[_Clause]:
    clauses: list[_Clause] = []
    if "@" in message:
        message = _MENTION.sub("", message)  # «@petya», «@channel»: whom the daily addresses, not what it says
    if "|" in message:
        message = _TABLE_ROW.sub(_table_row, message)
    for index, sentence in enumerate(_SENTENCES.split(message)):
        sentence = _header_typo(_time_typos(_MARKDOWN_HEADING.sub("", _BULLET.sub("", sentence or "")).strip()))
        if sentence.endswith("?") and is_question_prompt(sentence):
            continue  # «Есть ли блокеры?»: a template's question, not a statement (its words would split it)
        # the header read here is read again below when nothing in between changed the sentence (the common case)
        opening, opened = _HEADER.match(sentence), sentence
        label = None if opening else _LABEL_GATE.match(sentence)  # «Блокеры: вчера …» is a header
        if label and (_HEADER.match(sentence[label.end() :]) or _starts_section(sentence[label.end() :])):
            rest = sentence[label.end() :]
            topic = sentence[: label.end()].rstrip(": ")
            time = _HEADER.match(rest) or _TIME_FIRST.match(rest)
            if task_ids_in(topic) and time:
                # «По TRV-113: вчера закончил» — the task the statement is about: «вчера по TRV-113 закончил»
                sentence = f"{rest[: time.end()].rstrip()} {topic} {rest[time.end() :].lstrip()}"
            else:
                sentence = rest  # «QA: вчера …», «Петя: Вчера: …» — who writes, not what
        hint: Section | None = None
        if _DASHES.match(sentence):  # «• —» under «Блокеры»: a dash for «none», not a bullet without text
            clauses.append(_Clause("—", index))
            continue
        checkbox = _CHECKBOX.match(sentence) if sentence[:1] == "[" else None
        if checkbox:
            hint = "yesterday" if checkbox.group("done") else "today"
            sentence = sentence[checkbox.end() :]
        symbols = _LEADING_SYMBOLS.match(sentence)
        if symbols:
            hint = next((_EMOJI_SECTION[c] for c in symbols.group(0) if c in _EMOJI_SECTION), hint)
            sentence = _BULLET.sub("", sentence[symbols.end() :]).strip()
        if not sentence or _COURTESY.match(sentence):
            continue
        if _RISKS.match(sentence):  # a risk is not an impediment: «Риски: PAY-2 может не влезть в спринт»
            continue
        if _REMARK.match(sentence) and not task_ids_in(sentence):  # «Вопрос к Пете: …», «Concerns: …»
            continue
        alone = _HEADER_ALONE.match(sentence)
        if alone:
            section_alone: Section = "yesterday" if alone.group("y") else "today" if alone.group("t") else "blockers"
            clauses.append(_Clause("", index, section_alone, explicit=True, lead=alone.group("b") or ""))
            continue
        header = opening if sentence is opened else _HEADER.match(sentence)
        section: Section | None = None
        lead = ""
        if header is None and hint is not None:
            if hint == "blockers":
                clauses.append(_Clause(sentence, index, "blockers"))
                continue
            section = hint
        if header:
            section = "yesterday" if header.group("y") else "today" if header.group("t") else "blockers"
            lead = header.group("b") or ""
            body = sentence[header.end() :]
            if not body.strip():  # a header on its own line: the section of the lines below
                clauses.append(_Clause("", index, section, explicit=True, lead=lead))
                continue
            if section == "blockers":  # «Блокеры: жду ревью, нет стенда» — the whole line is blockers …
                tail = None if is_negated(body) else _SECTION_AFTER_BLOCKER.search(body)
                if tail and not (task_ids_in(body[tail.end() :]) or _verb_section(body[tail.end() :])):
                    tail = None  # «…, завтра релиз»: when it matters, not the day's work
                listed = body[: tail.start()] if tail else body
                for part in _own_task_parts(listed):
                    for number, own in enumerate(_denial_then_trouble(part)):
                        clauses.append(_Clause(own, index, section, explicit=True, lead=lead, contrast=number > 0))
                if not tail:
                    continue
                body, section, header = body[tail.end() :], None, None  # … up to «…, но сегодня делаю PAY-2»
            sentence = body
        sentence = _POSTFIX_GATE.sub(_status_first, sentence)
        parts = [
            (clause_text, turned if number == 0 else None)
            for cut, piece in enumerate(_split_before_blockers(sentence))  # a piece after a cut opens a blocker
            for turned_text, turned in _turns(piece, section if cut == 0 else None)
            for number, clause_text in enumerate(_clauses_of(turned_text))
            if clause_text and clause_text.strip()
        ]
        statements = [
            (own, turned if number == 0 else None, number > 0)
            for part, turned in parts
            for number, own in enumerate(_denial_then_trouble(part))
        ]
        for position, (part, turned, contrast) in enumerate(statements):
            if _COURTESY.match(part):
                continue
            if contrast:  # «…, а вот ключ для PAY-3 всё ещё жду»: a statement of its own, whatever the denial before
                clauses.append(_Clause(part, index, section if section == "blockers" else None, contrast=True))
                continue
            if position and turned:  # the day this statement turned to, not a header for the lines below
                clauses.append(_Clause(part, index, turned))
                continue
            clauses.append(_Clause(part, index, section if position == 0 else None, explicit=bool(header)))
    return _merge_qualifiers(_merge_urgency(clauses))


_QUALIFIER = re.compile(
    r"^\W*(?:но\s+|а\s+|и\s+)?(?:это\s+|уже\s+|пока\s+)?(?:не\s+(?:блокер\w*|срочно|критично|горит|мешает|страшно)|"
    r"уже\s+\w+|снят\w*|решили|починили|подняли|resolved|не\s+критично|несрочно|"
    r"(?:я\s+)?не\s+(?:стою|простаиваю)|(?:i'?m\s+)?not\s+(?:stuck|idle))\b",
    re.IGNORECASE,
)


def _qualifies(clause: _Clause, previous: _Clause) -> bool:
    """Whether ``clause`` only qualifies the trouble in ``previous`` (see :func:`_merge_qualifiers`)."""
    text = clause.text.strip()
    if clause.section is not None or not previous.text.strip() or task_ids_in(text):
        return False
    # the member's steps about a wait may follow it in the next sentence («…; спросил, жду»)
    next_sentence = clause.sentence == previous.sentence + 1
    if previous.sentence != clause.sentence and not (next_sentence and _member_steps(text)):
        return False
    about_trouble = (
        previous.section == "blockers"
        or _names_trouble(previous.text)
        or PAST_WAIT.search(previous.text)
        or _PAST_TROUBLE.search(previous.text)
    )
    if denial_only(text):  # a denial refers to the trouble before it, whatever words that used
        return bool(about_trouble or not (task_ids_in(previous.text) or _starts_section(previous.text.strip())))
    if not about_trouble:
        return False
    if next_sentence or _member_steps(text):
        return True
    if _YESTERDAY_RE.match(text) or _TODAY_RE.match(text):
        # «ждал доступ к логам, но вчера выдали»: a time word opening a short resolution is no section of its own
        return bool(RESOLVED_GATE.search(text)) and len(_WORD.findall(text)) <= 4
    return bool(_QUALIFIER.match(text) or RESOLVED_GATE.search(text) or WORKAROUND.search(text))


# What the member did about a wait, after it (rw020: «…нужен ответ от финансистов; спросил, жду»): the verbs of asking
# and waiting by lemma, with the words that only say whom, when or what for — a statement of nothing else goes on with
# the blocker before it, not a work item nor a blocker of its own.
_STEP_LEMMAS = _wordset(
    "спросить запросить попросить написать напомнить пингануть пинговать пнуть дёрнуть дернуть эскалировать "
    "ждать подождать ожидать"
)
_STEP_WORDS = _wordset(
    "asked pinged requested reminded escalated wrote waiting wait и а уже ещё еще снова вчера сегодня утром вечером "
    "им их его её ее у них него неё нее ответа ответ теперь пока and them him her now still for reply answer"
)


# The stems of :data:`_STEP_LEMMAS`' forms and the English words: a clause without any is no step.
# Behind its literal gate (session sp4): a clause without one of its words is turned away by a case-sensitive scan of
# the folded text, most of them already folded by the gates before it.
_STEP_HINT = LiteralGate(
    re.compile(
        r"жд|жид|спрос|запрос|попрос|напис|напомн|пинг|пнул|дёрн|дерн|эскал|asked|pinged|request|remind|escalat|wait",
        re.IGNORECASE,
    )
)


def _member_steps(text: str) -> bool:
    """Whether ``text`` only tells the member's steps about a wait (see :data:`_STEP_LEMMAS`): «спросил, жду»,
    «написал им вчера, жду ответа», «pinged them, waiting»."""
    if not _STEP_HINT.search(text):
        return False  # most clauses: no verb of asking or waiting (a pre-check before the morphology)
    words = [w.lower() for w in _WORD.findall(text)]
    if not words or len(words) > 6 or task_ids_in(text):
        return False
    steps = [w for w in words if w not in _STEP_WORDS]
    step_verbs = [w for w in steps if any(p.normal_form in _STEP_LEMMAS for p in parses(w))]
    english = [w for w in words if w in ("asked", "pinged", "requested", "reminded", "escalated", "waiting")]
    return len(step_verbs) == len(steps) and bool(step_verbs or english)


# «других задач нет», «no other tasks»: said after a blocker, what it does to the member (they cannot go on).
_NO_OTHER_WORK = re.compile(
    r"^\W*(?:а\s+|и\s+|and\s+)?(?:(?:других|иных|больше)\s+задач\s+(?:у\s+меня\s+)?(?:нет|нету)|"
    r"(?:делать|взять)\s+больше\s+нечего|no\s+other\s+(?:tasks?|work)|nothing\s+else\s+to\s+do)\W*$",
    re.IGNORECASE,
)


def _merge_qualifiers(clauses: list[_Clause]) -> list[_Clause]:
    """Join a clause that only qualifies the blocker before it («…, но это не блокер», «…, уже снят», «…, но не
    срочно», «стенд тормозит, но это не мешает», «ждал доступ, но вчера выдали») with that blocker, so its negation,
    resolution or urgency applies to it."""
    merged: list[_Clause] = []
    for clause in clauses:
        previous = merged[-1] if merged else None
        if previous is not None and (
            _qualifies(clause, previous)
            or (_NO_OTHER_WORK.match(clause.text) and clause.section is None and _names_trouble(previous.text))
        ):
            previous.text = f"{previous.text.rstrip()}, {clause.text.strip()}"
            continue
        merged.append(clause)
    return merged


def _merge_urgency(clauses: list[_Clause]) -> list[_Clause]:
    """Join a clause that is only an urgency marker («срочно!!!») with the blocker before it («Блокер: нет стенда.
    Срочно!»), else with the clause after it («Блокеры: срочно!!! нет доступа»), unless that one opens a section of
    its own."""
    merged: list[_Clause] = []
    for clause in clauses:
        previous = merged[-1] if merged else None
        if (
            previous is not None
            and _URGENCY_ONLY.match(clause.text)
            and previous.text.strip()
            and (previous.section == "blockers" or _names_trouble(previous.text))
        ):
            previous.text = f"{previous.text.rstrip()} {clause.text.strip()}"
            continue
        if (
            previous is not None
            and _URGENCY_ONLY.match(previous.text)
            and clause.section is None
            and not _YESTERDAY_RE.match(clause.text.strip())
            and not _TODAY_RE.match(clause.text.strip())
        ):
            previous.text = f"{previous.text.strip()} {clause.text.strip()}"
            continue
        merged.append(clause)
    return merged


def _merge_blocker_runs(clauses: list[_Clause]) -> list[_Clause]:
    """Join neighbouring clauses of one sentence that are both blockers («нет прав, не могу создать кластер»):
    the comma split exists to separate work from a blocker, not a blocker from its explanation."""
    merged: list[_Clause] = []
    for clause in clauses:
        previous = merged[-1] if merged else None
        if (
            previous is not None
            and previous.sentence == clause.sentence
            and clause.section is None
            and not clause.contrast
            and _names_trouble(previous.text)
            and _names_trouble(clause.text)
            and not _no_blockers_in(clause.text)
        ):
            previous.text = f"{previous.text.rstrip()}, {clause.text.strip()}"
            continue
        merged.append(clause)
    return merged
