"""Task ids in a daily's text: the forms people write, and what only looks like one.

Recognised (the id as it is stored, in brackets):

* tracker keys ``PAY-12``, ``pay-12`` (``PAY-12``) — unless the "key" is a technology, encoding or standard with its
  version (``UTF-8``, ``ISO-8601``, ``python-3``, ``Android-14``, ``SHA-256``) or the number goes on as a version
  (``node-18.2``); a key in mixed case (``Android-14``, ``iPhone-15``) is a name, not a key;
* GitHub/GitLab references ``owner/repo#12`` (``owner/repo#12``) and bare ``#512`` (``#512``);
* tracker URLs: ``…/browse/PAY-12``, ``…/issue/PAY-12``, ``tracker.yandex.ru/PAY-12`` (``PAY-12``) and
  ``github.com/owner/repo/issues/12``, ``…/pull/12``, GitLab ``…/group/repo/-/issues/12`` (``owner/repo#12``);
  any other URL names no task, and nothing inside a URL is read as an id.

A prefix the team's tracker is known to use (``known_prefixes``) is accepted even when it looks like a technology.
Nothing here invents an id: a text without one has none.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from functools import lru_cache
from typing import NamedTuple

from agentcore.text.first_char import guarded

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

# Names written with a hyphen and a number that are not tracker keys: encodings, standards, hashes, languages,
# runtimes, platforms, browsers, libraries.
_NOT_KEYS_TEXT = """
utf utf8 ucs iso gost rfc ieee pep cve cwe ecma es ecmascript ascii latin koi cp win windows ansi ean upc
sha md crc aes rsa rs hs ed ecdsa dsa des tls ssl ssh http https http2 ipv ip tcp udp dns smtp imap pop
oauth saml jwt sso python py python3 java jdk jre openjdk node nodejs npm deno bun go golang rust ruby rails php
perl lua dotnet net csharp kotlin swift scala dart flutter ts typescript js javascript postgres postgresql pg psql
mysql mariadb mongo mongodb redis kafka rabbitmq clickhouse sqlite oracle mssql elastic elasticsearch opensearch
cassandra spark hadoop airflow flink vue vuex react angular svelte next nuxt webpack vite babel jest pytest django
flask fastapi spring hibernate gradle maven playwright selenium cypress puppeteer storybook tailwind bootstrap
jquery lodash redux pinia ubuntu debian centos rhel fedora alpine arch macos osx ios ipados android linux iphone
ipad pixel galaxy samsung xiaomi huawei chrome chromium firefox safari edge opera yandex k8s kubernetes helm
terraform docker nginx apache haproxy envoy istio grafana prometheus zabbix jenkins gpt llama qwen mistral gemini
claude bert t5 covid h mp usb hdmi ddr lte wifi pci dss ng rxjs nx scorm lti xapi gdpr hipaa
"""
_NOT_KEYS = frozenset(_NOT_KEYS_TEXT.split())


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
    if prefix.lower() in _NOT_KEYS:
        return None
    if not (prefix.isupper() or prefix.islower()) and prefix.lower() not in ("task", "bug", "issue"):
        return None  # «Android-14», «iPhone-15»: a product name with a number
    if prefix.islower() and any(c.isdigit() for c in prefix):
        return None  # «x86-64», «k8s-1», «mp3-320»: a lower-case name with a digit is a technology, not a key
    return upper


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


def _known(known_prefixes: Iterable[str]) -> frozenset[str]:
    """``known_prefixes`` in upper case (the common call names none: no set is built for it)."""
    return frozenset(p.upper() for p in known_prefixes) if known_prefixes else _NO_PREFIXES


_NO_PREFIXES: frozenset[str] = frozenset()


def find_task_ids(text: str, known_prefixes: Iterable[str] = ()) -> list[TaskRef]:
    """Every task id written in ``text``, in order of appearance (repeats included)."""
    return list(_find(text, _known(known_prefixes)))


def _find(text: str, known: frozenset[str]) -> tuple[TaskRef, ...]:
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
        if found:
            refs.append(TaskRef(found, *match.span()))
    return tuple(refs)


def task_ids_in(text: str, known_prefixes: Iterable[str] = ()) -> list[str]:
    """Task ids mentioned in ``text``, in order, without repeats."""
    refs = _find(text, _known(known_prefixes))
    return list(dict.fromkeys(ref.id for ref in refs)) if refs else []


def is_task_id(value: str) -> bool:
    """Whether ``value`` is a task id in one of its stored forms (``PAY-12``, ``#512``, ``owner/repo#12``)."""
    return bool(TASK_ID_FORMS.match(value))


def without_task_ids(text: str) -> str:
    """``text`` with every task id (and every URL) blanked out, positions kept."""
    if "-" not in text and "#" not in text and "://" not in text:
        return text
    refs = _find(text, _NO_PREFIXES)
    has_url = "://" in text  # every URL form names its scheme
    if not refs and not has_url:
        return text
    chars = list(text)
    for ref in refs:
        chars[ref.start : ref.end] = " " * (ref.end - ref.start)
    for url in _URL.finditer(text) if has_url else ():
        chars[url.start() : url.end()] = " " * (url.end() - url.start())
    return "".join(chars)
