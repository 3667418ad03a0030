"""What a blocker clause means, as a Scrum master reads it: is it a blocker at all, and does it stop the work.

* :func:`is_negated` — the clause says there is no blocker («не блокер», «блокеров нет», «ничего не жду», «был
  блокер, уже снят», «это не мешает»): it produces no blocker however many blocker words it has;
* :func:`criticality` — ``(critical, reason)`` from what the blocker does, not from the word «блокер» or a header:
  critical when the member says it is urgent/critical, production is down, the team or others stand, the release or
  the sprint goal is blocked, or the member cannot go on at all («без этого не начну», «делать больше нечего»).
  Waiting for a review or an answer while doing other work is not critical however long it waits; a blocker the
  member works around («пока делаю PAY-2», «но пилю дальше») is critical only for an explicit, prod, team or release
  reason.  ``reason`` is one Russian line for the escalation.
* :func:`meanwhile_span` — where a blocker clause switches to the work done meanwhile («…, пока делаю PAY-16»): the
  task ids after it are today's work, not the blocker's task.
"""

from __future__ import annotations

import re

from agentcore.apps.scrum import blocker_effect
from agentcore.text.first_char import compile_guarded
from agentcore.text.literal_gate import LiteralGate, SplitGate, folded
from agentcore.text.literal_gate import alternatives as _alternatives
from agentcore.text.morphology import parses
from agentcore.text.reading_memo import per_reading

_FLAGS = re.IGNORECASE

# Words that may stand between «блокеров» and «нет» without naming anything: «блокеров больше нет», «блокеров, слава
# богу, нет», «блокеров как таковых нет», «Blockers: none really».
NONE_ADVERB = (
    r"(?:больше|уже|сейчас|пока(?:\s+что)?|вроде|тоже|особо|особых|серь[её]зных|совсем|вообще|слава\s+богу|"
    r"к\s+счастью|как\s+таковых|на\s+(?:сегодня|данный\s+момент|сейчас)|really|at\s+all|so\s+far|yet|today|"
    # hedges: «блокеров, кажется, нет», «блокеров вроде бы нет», «блоков, похоже, нет»
    r"кажется|вроде\s+бы|похоже|по\s+ходу|как\s+будто|seemingly|apparently|"
    # particles and «ничего»: «блокеров вроде бы и нет», «Блокеры: нет ничего»
    r"и|ничего)"
)
NEGATED = compile_guarded(
    r"\b(?:это\s+|пока\s+)?не\s+(?:является\s+)?(?:блокер\w*|блокир\w*|заблокир\w*|блок\b|стоппер\w*|проблем[аы]\b)"
    r"|\bне\s+заблокирован\w*|\bnot\s+(?:a\s+)?(?:blocker|blocking|blocked)\b|\bno\s+(?:new\s+|other\s+|more\s+)?(?:blockers?|impediments?)\b"
    r"|\bnothing\s+(?:is\s+)?blocking\b|\bblocked\s+(?:by|on)\s+nothing\b|\bnothing\s+blocks\b"
    # «ничего не блочит», «ничто меня не держит», «никто пока не тормозит»: no one and nothing holds the work up
    r"|\b(?:ничего|ничто|никто)\s+(?:меня\s+|нас\s+)?(?:пока\s+|сейчас\s+)?не\s+(?:жд|блок|блоч|меша|стопор|тормоз|"
    r"держ|ожида|задержива|останавлива)\w*|\bне\s+жд[уёе]\w*\s+(?:ничего|никого|ни\s+от\s+кого)\b"
    r"|\bnothing'?s\s+blocking\b|\bне\s+(?:вижу|наблюдаю|предвижу)\s+(?:никаких\s+)?(?:блок[еи]р|препятстви|проблем|помех)\w*"
    # «блокер» denied at a distance: «не могу сказать, что это блокер», «блокером это не назвать», «скорее неудобство,
    # чем блокер»
    r"|\bне\s+(?:могу\s+сказать|скажу|сказал\w*\s+бы|назову|назвал\w*\s+бы|считаю|думаю)\s*,?\s+(?:что\s+)?(?:это\s+)?"
    r"(?:прямо?\s+|прям\s+|именно\s+)?блокер\w*"
    r"|\bблокер\w*\s+(?:\S+\s+){0,2}?не\s+(?:назвать|назов[её]шь|считаю|считается)"
    r"|\bскорее\s+(?:[^\s,.;]+,?\s+){1,3}?чем\s+(?:блокер|проблем)\w*"
    # the trouble is bearable: «стенд тормозит, но жить можно», «терпимо»
    r"|\b(?:жить|работать)\s+можно\b|\bможно\s+жить\b|\bтерпимо\b|\b(?:can\s+)?live\s+with\s+it\b"
    r"|\b(?:это\s+|работе\s+это\s+|мне\s+)?(?:ничего\s+)?не\s+мешает\b|\bникто\s+не\s+мешает\b"
    r"|\bничего\s+не\s+(?:стопорит|тормозит|держит)\b|\bни\s+во\s+что\s+не\s+упира\w*"
    r"|\bwaiting\s+(?:for|on)\s+nothing\b|\bnot\s+waiting\s+(?:for|on)\s+anything\b"
    r"|\bни\s+от\s+кого\s+не\s+(?:завиш\w*|жд\w*)|\bне\s+(?:завиш\w*|жд\w*)\s+ни\s+от\s+кого\b"
    r"|\b(?:меня|нас|моей\s+работы)\s+(?:это\s+)?не\s+касается\b|\bне\s+касается\s+(?:меня|нас)\b"
    r"|\bdoes(?:n'?t|\s+not)\s+affect\s+(?:me|us|my\s+work)\b"
    rf"|\bбл[оа]к(?:[еи]р(?:ов|а)|ов)\s*,?\s*(?:{NONE_ADVERB}\s*,?\s*){{0,2}}"
    r"(?:нет|нету|нэт|не\s+было|ноль|no|none|nope)\b|\bблокеров\s+не\s+(?:вижу|предвижу|наблюда\w*)\b"
    r"|\b(?:нет|без|никаких|ни\s+одного)\s+(?:блок[еи]р|помех|стопп?ер)\w*|\bпомех\s+(?:нет|нету|никаких)\b|\bжд\w*[^.;]{0,40}?\bпо\s+плану\b"
    # the quantifier after the noun: «проблем никаких», «блокеров ноль», «затыков не было»
    r"|\b(?:блок[еи]р\w*|проблем\w*|затык\w*|препятстви\w*|стоппер\w*)\s+(?:никаких|ноль|не\s+было|не\s+предвидится|"
    r"не\s+(?:жду|ожидаю|ожидается|предвижу|вижу))\b",
    _FLAGS,
)
_NEGATED_GATE = LiteralGate(NEGATED)


def negated_in(text: str) -> re.Match[str] | None:
    """``NEGATED.search(text)``, behind its literal pre-check (see :mod:`agentcore.text.literal_gate`)."""
    return _NEGATED_GATE.search(text)


# «был блокер с доступом, уже снят», «стенд вчера падал, но уже подняли», «блокер с доступами решили ещё вчера»:
# a past blocker that is over.
RESOLVED = compile_guarded(
    r"\b(?:уже\s+|ещё\s+вчера\s+|еще\s+вчера\s+)?(?:снят\w*|сняли|решил[иа]?|решил(?:ся|ась|ось|ись)|решен\w*|"
    r"решён\w*|починил[иа]?|"
    r"подняли|подняла|поднял|снял[аи]?|убрал[аи]?|стабил\w+|в\s+норме|заработал\w*|ожил\w*|resolved|fixed|(?:is|it'?s|are)\s+back|помог(?:ли|ла)?|разрулил\w*|разобрались|исправил[иа]?|(?<!не\s)(?:вы)?дал[иа]?|"
    # someone did the remedy: «сертификат перевыпустили», «доступ продлили», «стенд перезапустили»
    # a trouble told in the past that works now: «прод падал ночью, сейчас поднят», «вчера лежал, сегодня работает»
    r"поднят\w*|(?:сейчас|сегодня|уже|снова|опять)\s+работает|работает\s+(?:снова|опять|нормально)|works\s+(?:again|now|fine)|"
    r"back\s+up|back\s+(?:now|online|to\s+normal)|restarted|rebooted|rolled\s+(?:it\s+|them\s+)?back|reverted|откатил[аи]?|откатили|перевыпустил\w*|закрыт[аоы]?|устран[её]н\w*|продлил[иа]?|восстановил[иа]?|перезапустил[иа]?|вернул[иа]?|"
    r"так\s+что\s+(?:чисто|вс[её]\s+(?:ок|ok|норм\w*|хорошо))|больше\s+не\s+актуал\w*|неактуал\w*|sorted(?:\s+out)?|"
    r"no\s+longer|больше\s+не\s+[а-яё]+(?:лся|лось|лась|лись|л|ла|ло|ли)|"
    # the end of a wait for a review: «ждал ревью полдня, сегодня его смержили», «approved this morning»
    r"(?:с|за)?м[её]рд?жил[иа]?|(?:за)?апрув(?:ну)?л[иа]?|одобрил[иа]?|merged|approved|"
    # the member got what was missing: «доступ к S3 получил», «получил ключи», «no access to the cluster yesterday,
    # got it this morning», «got the keys»
    r"получил[аи]?\s+(?:\S+\s+)?(?:доступ|прав[аo]|ключ|токен|сертификат|лицензи|апрув|аппрув|ответ|макет)\w*|"
    r"(?:доступ|прав[аo]|ключ|токен|сертификат|лицензи|апрув|аппрув|ответ|макет)\w*\s+(?:\S+\s+){0,3}?получил[аи]?|"
    r"got\s+(?:it|them|access|the\s+(?:access|keys?|token|license|licence|certificate|credentials))\b"
    r"(?!\s+(?:denied|revoked|wrong))|(?:access|keys?|token|credentials)\s+(?:was\s+|were\s+)?granted)\b",
    _FLAGS,
)
_PAST_BLOCKER = compile_guarded(
    r"\b(?:был[аио]?|was|падал[аи]?|лежал[аи]?|тормозил[аи]?|глючил[аи]?|сбоил[аи]?|не\s+работал[аи]?|вчерашн\w+|"
    r"ждал[аи]?|ожидал[аи]?|не\s+было|waited|yesterday)\b|\b(?:блокер\w*|затык\w*)\s+(?:с|по)\s+\w+\s+(?:решили|сняли)|"
    r"\bблок[еи]р\w*\s+(?:с\s+\w+\s*,?\s+)?(?:уже\s+)?(?:снят|решён|решен)|"
    # «блокер с правами на кластер вчера починили», «had a blocker with VPN»
    r"\b(?:блок[еи]р|затык|проблем)\w*\s+(?:с|по)\s+(?:[^\s.;]+\s+){1,5}?(?:вчера\s+|уже\s+)?"
    r"(?:решил[иа]?|снял[иа]?|починил[иа]?|исправил[иа]?|поправил[иа]?|пофиксил[иа]?|убрал[иа]?)\b|"
    r"\bhad\s+(?:a\s+|an\s+|some\s+)?(?:blocker|problem|issue)|\bhad\s+one\b|\bhad\s+to\s+wait\b|"
    r"\bwent\s+(?:down|offline)\b|\bcrashed\b|"
    # a trouble noun and its passive «over»: «блокер по стенду уже снят», «проблема с ключами закрыта»
    r"\b(?:блок[еи]р|затык|проблем)\w*\s+(?:(?:с|по|на|для)\s+(?:[^\s.;,]+\s+){1,4}?)?(?:уже\s+|вчера\s+)?"
    r"(?:снят|решён|решен|закрыт|устран[её]н)\w*",
    _FLAGS,
)
# A wait or a trouble told in the past («ждал доступ к логам», «был затык с ключом»): a blocker only if not over.
PAST_WAIT = compile_guarded(
    r"\b(?:ждал[аи]?|ожидал[аи]?|waited|had\s+to\s+wait|не\s+было\s+\w+|был[аио]?\s+(?:блок\w*|затык\w*|проблем\w*|стоппер\w*)|"
    # English: «had an issue with VPN, IT fixed it», «was blocked on the keys yesterday»
    r"had\s+(?:a\s+|an\s+|some\s+)?(?:blocker|problem|issue|trouble)s?|(?:was|were)\s+(?:blocked|stuck))",
    _FLAGS,
)
RESOLVED_GATE = LiteralGate(RESOLVED)
"""``RESOLVED`` behind its literal pre-check."""
_STILL = compile_guarded(r"\b(?:до\s+сих\s+пор|всё\s+ещё|все\s+ещё|еще\s+не|ещё\s+не|снова|опять|still)\b", _FLAGS)


@per_reading()
def remedy_in(clause: str) -> bool:
    """Whether ``clause`` tells a remedy (:data:`RESOLVED`) that is not denied: «так и не починили», «не дали
    доступ», «not fixed» are the trouble, not its end."""
    remedy = RESOLVED_GATE.search(clause)
    if remedy is None:
        return False
    # a negator within the two words before it («not being merged», «not yet approved», «ещё не подняли»), or a
    # remedy awaited, not done («others are blocked until the schema is merged», «пока не смержат», «если дадут»)
    words = clause[: remedy.start()].lower().split()
    before = words[-2:]
    if _REMEDY_NEGATORS.intersection(before) or any(w.endswith("n't") for w in before):
        return False
    return not _AWAITED.intersection(words[-5:])


_REMEDY_NEGATORS = frozenset(("не", "not", "never", "ни"))
_MEMBER_DOERS = frozenset(("я", "мы", "i", "we", "i've", "we've", "i'm"))
_PASSIVE_BEFORE = frozenset(("was", "were", "been", "is", "are", "got", "get"))
# Words that stand before an English verb without being its subject — a daily drops «I», so «Finally fixed …»,
# «Yesterday fixed …», «Also fixed …» are the member's own remedy (closed classes: time words, connectives, focusing
# adverbs; any «-ly» adverb is read as one too).
_NOT_A_SUBJECT = frozenset(
    (
        "yesterday", "today", "tonight", "then", "also", "just", "already", "finally", "and", "but", "so", "now",
        "eventually", "again", "still", "even", "only", "first", "later", "earlier", "plus", "ok", "okay", "well",
    )
)  # fmt: skip


def remedied_by_others(clause: str) -> bool:
    """Whether ``clause`` tells a remedy (:func:`remedy_in`) that others did, so the trouble it fixed is news, not
    the member's work (session sb, dev28): a Russian past verb in the plural without «мы» («дежурные уже
    разобрались», «ночью подняли»), a passive participle («стенд поднят»), a state without a doer («сейчас в
    норме»); English in the passive («it was fixed by 2am») or after a subject of its own («ops sorted it out»).
    Not the member's own remedy: «я» or «мы» in the clause, a Russian singular past with no subject («починил
    вебхук»), an English remedy opening its statement («fixed the flaky test») or after a word that is no subject
    («Finally fixed …», «Yesterday fixed …»)."""
    remedy = RESOLVED_GATE.search(clause)
    if remedy is None or not remedy_in(clause):
        return False
    words = re.findall(r"[\w']+", clause.lower())
    if _MEMBER_DOERS.intersection(words):
        return False
    found = re.findall(r"[\w']+", remedy.group(0).lower())
    word = found[-1] if found else ""
    if word.isascii():
        statement = re.split(r"[,;.!?—–]", clause[: remedy.start()].lower())[-1].split()
        if not statement:
            return False
        if _PASSIVE_BEFORE.intersection(statement[-2:]):
            return True
        before = statement[-1]
        return before.isalpha() and before not in _NOT_A_SUBJECT and not before.endswith("ly")
    readings = parses(word)
    if not readings or "VERB" not in readings[0].tag.grammemes:
        return True  # a participle or a state: «поднят», «в норме», «стабильно»
    return "plur" in readings[0].tag.grammemes


_AWAITED = frozenset(("until", "till", "once", "unless", "if", "пока", "если", "чтобы"))


# The trouble's state is the one meant, so nothing stops: «кнопку пока не видно, так и задумано», «users can't see it
# yet, as planned», «by design» (session sb).
_AS_MEANT = compile_guarded(
    r"\b(?:так\s+и\s+(?:задумано|задумывалось|планировалось|должно\s+быть)|как\s+и\s+(?:задумано|задумывалось|"
    r"планировалось)|по\s+задумке|as\s+(?:planned|intended|designed)|by\s+design|on\s+purpose|intentionally)\b",
    _FLAGS,
)
# A wait told as eager anticipation — others look forward to a result, nothing of the work stands: «все ждут релиза с
# нетерпением», «the team can't wait for the release» (session sb) …
# Behind its literal gate (session sp4): a clause without one of its words is turned away by a case-sensitive scan of
# the folded text, most of them already folded by the gates before it.
_EAGER = LiteralGate(
    re.compile(r"\bс\s+нетерпением\b|\beagerly\b|\bcan'?t\s+wait\s+(?:to|for)\b|\blooking\s+forward\b", _FLAGS)
)
# … unless the member waits for something the work needs: «жду доступ к стенду, с нетерпением» stays a blocker.
_OWN_WAIT = compile_guarded(
    r"\b(?:жду|ждём|ждем|ожидаю|ожидаем|i'?m\s+waiting|i\s+am\s+waiting|we'?re\s+waiting|we\s+are\s+waiting|"
    r"blocked|blocker\w*|блок[еи]р\w*)\b",
    _FLAGS,
)


def is_negated(clause: str) -> bool:
    """Whether ``clause`` says there is no blocker (see the module docstring), or that its trouble is the state meant
    (:data:`_AS_MEANT`) or others' eager anticipation (:data:`_EAGER`)."""
    return (
        bool(negated_in(clause))
        or told_as_over(clause)
        or bool(_AS_MEANT.search(clause))
        or bool(_EAGER.search(clause) and not _OWN_WAIT.search(clause))
    )


# The screening of a trouble statement, one for both questions — does a clause state a blocker (the blocker clauses)
# and does the blocker stop the work (:func:`criticality`): what is only supposed, a scenario, is cut off
# (:func:`asserted`), the subjunctive is unreal, a trouble a negator denies is none (:func:`stated`), and a past
# trouble with its remedy is over (:func:`told_as_over`).
#
# A trouble told as unreal — supposed or intended (the subjunctive): «проверил, что биллинг лёг бы при нагрузке»,
# «чтобы заказы не терялись», «it would fail if …».  Only the words that state a blocker outright outweigh it.
# A near miss is unreal too (session sb): «чуть не сорвали релиз», «we almost missed the release» — it did not happen.
UNREAL = compile_guarded(
    r"\b(?:бы|б|чтобы|чтоб|would)\b|\b(?:чуть|едва)\s+не\s+[а-яё]+л[аио]?\b|\b(?:almost|nearly)\s+[a-z]+ed\b", _FLAGS
)
# What the work is about, not what stops it: a quoted label («экран «нет доступа»») and a case the task handles
# («добавляю обработку, когда платежи не проходят», «тесты на случай, когда сервис недоступен», «fixing the case when
# users can't log in»), a condition («если упадёт прод — все встанут»).  A clause states a trouble by what it says
# before them.
_QUOTED = re.compile(r"«[^«»]*»|\"[^\"]*\"")
# A risk told as a possibility («есть риск, что 1С-ники не успеют к релизу», «there's a risk that …») is a scenario
# too (session scrum28): what may happen, not what stops the work now.
_SCENARIO = compile_guarded(
    r"\b(?:когда|если|на\s+случай|в\s+случае|when|if|in\s+case|риск\w*\s*,?\s+что|risk\s+that|"
    # a need told as possible (session sb): «возможно, понадобится помощь», «might need help later this week»
    r"возможно|может\s+понадоб\w*|might|may\s+(?:need|have\s+to|be)|"
    # a need in the future is no need unmet now: «we'll need prod access eventually», «нужно будет согласовать»
    r"(?:will|'ll)\s+need|нужно\s+будет|надо\s+будет)\b",
    _FLAGS,
)
# A negator that may deny the trouble after it: «прод не лежит», «prod is not down», «isn't down».
NEGATOR_WORD = compile_guarded(r"\b(?:не|not|no\s+longer)\s+|n't\s+", _FLAGS)
_DENIED_REACH = 2
_CONDITIONS = frozenset(("если", "if"))
_CONDITION_END = re.compile(r"[,;.!?—–]|\s-\s|\bто\b|\bthen\b", _FLAGS)
"""How many words of a trouble's match may follow the negator that denies it («релиз не под угрозой»)."""


# What was only supposed (session sb): the complement of a past belief or suspicion, up to the end of its statement —
# «было подозрение, что упал прод, оказалось — ложная тревога», «I thought the prod was down, …» — is no fact; what
# the clause says after it is («думал, что успею, но упал стенд» keeps «упал стенд»).
_SUPPOSED = compile_guarded(
    r"\b(?:подозрени\w*|подозревал\w*|казалось|показалось|думал[аи]?|решил[аи]?\s+было|"
    r"thought|suspected|it\s+seemed|it\s+looked\s+like)\s*,?\s+(?:что|будто|that\s+)?[^,;.!?—–]*",
    _FLAGS,
)
_SUPPOSED_GATE = LiteralGate(_SUPPOSED)


def asserted(text: str) -> str:
    """The part of ``text`` that tells its trouble as a fact: quoted labels blanked, a scenario («если упадёт прод —
    все встанут», «когда …», «if …», «на случай …») and all after it cut off — unless the scenario is a condition
    that names a need unmet now («если сегодня не дадут доступ, сорвём сдачу»: the lack is real, so is the stake)."""
    main = _QUOTED.sub(" ", text) if "«" in text or '"' in text else text
    if _SUPPOSED_GATE.search(main):
        main = _SUPPOSED.sub(lambda m: " " * len(m.group()), main)
    scenario = _SCENARIO.search(main)
    if scenario is None:
        return main
    if scenario.group().lower() in _CONDITIONS:
        condition, *consequence = _CONDITION_END.split(main[scenario.end() :], maxsplit=1)
        # «if it doesn't land today the sprint goal is gone»: no comma between them, the condition runs on into its
        # consequence — read it whole
        consequence = consequence or [condition]
        if (
            NEGATOR_WORD.search(condition)
            and consequence
            and (EFFECT_GATE.holds(consequence[0]) or blocker_effect.stakes_missed(consequence[0]))
        ):
            return main
    return main[: scenario.start()]


@per_reading()
def told_as_over(clause: str) -> bool:
    """Whether ``clause`` tells a past trouble together with its remedy, and not as still going on: «вчера лежал
    прод, уже подняли», «prod was down yesterday, fixed now» (not «…, но до сих пор тормозит»)."""
    return bool(remedy_in(clause) and _PAST_BLOCKER.search(clause) and not _STILL.search(clause))


def _negated(pattern: re.Pattern[str], text: str, match: re.Match[str]) -> bool:
    """Whether a negator denies the trouble ``match`` of ``pattern`` found in ``text``: a «не»/«not» right before
    the match, or before its last :data:`_DENIED_REACH` words, without which the pattern still finds a trouble ending
    there («прод не лежит» — «прод лежит»; «вся команда не стоит»; «релиз не под угрозой»).  A negator the trouble
    needs is part of it: «не работает», «никто не может», «can't» find nothing without it."""
    start, end = match.span()
    for negator in NEGATOR_WORD.finditer(text, max(0, start - 12), end):
        cut_start, cut_end = negator.span()
        before_match = cut_end == start
        inside = cut_start >= start and len(text[cut_end:end].split()) <= _DENIED_REACH
        if not (before_match or inside):
            continue
        joiner = "" if cut_start == 0 or text[cut_start - 1].isspace() else " "  # «isn't down» → «is down»
        stripped = text[:cut_start] + joiner + text[cut_end:]
        shift = cut_end - cut_start - len(joiner)
        if any(again.end() == end - shift for again in pattern.finditer(stripped)):
            return True
    return False


def stated(pattern: re.Pattern[str], text: str) -> re.Match[str] | None:
    """The first trouble ``pattern`` finds in ``text`` that no negator denies (see :func:`_negated`)."""
    return next((match for match in pattern.finditer(text) if not _negated(pattern, text, match)), None)


_NOT_URGENT = r"(?:не\s*|не\s+очень\s+|not\s+|non-?)"
_EXPLICIT = re.compile(
    r"(?<!не)(?<!не\s)\b(?:срочн\w*|срчно|критичн\w*|критическ\w*|крит\b|asap|urgent\w*|critical\w*|горит|горим|горящ\w*|"
    r"пожар\w*|"
    r"аврал\w*|P0\b|(?:highest|top)\s+priority|наивысш\w*\s+приоритет\w*)",
    _FLAGS,
)
_EXPLICIT_DENIED = compile_guarded(
    rf"\b{_NOT_URGENT}(?:срочн\w*|критичн\w*|критическ\w*|крит\b|urgent|critical|горит)|\bнесрочн\w*|\bнекритичн\w*|"
    r"\bтерпит\b|\blow\s+priority\b|"
    # urgency under a negative quantifier (session qv2, audit G1): the genitive of negation after «ничего» or before
    # «нет» («ничего срочного», «критичного нет», «срочного пока ничего»), «nothing / no» before the word
    r"\bничего\s+(?:\w+\s+)?(?:срочн|критичн|критическ)ого\b|"
    r"\b(?:срочн|критичн|критическ)ого\s+(?:\w+\s+)?(?:нет|нету|ничего)\b|"
    r"\b(?:nothing|no)\s+(?:\w+\s+)?(?:urgent|critical)\b",
    _FLAGS,
)
# Urgency that qualifies the task, not the trouble (audit G1): an urgency adjective on a task noun («жду ответ по
# срочной задаче», «the urgent ticket is waiting on QA») says what the task is; the blocker's own urgency is said
# elsewhere in the text, if at all.
_TASKS_URGENCY = compile_guarded(
    r"\b(?:срочн|критичн|критическ)(?:ая|ой|ую|ые|ых|ым|ыми|ый|ий|ое|ого|ому|ом)\s+"
    r"(?:задач|таск|тикет|фич|стори)\w*|\b(?:urgent|critical)\s+(?:tasks?|tickets?|stor(?:y|ies)|features?)\b",
    _FLAGS,
)
_PROD_DOWN = re.compile(
    r"\b(?:прод\w*|production|prod|боев\w+|на\s+бою)\b(?!-)[^.;]{0,40}?(?:\b(?:лежит|упал\w*|лег(?:ла|ло|ли)|лёг|"
    r"рухнул\w*|не\s+работает|не\s+отвеча\w*|недоступ\w*|down|отвалива\w*|ошибк\w*|м[её]ртв(?:а|о|ы)?|"
    r"returns?\s+5\d\d|истека\w*)|(?<![-\w])5\d\d)\b"
    r"|\b(?:лежит|упал\w*)\s+прод\w*|\b(?:пользовател|клиент|покупател|студент|пациент|юзер)\w*[^.;]{0,25}?\bне\s+мо(?:гут|жет)"
    # not their decision («клиент не может решить, какие метрики…»: a wait on their answer, session scrum30)
    r"(?!\s+(?:\w+\s+)?(?:определит|решит|выбрат|договорит|утвердит))"
    # the business stops: «заказы не создаются», «деньги не списываются», «биллинг лёг», «у 30% пользователей»
    r"|\b(?:заказы|платежи|оплаты|деньги|письма|уведомления|выплаты|продажи|подписки|списания|отгрузки|поставки|"
    r"заявки|чеки|счета|рассылки)\s+(?:\S+\s+){0,3}?не\s+[а-яё]+(?:ются|ется|ятся|ится|ут|ют|ят|ат)\b"
    # the verb first: «не списываются подписки», «не уходят отгрузки», «у них не проходит оплата»
    r"|\bне\s+[а-яё]+(?:ются|ется|ятся|ится|ут|ют|ят|ат|ит|ет)\s+"
    # the flow is the subject, not the object of a preposition («не отвечают на письма» is someone's silence)
    r"(?:(?!(?:на|в|во|по|к|ко|от|с|со|о|об|для|за|из|до|про)\s)\S+\s+)?(?:заказы?|платежи|платёж|платеж|оплат[аы]|"
    r"деньги|письма|уведомления|выплат[аы]|продажи|подписки|списани[ея]|отгрузк[аи]|поставки|заявк[аи]|чеки|счета|"
    r"рассылк[аи])\b"
    r"|\b(?:биллинг|платёжк\w*|платежк\w*|касс\w*|checkout|чекаут)\s+(?:лёг|лег(?:ла|ло|ли)?|упал\w*|лежит|умер\w*)"
    r""
    r"|\bни\s+один\s+(?:\S+\s+)?не\s+мо(?:жет|гут)|\b(?:users|customers)\s+(?:can'?t|cannot)"
    # nothing reaches the public: «no emails go out to customers», «no orders for our users» (session scrum31)
    r"|\bno\s+[a-z]+\s+(?:[a-z']+\s+){0,4}?(?:to|for)\s+(?:any\s+|our\s+|the\s+)?(?:customers|users|clients|buyers)\b"
    r"|\bна\s+проде\b[^.;]{0,30}?\bне\s+(?:проход\w*|работа\w*|открыва\w*|груз\w*)"
    r"|\b(?:prod\w*|production)\s+(?:outage|incident)|\bинцидент\w*\s+на\s+проде"
    # «prod is on fire», «прод в огне»
    r"|\b(?:prod|production|прод)\s+(?:is\s+)?(?:on\s+fire|в\s+огне|горит)\b"
    # a failure every user or customer meets: «сайт не открывается у клиентов», «крашится у всех пользователей»
    r"|\b(?:не\s+(?:открыва|работа|грузит|загружа|проход|логин|заход|отобража|приход|доход)\w*|недоступ\w*|пада\w*|"
    r"краш\w*|лежит)\s+(?:\S+\s+){0,2}?(?:у|для)\s+(?:всех\s+)?"
    r"(?:клиент|пользовател|юзер|покупател)\w*"
    r"|\bнедоступ\w*\s+для\s+всех|\b(?:down|unavailable)\s+for\s+(?:all|every)\w*|\bвс[её]\s+упало\b",
    _FLAGS,
)
# The business hit by the blocker, read only for a blocker's criticality (not asked of every clause as :data:`EFFECT`
# is: its alternatives are many and the clauses that state a blocker say so in other words too) — session scrum.
_BUSINESS_HIT = (
    # a business that does not take or hand out what it trades in: «магазин не принимает оплату», «касса не пробивает
    # чеки» (a third-person verb: the member's own «не могу найти заказ» is a search, not the business stopped)
    r"\bне\s+[а-яё]+(?:ет|ит|ют|ят|ут|ат)\s+(?:\S+\s+)?(?:оплат[уы]|платеж[иа]|платёж|заказ(?:ы|ов)|чеки|чеков)\b"
    # the business loses by it (money, orders, customers, an SLA): «теряем заказы», «каждый час — минус деньги», «SLA
    # нарушен», «клиент грозит расторгнуть договор», «we're losing money» (not «штрафы»: a task's topic as often)
    r"|\b(?:теря(?:ем|ют|ет)|потеря(?:ем|ли|ли\s+уже)|минус)\s+(?:\S+\s+)?(?:деньг|выручк|заказ|клиент|продаж|покупател)\w*"
    r"|\blos(?:ing|e|t)\s+(?:\S+\s+)?(?:money|revenue|orders|customers|sales|clients)\b"
    # what the business trades in is lost, told of the thing (session sb): «заказы теряются», «платежи пропадают»
    r"|\b(?:заказ|деньг|платеж|платёж|продаж|выручк)\w*\s+(?:\S+\s+)?(?:теряются|пропада(?:ют|ет))\b"
    r"|\bSLA\b[^.;]{0,30}?(?:наруш\w*|сорв\w*|breach\w*|violat\w*|missed)"
    r"|\b(?:грозит|грозится|угрожает|threatens?\s+to)\s+(?:\S+\s+)?(?:расторгнуть|уйти|отказаться|leave|cancel|churn|"
    r"terminate)"
    # what the business trades in is absent or its till is down: «оплат нет с утра», «касса не работает»
    r"|\b(?:оплат|платеж|платёж|заказов|продаж)\w*\s+(?:\S+\s+)?(?:нет|нету)\b"
    r"(?![^.;,]{0,40}(?:тест|test|локальн|local|стейдж|staging|dev\b))"
    r"|\b(?:касс\w*|checkout|payments?|billing|cart|корзин\w*)\s+(?:is\s+|are\s+)?(?:не\s+работа\w*|недоступ\w*|broken|"
    r"down|failing|not\s+working)"
    # a failure everyone gets: «сайт отдаёт 503 всем»
    r"|\b5\d\d\s+(?:\S+\s+)?(?:всем|у\s+всех|for\s+everyone|to\s+everyone|for\s+all)\b"
    # the public meets the failure, in English: «users are getting 500s on checkout», «emails to customers bounce»
    r"|\b(?:customers|users|clients|buyers|shoppers|students|patients)\b[^.;,]{0,25}?\b(?:bounc\w*|fail\w*|"
    r"(?:are|is)\s+not\s+(?:delivered|arriving|working|loading)|don'?t\s+(?:arrive|load|work)|"
    r"(?:get|getting|see|seeing|hit|hitting)\s+(?:\S+\s+)?(?:5\d\ds?|errors?|crash\w*))"
    # a failure every user meets, in English: «the app crashes on start for all users»
    r"|\b(?:crash\w*|fail\w*|broken|errors?|not\s+working)\b[^.;]{0,40}?\bfor\s+(?:all|every|most)\s+(?:\w+\s+)?"
    r"(?:users|customers|clients)\b"
    # the public a business serves cannot get it (session scrum, dev25): a plural of the public and a negated verb
    # in the third person plural — «покупатели не видят корзину», «абоненты не получают SMS» — not their answer or
    # decision, which is a wait («клиенты не отвечают», «не определились»), nor their not complaining
    r"|\b(?:пользовател|клиент|покупател|студент|пациент|юзер|абонент|посетител|пассажир|зрител|читател|подписчик)"
    r"(?:и|ы)\s+(?:\S+\s+){0,2}?не\s+(?!(?:ответ|отвеча|пиш|перезван|присыла|прислал|определ|реш|выбира|выбрал|договор|утвер|жалу|"
    r"замеч|замет|подтвер)\w*)[а-яё]+(?:ут|ют|ят|ат)\b"
    r"|\b(?:users|customers|clients|buyers|students|patients|subscribers|visitors|players|passengers|shoppers)\s+"
    r"(?:(?:still|now|suddenly)\s+)?(?:can'?t|cannot|are\s+unable\s+to|aren'?t\s+able\s+to|don'?t\s+(?:get|see|receive))\b"
    # none of the public can: «no user can log in», «no customer can pay» (session sb)
    r"|\bno\s+(?:users?|customers?|clients?|buyers?|students?|patients?|subscribers?|visitors?)\s+(?:can|could)\b"
    # the public complains, support is swamped: «клиенты жалуются в саппорт», «support is flooded»
    r"|\b(?:пользовател|клиент|покупател|студент|пациент|юзер|абонент|customers|users|clients)\w*\s+(?:\S+\s+){0,2}?"
    r"(?:жалу(?:ются|ется)|complain(?:s|ing)?)\b"
    r"|\b(?:поддержк\w*|саппорт\w*|support)\s+(?:is\s+|are\s+)?(?:завален\w*|разрыва\w*|захлёбыва\w*|захлебыва\w*|"
    r"flooded|swamped|overwhelmed|drowning|explod\w*)"
)
# Others held up by this: «блокирует фронт и QA», «из-за этого стоят Петя и Маша», «others are blocked too».
_OTHERS_BLOCKED = (
    r"\bблокиру\w*\s+(?:ещё\s+|еще\s+)?(?:фронт\w*|бэк\w*|QA|qa|тестировщик\w*|других|коллег\w*|двоих|троих|"
    r"нескольких|\w+\s+человек)"
    r"|\bиз-за\s+(?:этого|меня|него|неё|нее)\s+(?:\S+\s+)?(?:стоят|ждут|простаива\w*)"
    r"|\b(?:стоят|простаивают|заблокированы)\s+(?:ещё\s+|еще\s+|тоже\s+)?(?:(?-i:[А-ЯЁ][а-яё]+)|двое|трое|коллеги|другие)"
    r"|\b(?:nobody|no\s+one)\b[^.;,]{0,30}?\bcan\b"
    # others idle for want of work: «разметчики вторые сутки сидят без заданий», «склад простаивает без заявок»
    r"|\b(?:сидят|сидит|простаива(?:ют|ет))\s+(?:\S+\s+){0,2}?без\s+(?:дела|задач\w*|задани\w*|работы)\b"
    r"|\bothers\s+(?:are\s+)?(?:blocked|waiting|stuck)|\bblock(?:s|ing)\s+(?:the\s+)?(?:others|team|frontend|backend|qa)\b"
)
_TEAM_STOPPED = re.compile(
    r"\b(?:вся\s+(?:\w+\s+)?команда|весь\s+(?:отдел|QA|qa|бэк|фронт)|все\s+(?:\w+\s+)?(?:стоят|ждут|простаивают)|вся\s+команда\s+\w+|"
    r"никто\s+(?:\S+\s+){0,3}?не\s+(?:может|могут)|у\s+всей\s+команды|команда\s+(?:стоит|ждёт|ждет)|whole\s+(?:\w+\s+)?team|all\s+the\s+team|everyone|nobody\s+can|no\s+one\s+can|"
    r"блокиру\w*\s+(?:всю\s+команду|всех|всю\s+разработку)|вся\s+разработка|у\s+всех\b|"
    r"(?:QA|qa|тестирование|тестировщики|разработка|бэкенд|фронтенд|девопсы)\s+сто(?:ит|ят)|ни\s+у\s+кого\b|"
    r"все\s+на\s+инциденте|никого\s+из\s+(?:команды|нас|отдела|разработчиков)|никого\s+не\s+пуска\w*)"
    r"|\b(?:все|all)\s+\w+\s+команды\s+стоят|\bвся\s+команда\s+данных"
    "|" + _OTHERS_BLOCKED,
    _FLAGS,
)
_RELEASE = re.compile(
    r"\b(?:релиз\w*|release|демо|demo|цел[иья]\w*\s+спринта|sprint\s+goal|дедлайн\w*|deadline|запуск\w*|launch\w*)\b"
    r"[^.;]{0,30}?"
    r"(?:под\s+угроз\w*|стоит|заблокир\w*|блокир\w*|не\s+выйдет|сорв\w*|at\s+risk|blocked|откладыва\w*|"
    r"переносит\w*|задержива\w*|сгор\w*|слет\w*|провал\w*)"
    r"|\bне\s+(?:можем|могу|сможем)\s+(?:выкатить|зарелизить|выпустить|опубликовать)\s+(?:\S+\s+){0,2}?"
    r"(?:релиз|верси|сборк|приложени|build|release)\w*"
    r"|\b(?:выкатк\w*|релиз\w*|деплой\w*|публикаци\w*|release|deploy\w*)\s+(?:\S+\s+){0,2}?(?:невозможн\w*|impossible)"
    r"|\b(?:иначе|без\s+этого)\s+релиз\w*\s+не\s+\w+|"
    # the date is missed: «не успеваем к релизу», «демо в пятницу не покажем», «sprint goal won't be met»
    r"\bне\s+(?:успеваем|успеем|выпустим|покажем|сдадим|зарелизим|попад[её]м|попаду)\s+(?:\S+\s+){0,3}?"
    r"(?:релиз|демо|дедлайн|срок|сдач|цел[иья]\s+спринта)\w*|"
    r"\b(?:релиз|демо|дедлайн)\w*\s+(?:\S+\s+){0,3}?не\s+(?:покажем|успеем|выпустим|сдадим|выйдет|состоится)\b|"
    r"\b(?:sprint\s+goal|release|demo|deadline)\s+(?:won'?t|will\s+not|can'?t|cannot)\s+be\s+(?:met|shipped|done|delivered)|"
    r"\bmiss\s+the\s+(?:release|deadline|sprint\s+goal|demo)|\bкритичн\w*\s+для\s+(?:релиза|цели)"
    # the whole sprint stopped: «the entire sprint is blocked», «весь спринт стоит»
    r"|\b(?:the\s+)?(?:entire|whole)\s+sprint\s+(?:is\s+)?(?:blocked|at\s+risk|stuck)"
    r"|\bвесь\s+спринт\s+(?:стоит|встал|заблокирован|под\s+угрозой)"
    # shipping itself missed, when it is due: «we can't ship today», «не сможем выкатиться завтра»
    r"|\b(?:can'?t|cannot|won'?t\s+be\s+able\s+to)\s+(?:ship|release|deploy|launch|go\s+live)\b[^.;]{0,20}?"
    r"\b(?:today|tonight|tomorrow|on\s+time)\b"
    r"|\bне\s+(?:можем|сможем|успеем|могу|смогу)\s+(?:выкатить\w*|выкатиться|зарелизить\w*|выпустить\w*)\s+"
    r"(?:\S+\s+){0,2}?(?:сегодня|завтра|вовремя|в\s+срок)\b"
    r"|\b(?:под\s+угрозой|срыва\w*|сорв[её]\w*|переносится|откладывается|блокиру\w*|заблокирует|"
    r"ставит\s+под\s+угрозу|угрожа\w*|blocks|threatens|jeopardi[sz]es)\s+(?:\S+\s+){0,2}?"
    r"(?:релиз\w*|цел[иья]\w*\s+спринта|демо|дедлайн\w*|срок\w*|сдач[аиуе]\w*|запуск\w*|release|demo|launch\w*|"
    r"sprint\s+goal)",
    _FLAGS,
)
_CANNOT_GO_ON = re.compile(
    # one word boundary for all the alternatives that start at a word (three times faster than one per alternative).
    # A negated ability with a totality («ничего не могу», «can't do anything»), nothing left to do («делать нечего»,
    # «других задач нет», «no other tasks») are read by blocker_effect.complete_stop (session tidy19).
    r"\b(?:"
    r"без\s+\w+(?:\s+к\s+\w+)?\s+(?:\S+\s+){0,3}?(?:не\s+(?:начну|начать|могу|закончить|проверить|сдвинуть|"
    r"продлить|продолжить|запустить|двинуться)|никак)|"
    r"(?:начать|продолжить|работать|приступить|проверить|тестировать)\s+не\s+могу\b|"
    r"не\s+могу\s+(?:начать|продолжить|работать|приступить)\b|"
    r"работать\s+не\s+(?:могу|на\s+чем|на\s+чём)\b|не\s+могу\s+\w+\s+вообще\b|"
    r"не\s+(?:двину|сдвину|продвину)(?!л)\w*|"
    r"нет\s+(?:ни\s+одной|других|больше)\s+задач\w*|"
    r"ни\s+(?:один|одна|одного|одной)\s+(?:\S+\s+){0,2}?не\s+[а-яё]+(?:ть|ти|чь)\b|"
    r"нельзя\s+ничего\b|не\s+\w+\s+вообще\b|"
    r"не\s+на\s+чем\b|не\s+на\s+чём\b|"
    r"(?:двигаться|продвигаться|сдвинуться|продвинуться)\s+(?:дальше\s+)?не\s+(?:могу|можем|получается)\b|"
    r"не\s+(?:могу|можем)\s+(?:дальше\s+)?(?:двигаться|продвигаться|сдвинуться|продвинуться)\b|"
    r"дальше\s+не\s+(?:могу|можем|двинуться|продвинуться)\b|"
    r"(?:полностью|совсем|наглухо)\s+(?:застрял|встал|завис)\w*|руки\s+связаны\b|невозможн\w*|"
    r"(?:работать|продолжать|начать|тестировать|проверить|делать)\s+не\s+(?:получается|выходит)\b|"
    r"не\s+(?:получается|выходит)\s+(?:работать|ничего)\b|"
    r"(?:сижу|сидим)\s+(?:\S+\s+){0,2}?без\s+(?:дела|задач\w*|задани\w*|работы)\b|намертво\b|наглухо\b|"
    r"без\s+этого\s+не\s+начну\b|не\s+начну\b|простаива\w*|"
    r"(?:работа|вс[её]|разработка)\s+(?:встал\w*|стоит)\b|"
    # the work stopped, told of the work with what it is on (session sb): «работа по проекту остановлена», and a day
    # lost: «весь день впустую», «zero progress today»
    r"(?:работа|разработка)\s+(?:по\s+\S+\s+|над\s+\S+\s+)?(?:остановлен\w*|заморожен\w*|встала)\b|"
    r"(?:весь\s+)?день\s+(?:\S+\s+)?(?:впустую|потерян)\b|zero\s+progress\b|(?:whole|entire)\s+day\s+(?:lost|wasted)\b|"
    r"(?:работать|тестировать|проверить|проверять|делать|продолжать|продолжить)\s+невозможно\b|"
    r"невозможно\s+(?:работать|тестировать|проверить|продолжать|продолжить)\b|"
    r"(?:полностью|совсем)\s+заблокирован\w*|заблокирован\w*\s+полностью|"
    # a total stop told by a noun and its degree, or a paralysis (session sb): «полный стоп», «в полном стопе»,
    # «работа парализована», «at a complete standstill», «ground to a halt»
    r"(?:полн\w+|тотальн\w+|complete|total|full)\s+(?:стоп\w*|остановк\w*|standstill|halt|stop)|"
    r"парализ\w+|paraly[sz]ed|(?:ground|came)\s+to\s+a\s+halt|at\s+a\s+standstill|"
    r"(?:completely|fully|totally)\s+blocked\b|"
    r"nothing\s+to\s+do\b|dead\s+in\s+the\s+water\b|(?:zero|no)\s+progress\s+(?:is\s+)?possible\b|"
    r"(?:нечего|нечем|негде|некуда)\s+(?:больше\s+)?[а-яё]{3,}(?:ть|ти|ться)\b"
    r")"
    r"|(?<!не\s)\b(?:совсем\s+)?стою\b"
    r"|(?<!не\s)\b(?:сидим|стоим)\b(?!\s+на\b)"
    # an infinitive with «нечего/нечем»: «прогонять нечего»
    r"|[а-яё](?:ть|ти|ться)\s+(?:(?:больше|пока|вообще|совсем|уже|тупо)\s+)?(?:нечего|нечем|негде|некуда|не\s+на\s+ч[её]м)\b",
    _FLAGS,
)
# Nothing else left to take — critical beside a blocker, but no blocker on its own («остальные задачи закрыты»).
_NOTHING_ELSE = compile_guarded(
    r"\bостальн\w+\s+(?:\S+\s+){0,4}?(?:сделан\w*|закрыт\w*)|\bдругого\s+(?:\S+\s+){0,2}?(?:нет|нету)\b"
    # the blocked task is the only work the member has (session sb): «это моя единственная задача», «it's all I have
    # this sprint», «the only ticket I have»
    r"|\bединственн\w+\s+(?:\S+\s+){0,2}?задач\w*|\b(?:the\s+)?only\s+(?:task|ticket|thing|work)\b|\ball\s+I\s+have\b"
    # the rest of the work hangs on the same thing: «остальное в спринте тоже завязано на него», «everything else
    # depends on it»
    r"|\b(?:остальн\w+|вс[её]\s+остальное|другие\s+задачи|вс[еи]\s+(?:мои\s+)?задачи|the\s+rest|everything\s+else|"
    r"all\s+my\s+(?:other\s+)?\w+|(?:every|all\s+(?:the\s+)?)\s*remaining\s+\w+|вс[еи]\s+оставш\w+\s+\w+)\s+"
    r"(?:\S+\s+){0,4}?(?:завязан\w*|завис(?:ит|ят|ят)|упира\w*|depends?|hinges?|blocked|needs?|требу(?:ет|ют))\b",
    _FLAGS,
)
# Others held up, said with what stops them (a bare «вся команда» is a scope, not a stop: «вся команда на ретро»).
_OTHERS_STOPPED = (
    # the stop first: «не собирается ни у кого», «не работает у всей команды»
    r"\b(?:не\s+[а-яё]+|заблокирован\w*|сто(?:ит|ят))\s+(?:\S+\s+){0,3}?(?:ни\s+у\s+кого|у\s+всей\s+команды|у\s+всех\b(?!\s+\w*"
    r"(?:пользовател|клиент|юзер|покупател)))|"
    r"\b(?:вся\s+(?:\w+\s+)?команда|весь\s+(?:отдел|QA|qa|бэк\w*|фронт\w*)|все\b|у\s+всех|никто|ни\s+у\s+кого|"
    r"никого|whole\s+(?:\w+\s+)?team|everyone|everybody|nobody|no\s+one)[^.;,]{0,40}?"
    r"(?:не\s+мо\w+|сто(?:ит|ят)\b|жд[её]т|ждут|простаива\w*|без\s+\w+|заблокирован\w*|"
    r"не\s+[а-яё]+(?:ется|ются|ится|ятся|ет|ут|ют|ит|ат|ят)\b|"
    r"blocked|can'?t|cannot|waiting|stuck|idle)"
)
WORKAROUND = compile_guarded(
    r"\b(?:пока\s+(?:делаю|пишу|беру|работаю|тестирую|гоняю|пилю|на\s+\w+|по\s+\w+|без\s+него)|параллельно|"
    r"переключ\w+|работаю\s+(?:над|на|дальше)|пилю\s+дальше|пишу\s+\w+\s+дальше|могу\s+пока|делаю\s+пока|"
    r"беру\s+пока|тестить\s+можно|есть\s+эмулятор|meanwhile|working\s+on|picked\s+up|can\s+(?:work|switch)\s+(?:on|to)|в\s+обход)\b",
    _FLAGS,
)

# The «no way on» cues a clause may carry without any blocker word (the blocker words themselves — «не могу»,
# «застрял», «простаиваю» — are the daily parser's): a subset of :data:`_CANNOT_GO_ON`, kept short because it is
# asked of every clause.
_STOP_CUES = (
    r"\b(?:намертво|наглухо|м[её]ртв(?:а|о|ы)?\b|руки\s+связаны|ни(?:чем|куда)\s+не\s+(?:могу|можем)|не\s+(?:двину|сдвину|продвину)(?!л)\w*|"
    r"нет\s+(?:ни\s+одной|других|больше)\s+задач\w*|сижу\s+без\s+(?:дела|задач|работы)|"
    r"(?:полностью|совсем|completely|fully|totally)\s+(?:застрял|встал|завис|заблокирован|blocked)\w*|"
    r"nothing\s+(?:else(?!\s+to\s+(?:report|add|say|share|mention|tell))|to\s+do)|no\s+other\s+(?:tasks?|work)|"
    r"can'?t\s+move\s+forward|"
    r"(?:делать|взять|заняться)\s+(?:больше\s+)?(?:нечего|нечем)|(?:работа|вс[её]|разработка)\s+(?:встал\w*|стоит)|"
    r"дальше\s+(?:\w+\s+)?не\s+(?:могу|можем|двинуться|продвинуться)|(?<!не\s)(?:сидим|стоим|стою)\b(?!\s+на\b))"
    r"|[а-яё](?:ть|ти|ться)\s+(?:(?:больше|пока|вообще|совсем|уже|тупо)\s+)?(?:нечего|нечем|негде|некуда|не\s+на\s+ч[её]м)\b"
)


def _one_boundary(*patterns: str) -> str:
    """``patterns`` as one alternation whose word-boundary alternatives share a single ``\\b`` (which alternative
    matches where may change, whether one matches does not): Python's engine tries every alternative at every
    position, and a shared boundary check turns most positions away at once."""
    alternatives = [a for pattern in patterns for a in _alternatives(pattern)]
    bounded = [a[2:] for a in alternatives if a.startswith(r"\b")]
    rest = [a for a in alternatives if not a.startswith(r"\b")]
    return "|".join([rf"\b(?:{'|'.join(bounded)})", *rest])


EFFECT = re.compile(
    _one_boundary(_PROD_DOWN.pattern, _OTHERS_STOPPED, _OTHERS_BLOCKED, _RELEASE.pattern, _STOP_CUES), _FLAGS
)
"""What a critical blocker does (production down, others stopped, the release or goal blocked, no way on): a clause
that says it states a blocker, whatever words it uses.  Asked only whether it matches."""

# Production down as one alternation under a shared word boundary (its alternatives grew to some thirty, each tried
# at every word when apart: five times the cost).
_PROD_DOWN = re.compile(_one_boundary(_PROD_DOWN.pattern), _FLAGS)
_BUSINESS_HIT_RE = re.compile(_one_boundary(_BUSINESS_HIT), _FLAGS)
_BUSINESS_HIT_GATE = LiteralGate(_BUSINESS_HIT_RE)
# The costly patterns behind their literal pre-checks (most blocker texts hold none of their words).
_EXPLICIT_GATE = LiteralGate(_EXPLICIT)
_CANNOT_GO_ON_GATE = LiteralGate(_CANNOT_GO_ON)
_PROD_DOWN_GATE = LiteralGate(_PROD_DOWN)
_TEAM_STOPPED_GATE = LiteralGate(_TEAM_STOPPED)
_RELEASE_GATE = LiteralGate(_RELEASE)
EFFECT_GATE = SplitGate(EFFECT)
"""``EFFECT`` behind its literal pre-check."""

REASON_EXPLICIT = "участник назвал блокер срочным или критичным"
REASON_PROD = "не работает прод"
REASON_TEAM = "стоит команда или другие участники"
REASON_RELEASE = "под угрозой релиз или цель спринта"
REASON_STOPPED = "участник не может продолжать работу"
_EFFECT_REASONS = {
    blocker_effect.REASON_TEAM: REASON_TEAM,
    blocker_effect.REASON_RELEASE: REASON_RELEASE,
    blocker_effect.REASON_STOPPED: REASON_STOPPED,
}


def criticality(text: str) -> tuple[bool, str]:
    """``(critical, reason)`` for a blocker's text (see the module docstring); ``reason`` is ``""`` when not
    critical."""
    lowered = folded(text)
    if (
        _EXPLICIT_GATE.search(text, lowered)
        and not _EXPLICIT_DENIED.search(text)
        and (not _TASKS_URGENCY.search(text) or _EXPLICIT.search(_TASKS_URGENCY.sub(" ", text)))
    ):
        return True, REASON_EXPLICIT
    if blocker_effect.bearable(text):
        # a partial or bearable effect («стенд частично лежит», «есть обходной путь») stops nothing completely —
        # the same check the structural reading makes, for every reading below
        return False, ""
    # the effect as the blocker clauses screen a trouble: a scenario or the subjunctive is no effect, a past one with
    # its remedy is over, a negated one is none («прод не лежит», «если упадёт прод — все встанут»)
    main = asserted(text)
    if not main.strip() or UNREAL.search(main) or told_as_over(text):
        return False, ""
    # a statement that denies a stop tells none, whatever group it names: «вся команда не стоит» (session scrum28)
    main = blocker_effect.without_denied_stops(main)
    lowered = folded(main)
    for gate, reason in (
        (_PROD_DOWN_GATE, REASON_PROD),
        (_BUSINESS_HIT_GATE, REASON_PROD),
        (_TEAM_STOPPED_GATE, REASON_TEAM),
        (_RELEASE_GATE, REASON_RELEASE),
    ):
        if gate.search(main, lowered) and stated(gate.engine, main):
            return True, reason
    if (_CANNOT_GO_ON_GATE.search(main, lowered) or _NOTHING_ELSE.search(main)) and not WORKAROUND.search(text):
        return True, REASON_STOPPED
    # the same readings by the structure of the effect, for the words no pattern above has
    kind = blocker_effect.complete_stop(main)
    if kind == blocker_effect.REASON_STOPPED and WORKAROUND.search(text):
        return False, ""
    return (True, _EFFECT_REASONS[kind]) if kind else (False, "")


def escalation_reason(text: str, critical: bool) -> str:
    """One line saying why a blocker is escalated (for a flag set by a model the rules cannot explain, that the
    daily marked it critical)."""
    found, reason = criticality(text)
    if found:
        return reason
    return "в daily блокер отмечен как критичный" if critical else "блокер без задачи в трекере"


_MEANWHILE = compile_guarded(
    # «пока» as «meanwhile», not as «until»: «пока не …», «пока админы поднимут стенд»
    r"(?:,\s*|\s+)(?:а\s+|но\s+)?(?:пока(?!\s+не\b)(?!\s+\w+\s+\w+(?:ут|ют|ят|ат)\b)|параллельно|meanwhile|"
    r"переключ\w+\s+на|беру\s+пока|делаю\s+пока)\b"
    r"|,?\s*(?:working\s+on|picked\s+up|(?:i\s+)?can\s+(?:work|switch)\s+(?:on|to))\b|"
    # the work first, the word after it: «…, doing SHIP-25 meanwhile»
    r",\s*(?=[^,.;]*\b(?:meanwhile|in\s+the\s+meantime)\b)|(?:,\s*|\s+)но\s+(?=(?:делаю|беру|пилю|работаю|пишу|занимаюсь)\b)",
    _FLAGS,
)


def meanwhile_span(clause: str) -> int | None:
    """Where ``clause`` turns to the work done meanwhile (the offset of «пока делаю …»), or ``None``."""
    match = _MEANWHILE.search(clause)
    return match.start() if match else None
