"""Keyboard layouts and transliteration: text typed with the wrong layout, and Russian spellings of English terms.

    switch_layout("ghbdtn", to="ru")     → "привет"       (Russian typed on the English ЙЦУКЕН→QWERTY keys)
    switch_layout("мзт", to="en")        → "vpn"
    transliterate("велосити")            → "velositi"     (compare with English words by edit distance)

The layout map is the standard Russian ЙЦУКЕН and US QWERTY layouts, key for key (letters and the five Russian
letters on punctuation keys: х ъ ж э б ю ё).
"""

from __future__ import annotations

import re

__all__ = ["LAYOUT_PUNCTUATION", "fix_layout", "switch_layout", "transliterate"]

_RU_KEYS = "йцукенгшщзхъфывапролджэячсмитьбюё"
_EN_KEYS = "qwertyuiop[]asdfghjkl;'zxcvbnm,.`"
_TO_RU = dict(zip(_EN_KEYS, _RU_KEYS, strict=True))
_TO_RU.update({en.upper(): ru.upper() for en, ru in zip(_EN_KEYS, _RU_KEYS, strict=True) if en.isalpha()})
_TO_RU.update({"{": "Х", "}": "Ъ", ":": "Ж", '"': "Э", "<": "Б", ">": "Ю", "~": "Ё"})
_TO_EN = {ru: en for en, ru in _TO_RU.items()}
LAYOUT_PUNCTUATION = frozenset("[];',.`{}:\"<>~")
"""Keys that are punctuation on the English layout and letters on the Russian one."""

_TRANSLIT = {
    "а": "a", "б": "b", "в": "v", "г": "g", "д": "d", "е": "e", "ё": "e", "ж": "zh", "з": "z", "и": "i",
    "й": "y", "к": "k", "л": "l", "м": "m", "н": "n", "о": "o", "п": "p", "р": "r", "с": "s", "т": "t",
    "у": "u", "ф": "f", "х": "h", "ц": "c", "ч": "ch", "ш": "sh", "щ": "sch", "ъ": "", "ы": "y", "ь": "",
    "э": "e", "ю": "yu", "я": "ya",
}  # fmt: skip


def switch_layout(text: str, to: str) -> str:
    """``text`` as it would read had it been typed on the other layout (``to="ru"`` or ``"en"``); characters
    without a counterpart stay as they are."""
    if to not in ("ru", "en"):
        raise ValueError(f"unknown layout {to!r}")
    table = _TO_RU if to == "ru" else _TO_EN
    return "".join(table.get(ch, ch) for ch in text)


def transliterate(word: str) -> str:
    """A Latin spelling of a Cyrillic ``word`` (lower case; other characters kept), for matching Russian
    spellings of English terms («велосити», «спринт», «бэклог») against English words."""
    return "".join(_TRANSLIT.get(ch, ch) for ch in word.lower())


_RUN_RE = re.compile(r"\S+")
_LATIN_RUN_RE = re.compile(r"^[A-Za-z\[\];',.`{}:\"<>~]+$")
_RU_WORD_RE = re.compile(r"[а-яё]+")


def fix_layout(text: str, stopwords: frozenset[str] = frozenset()) -> str:
    """``text`` with the runs typed on the English layout but meant in Russian switched («ghbdtn» → «привет»).

    A run of Latin letters (and the keys that are Russian letters: ``[ ] ; ' , .``) is switched when every word of
    its Russian reading is in pymorphy3's dictionary, the reading has 4+ letters (shorter ones only beside a long
    switched run: «d» → «в», «yf» → «на»), and the run is not one of ``stopwords`` (English stop words: «the»
    stays).  A trailing «?» or «!» is kept.  Without pymorphy3 the text is returned unchanged.
    """
    from agentcore.text.morphology import morph_analyzer

    morph = morph_analyzer()
    if morph is None or not re.search(r"[A-Za-z]", text):
        return text

    def reading(run: str, short_ok: bool) -> str | None:
        core = run.rstrip("?!")
        if not core or not _LATIN_RUN_RE.match(core) or core.lower() in stopwords:
            return None
        for candidate in dict.fromkeys((core, core.rstrip(",."))):
            russian = switch_layout(candidate, to="ru")
            words = _RU_WORD_RE.findall(russian.lower())
            if not words or "".join(words) != russian.lower().replace("-", ""):
                continue
            if (len(russian) >= 4 or short_ok) and all(morph.word_is_known(w) for w in words):
                return russian + run[len(core) :]
        return None

    runs = _RUN_RE.findall(text)
    short_ok = any(reading(run, short_ok=False) for run in runs)
    return _RUN_RE.sub(lambda m: reading(m.group(), short_ok) or m.group(), text)
