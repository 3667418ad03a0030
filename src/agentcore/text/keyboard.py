"""Keyboard layouts and transliteration: text typed with the wrong layout, and Russian spellings of English terms.

    switch_layout("ghbdtn", to="ru")     → "привет"       (Russian typed on the English ЙЦУКЕН→QWERTY keys)
    switch_layout("мзт", to="en")        → "vpn"
    transliterate("велосити")            → "velositi"     (compare with English words by edit distance)

The layout map is the standard Russian ЙЦУКЕН and US QWERTY layouts, key for key (letters and the five Russian
letters on punctuation keys: х ъ ж э б ю ё).
"""

from __future__ import annotations

__all__ = ["LAYOUT_PUNCTUATION", "switch_layout", "transliterate"]

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
