"""Task ids in a daily's text: the forms people write, and what only looks like one.

Recognised (the id as it is stored, in brackets):

* tracker keys ``PAY-12``, ``pay-12`` (``PAY-12``) — unless the "key" is a code (a standard, a coordinate system,
  an encoding, a hash, an acronym: ``ISO-8601``, ``EPSG-3857``, ``UTF-8``, ``SHA-256``, ``CVE-2024``) or a name
  (a language, a runtime, a platform, a browser) written as names are, in lower or mixed case (``python-3``,
  ``node-20``, ``Android-14``) — in upper case, the form trackers print keys in, a name is a project's key
  (``OPERA-123``); a code or a name the author calls a task right before it is one («задача ISO-12», «тикет
  opera-5»); the number must not go on as a version (``node-18.2``); any other key in mixed case (``iPhone-15``)
  is a name, not a key;
* GitHub/GitLab references ``owner/repo#12`` (``owner/repo#12``) and bare ``#512`` (``#512``);
* tracker URLs: ``…/browse/PAY-12``, ``…/issue/PAY-12``, ``tracker.yandex.ru/PAY-12`` (``PAY-12``) and
  ``github.com/owner/repo/issues/12``, ``…/pull/12``, GitLab ``…/group/repo/-/issues/12`` (``owner/repo#12``);
  any other URL names no task, and nothing inside a URL is read as an id.

A prefix the team's tracker is known to use (``known_prefixes``) is accepted even when it looks like a technology.
The backend states a team's prefixes once per daily (:func:`team_prefixes`, from the keys of the team's stored
tasks, :func:`prefixes_of`); every reading inside that block — the parser, the model path's settling, the check for
a new daily — uses them, so one daily of one team gets the same ids on every path.
Nothing here invents an id: a text without one has none.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from functools import lru_cache
from typing import NamedTuple

from agentcore.text.first_char import compile_guarded, guarded
from agentcore.text.reading_memo import per_reading

KEY_ID = r"[A-Z][A-Z0-9_]{0,19}-\d{1,9}"
REPO_ID = r"[A-Za-z0-9][\w.-]{0,99}/[A-Za-z0-9][\w.-]{0,99}#\d{1,9}"
HASH_ID = r"#\d{1,9}"
TASK_ID_FORMS = re.compile(rf"^(?:{KEY_ID}|{REPO_ID}|{HASH_ID})$")
"""Every stored form of a task id."""

_URL = re.compile(r"https?://[^\s<>\"'«»()\[\]]+", re.IGNORECASE)
# After «browse/», «issue/» … any case; elsewhere in a path only an upper-case key (``tracker.yandex.ru/PAY-12``),
# so a dashboard slug like ``/d/x9-12/`` is not a task.
_URL_KEY = re.compile(
    r"/(?:(?:browse|issue|issues|tasks?|ticket|card)/([A-Za-z][A-Za-z0-9_]{0,19}-\d{1,9})(?=$|[/?#])|"
    # elsewhere only as the last part of the path: a key in the middle (``/d/TRV-1/latency``) is that page's slug
    r"([A-Z]{2,20}-\d{1,9})(?=/?$|[?#]))"
)
_URL_REPO = re.compile(
    r"^https?://[^/]+/(?:[^?#]*/)?([^/?#]+)/([^/?#-][^/?#]*)(?:/-)?/(?:issues|pull|pulls|merge_requests)/(\d{1,9})"
)
# Behind a lookahead on the characters an id or a URL starts with (derived from the pattern): the scan skips the
# Cyrillic words of a daily one class test each.
_ANY = re.compile(
    guarded(
        r"(?P<url>https?://[^\s<>\"'«»()\[\]]+)"
        r"|(?<![\w/.#-])(?P<repo>(?P<owner>[A-Za-z0-9][\w.-]{0,99}/[A-Za-z0-9][\w.-]{0,99})#(?P<rnum>\d{1,9}))(?!\w)"
        r"|(?<![\w#&/])(?P<hash>#(?P<hnum>\d{1,9}))(?![\w#])"
        r"|(?<![\w./@#-])(?P<key>(?P<prefix>[A-Za-z][A-Za-z0-9_]{0,19})-(?P<knum>\d{1,9}))(?![\w-]|[.,]\d)",
        re.IGNORECASE,
    ),
    re.IGNORECASE,
)

# What a hyphen and a number also write, in two kinds that differ by how people spell them (issue 19):
#
# * codes — standards, coordinate systems, encodings, protocols, hashes, vulnerability and classification codes,
#   and acronyms — written in upper case by everyone («ISO-8601», «EPSG-3857», «RFC-7519», «UTF-8», «CVE-2024»,
#   «SHA-256», «HTTP-2», «COVID-19», «GPT-4»): the form alone never tells them from a tracker key, so they are no
#   key unless the team's tracker is known to use the prefix (``known_prefixes``) or the author calls it a task
#   («задача ISO-12»);
# * names — languages, runtimes, libraries, databases, platforms, browsers, products — written in lower or mixed
#   case («python-3», «node-20», «Android-14», «opera-105»): written in upper case, the form a tracker prints its
#   keys in, they are a project's key («OPERA-123», «SAFARI-12»), in any other case a name with its version.
_CODES_TEXT = """
utf utf8 ucs iso gost rfc ieee pep cve cwe ecma es ecmascript ascii latin koi cp win ansi ean upc isbn issn
sha md crc aes rsa rs hs ed ecdsa dsa des tls ssl ssh http https http2 ipv ip tcp udp dns smtp imap pop
oauth saml jwt sso epsg wgs srid utm icd din iec itu nist fips wcag soc itil owasp pci dss scorm lti xapi gdpr
hipaa covid h mp mpeg jpeg usb hdmi ddr lte wifi pcie sata rj gpt t5 bert jdk jre openjdk npm php js ts pg
psql mssql rhel osx net ng nx rxjs
"""
_NAMES_TEXT = """
python py python3 java node nodejs deno bun go golang rust ruby rails perl lua dotnet csharp kotlin swift scala
dart flutter typescript javascript postgres postgresql mysql mariadb mongo mongodb redis kafka rabbitmq clickhouse
sqlite oracle elastic elasticsearch opensearch cassandra spark hadoop airflow flink vue vuex react angular svelte
next nuxt webpack vite babel jest pytest django flask fastapi spring hibernate gradle maven playwright selenium
cypress puppeteer storybook tailwind bootstrap jquery lodash redux pinia ubuntu debian centos fedora alpine arch
macos ios ipados android linux windows iphone ipad pixel galaxy samsung xiaomi huawei chrome chromium firefox
safari edge opera yandex kubernetes k8s helm terraform docker nginx apache haproxy envoy istio grafana prometheus
zabbix jenkins llama qwen mistral gemini claude
"""
_CODES = frozenset(_CODES_TEXT.split())
_NAMES = frozenset(_NAMES_TEXT.split())
# The author calls the id a task right before it: «задача OPERA-1», «по тикету ISO-12», «task PY-3» (not a header
# «Задача: UTF-8 в выгрузке», which names what the task is about).
_CALLED_A_TASK = compile_guarded(
    r"(?:задач[аиуеыо]\w*|тикет\w*|таск\w*|тасочк\w*|issue|issues|tasks?|tickets?|story|стори)\s+$",
    re.IGNORECASE,
)


class TaskRef(NamedTuple):
    """A task id found in a text, with where it stands (``start``/``end`` of the written form)."""

    id: str
    start: int
    end: int


def _key(prefix: str, number: str, known: frozenset[str]) -> str | None:
    """``PREFIX-NUMBER`` as a task id, or ``None`` when it is something else (see the module docstring)."""
    upper = _key_prefix(prefix, known)
    return f"{upper}-{number}" if upper else None


@lru_cache(maxsize=4096)
def _key_prefix(prefix: str, known: frozenset[str]) -> str | None:
    """The upper-case tracker key ``prefix`` stands for, or ``None`` when it names something else (kept per prefix:
    a team's few keys repeat in every daily)."""
    upper = prefix.upper()
    if upper in known:
        return upper
    lower = prefix.lower()
    if lower in _CODES or (lower in _NAMES and not prefix.isupper()):
        return None
    if not (prefix.isupper() or prefix.islower()) and prefix.lower() not in ("task", "bug", "issue"):
        return None  # «Android-14», «iPhone-15»: a product name with a number
    if prefix.islower() and any(c.isdigit() for c in prefix):
        return None  # «x86-64», «k8s-1», «mp3-320»: a lower-case name with a digit is a technology, not a key
    return upper


def _called_a_task(text: str, start: int, prefix: str) -> bool:
    """Whether a code or a name written at ``start`` is a task all the same: the author calls it one right before
    it («задача ISO-12», «тикет opera-5»).  Only a prefix written in one case counts («задача Android-14» is still
    the platform)."""
    lower = prefix.lower()
    if lower not in _CODES and lower not in _NAMES:
        return False
    if not (prefix.isupper() or prefix.islower()):
        return False
    return _CALLED_A_TASK.search(text, max(0, start - 24), start) is not None


# Hosts whose ``…/owner/repo/issues/12`` is a code-hosting issue: GitHub, GitLab (also self-hosted: its ``/-/``
# path), Gitea, Bitbucket.  Elsewhere the same path is something else's (a Sentry issue, a monitoring page).
_CODE_HOST = re.compile(r"^https?://[^/]*(?:github|gitlab|gitea|gitee|bitbucket|\bgit\.)[^/]*/|/-/", re.IGNORECASE)


def _from_url(url: str, known: frozenset[str]) -> str | None:
    repo = _URL_REPO.match(url)
    if repo and _CODE_HOST.search(url):
        return f"{repo.group(1)}/{repo.group(2)}#{repo.group(3)}"
    for key in _URL_KEY.finditer(url):
        prefix, number = (key.group(1) or key.group(2)).rsplit("-", 1)
        found = _key(prefix, number, known)
        if found:
            return found
    return None


_NO_PREFIXES: frozenset[str] = frozenset()
_TEAM_PREFIXES: ContextVar[frozenset[str]] = ContextVar("scrum_team_prefixes", default=_NO_PREFIXES)
_PREFIX_FORM = re.compile(r"[A-Za-z][A-Za-z0-9_]{0,19}")


def prefixes_of(task_ids: Iterable[str]) -> list[str]:
    """The tracker prefixes of ``task_ids`` (a team's stored keys: ``PAY-12`` → ``PAY``), upper case, sorted."""
    found = set()
    for task_id in task_ids:
        prefix, dash, number = task_id.rpartition("-")
        if dash and number.isdigit() and _PREFIX_FORM.fullmatch(prefix):
            found.add(prefix.upper())
    return sorted(found)


@contextmanager
def team_prefixes(prefixes: Iterable[str] | None) -> Iterator[None]:
    """Read every task id inside the block knowing the team's tracker ``prefixes`` (see the module docstring)."""
    known = frozenset(p.upper() for p in prefixes or () if isinstance(p, str) and _PREFIX_FORM.fullmatch(p))
    token = _TEAM_PREFIXES.set(known)
    try:
        yield
    finally:
        _TEAM_PREFIXES.reset(token)


# A key stands where a day's task stands: it opens a line (a bullet) or follows the day's word right away
# («Вчера NET-15 — …», «сегодня: DES-30 …», «Today — NET-2 …»).
_TASK_PLACE = re.compile(
    r"(?:^|\n)[ \t]*(?:[-*•·–—][ \t]*|\d{1,2}[.)][ \t]*)?"
    r"|\b(?:вчера|сегодня|завтра|yesterday|today|tomorrow)\b[ \t]*(?:[:—–-][ \t]*)?",
    re.IGNORECASE,
)
_PLACED_KEY = re.compile(
    r"(?:" + _TASK_PLACE.pattern + r")(?P<prefix>[A-Z][A-Z0-9_]{0,19})-(?P<num>\d{1,9})(?![\w-]|[.,]\d)",
    re.IGNORECASE | re.MULTILINE,
)


# A pre-check of :data:`_PLACED_KEY`: every prefix it finds in upper case is one of these (case-sensitive, so the scan
# skips every lower-case letter at once; «İ» and the Kelvin sign are the upper-case letters ``IGNORECASE`` adds to
# ``[A-Z]``).  A run that starts earlier than a placed prefix would have a word character before it, which no place
# allows.
_UPPER_KEY_SHAPE = re.compile(r"([A-Z\u0130\u212a][A-Z0-9_\u0130\u212a]{0,19})-\d")


def codes_written_as_keys(text: str) -> frozenset[str]:
    """The code prefixes (``NET``, ``DES``, ``ISO`` …) ``text`` writes as a tracker writes a project's keys: in upper
    case, with two or more numbers, each in a task's place — opening a line or right after the day's word
    («Вчера NET-15 — настройка шлюза, сегодня NET-16 — мониторинг»).  A code is named for what it is («даты в
    ISO-8601», «UTF-8 и UTF-16»), not run through a day as its work items are."""
    if "-" not in text or not any(
        prefix.isupper() and prefix.lower() in _CODES for prefix in _UPPER_KEY_SHAPE.findall(text)
    ):
        return _NO_PREFIXES  # most dailies: no code written in upper case before a number, no scan for places
    numbers: dict[str, set[str]] = {}
    for match in _PLACED_KEY.finditer(text):
        prefix = match.group("prefix")
        if prefix.isupper() and prefix.lower() in _CODES:
            numbers.setdefault(prefix, set()).add(match.group("num"))
    return frozenset(prefix for prefix, seen in numbers.items() if len(seen) > 1)


@contextmanager
def daily_keys(message: str) -> Iterator[None]:
    """Read every task id inside the block with the codes ``message`` writes as keys (:func:`codes_written_as_keys`)
    added to the team's prefixes: one daily gets the same ids in each of its pieces and on every path."""
    written = codes_written_as_keys(message) if isinstance(message, str) else _NO_PREFIXES
    if not written or written <= _TEAM_PREFIXES.get():
        yield
        return
    token = _TEAM_PREFIXES.set(_TEAM_PREFIXES.get() | written)
    try:
        yield
    finally:
        _TEAM_PREFIXES.reset(token)


current_prefixes: Callable[[], frozenset[str]] = _TEAM_PREFIXES.get
"""The team prefixes the current reading knows (empty outside :func:`team_prefixes`): the context variable's own
getter, so the memos that ask it on every call (``per_reading(current_prefixes)``) enter no Python frame for it."""


def _known(known_prefixes: Iterable[str]) -> frozenset[str]:
    """``known_prefixes`` in upper case, with the team's (the common call names none: no set is built for it)."""
    team = _TEAM_PREFIXES.get()
    if not known_prefixes:
        return team
    return team | frozenset(p.upper() for p in known_prefixes)


def find_task_ids(text: str, known_prefixes: Iterable[str] = ()) -> list[TaskRef]:
    """Every task id written in ``text``, in order of appearance (repeats included)."""
    return list(_find(text, _known(known_prefixes)))


@per_reading()
def _find(text: str, known: frozenset[str]) -> tuple[TaskRef, ...]:
    """Every task id written in ``text`` with ``known`` prefixes (see the module docstring); remembered while one
    daily is read, as the same clause is asked for its ids by many rules."""
    if "-" not in text and "#" not in text and "://" not in text:
        return ()
    refs: list[TaskRef] = []
    for match in _ANY.finditer(text):  # one pass: a URL is consumed whole, so nothing inside it is read again
        kind = match.lastgroup
        found: str | None
        if kind == "url":
            found = _from_url(match.group(0).rstrip(".,;:!?"), known)
        elif kind == "repo":
            found = f"{match.group('owner')}#{match.group('rnum')}"
        elif kind == "hash":
            found = f"#{match.group('hnum')}"
        else:
            found = _key(match.group("prefix"), match.group("knum"), known)
            if found is None and _called_a_task(text, match.start(), match.group("prefix")):
                found = f"{match.group('prefix').upper()}-{match.group('knum')}"
        if found:
            refs.append(TaskRef(found, *match.span()))
    return tuple(refs)


def task_ids_in(text: str, known_prefixes: Iterable[str] = ()) -> list[str]:
    """Task ids mentioned in ``text``, in order, without repeats."""
    if "-" not in text and "#" not in text and "://" not in text:
        return []  # no id can be written without one of them (:func:`_find`): most clauses, no memo asked
    return list(_unique_ids(text, _known(known_prefixes)))


@per_reading()
def _unique_ids(text: str, known: frozenset[str]) -> tuple[str, ...]:
    """The ids of :func:`_find` in order without repeats (remembered while one daily is read: most rules ask only
    whether a clause names a task, and ask it of the same clause again and again)."""
    refs = _find(text, known)
    return tuple(dict.fromkeys(ref.id for ref in refs)) if refs else ()


def is_task_id(value: str) -> bool:
    """Whether ``value`` is a task id in one of its stored forms (``PAY-12``, ``#512``, ``owner/repo#12``)."""
    return bool(TASK_ID_FORMS.match(value))


def without_task_ids(text: str) -> str:
    """``text`` with every task id (and every URL) blanked out, positions kept."""
    if "-" not in text and "#" not in text and "://" not in text:
        return text
    refs = _find(text, _TEAM_PREFIXES.get())
    has_url = "://" in text  # every URL form names its scheme
    if not refs and not has_url:
        return text
    chars = list(text)
    for ref in refs:
        chars[ref.start : ref.end] = " " * (ref.end - ref.start)
    for url in _URL.finditer(text) if has_url else ():
        chars[url.start() : url.end()] = " " * (url.end() - url.start())
    return "".join(chars)
