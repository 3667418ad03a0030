"""The offline composer: always 5-7-5, deterministic per theme, the theme placed where it fits."""

from __future__ import annotations

import random

import pytest

from agentcore.apps.haiku.composer import FALLBACK_LINES, compose_offline, theme_seed
from agentcore.apps.haiku.lexicon import load_lexicon, parse_template
from agentcore.apps.haiku.models import TARGET_SYLLABLES
from agentcore.apps.haiku.syllables import count_line_syllables
from agentcore.apps.haiku.theme import analyse_theme, normalize_theme

# Words of many kinds: nouns of every gender and number, names, adjectives, verbs, adverbs, pronouns, numerals,
# indeclinables, hyphenated and very long words.
_WORDS = (
    "осень",
    "весна",
    "лето",
    "зима",
    "дождь",
    "снег",
    "луна",
    "солнце",
    "море",
    "река",
    "пруд",
    "кот",
    "собака",
    "птица",
    "ветер",
    "туман",
    "тишина",
    "любовь",
    "надежда",
    "память",
    "мечта",
    "дом",
    "окно",
    "дорога",
    "город",
    "Москва",
    "Байкал",
    "Волга",
    "Пушкин",
    "Анна",
    "горы",
    "облака",
    "звёзды",
    "листья",
    "ножницы",
    "кофе",
    "метро",
    "пальто",
    "такси",
    "радио",
    "сакура",
    "ёлка",
    "юла",
    "сирота",
    "иван-чай",
    "Санкт-Петербург",
    "красивый",
    "осенний",
    "забытый",
    "синий",
    "красив",
    "бежать",
    "бегу",
    "люблю",
    "спал",
    "думать",
    "быстро",
    "тихо",
    "вчера",
    "я",
    "мы",
    "ты",
    "он",
    "пять",
    "сто",
    "ах",
    "увы",
    "и",
    "в",
    "на",
    "нельзя",
    "программирование",
    "достопримечательность",
    "высокопревосходительство",
    "электричка",
    "тетрадь",
    "школа",
    "работа",
    "отпуск",
    "праздник",
    "чай",
    "хлеб",
    "огонь",
    "свеча",
    "книга",
    "письмо",
    "поезд",
    "вокзал",
    "мост",
    "храм",
)
_ENGLISH = ["love", "autumn", "rain", "Moon", "cat", "haiku", "machine learning", "OK"]
_JUNK = ["2024", "42", "!!!", "...", "—", "???", "@#$%", "12:00", "3.14", "ъъъ", "ыыы", "ьь", "Ё", "a1б2"]
_CYRILLIC = "абвгдеёжзийклмнопрстуфхцчшщъыьэюя"


def _themes(count: int = 300) -> list[str]:
    """Random themes of at most 20 characters: words, phrases, mixed scripts, digits, punctuation, noise."""
    rng = random.Random(20240575)
    themes: list[str] = list(_WORDS[:60]) + _ENGLISH + _JUNK
    while len(themes) < count:
        choice = rng.random()
        if choice < 0.5:
            theme = " ".join(rng.choice(_WORDS) for _ in range(rng.randint(1, 3)))
        elif choice < 0.7:
            theme = f"{rng.choice(_WORDS)} {rng.choice(_ENGLISH + _JUNK)}"
        elif choice < 0.85:
            theme = "".join(rng.choice(_CYRILLIC) for _ in range(rng.randint(1, 20)))
        else:
            theme = rng.choice(_WORDS).upper() + rng.choice(["", "!", "?", "...", " 2024"])
        themes.append(theme[:20].strip() or "x")
    return themes


def test_every_theme_gives_exactly_5_7_5() -> None:
    for theme in _themes():
        haiku = compose_offline(theme)
        counted = tuple(count_line_syllables(line) for line in haiku.lines)
        assert counted == TARGET_SYLLABLES, (theme, haiku.lines)
        assert haiku.syllables_per_line == counted
        assert len(haiku.lines) == 3 and all(line.strip() == line and line for line in haiku.lines)
        assert "\n" not in "".join(haiku.lines)
        if haiku.theme_word is not None:
            assert haiku.theme_word in haiku.text, (theme, haiku.lines)


def test_same_theme_same_haiku_and_themes_differ() -> None:
    first = compose_offline("Осень")
    assert compose_offline("Осень") == first
    assert compose_offline("  осень ") == first  # normalised: case and spaces do not matter
    texts = {compose_offline(theme).text for theme in ["дождь", "луна", "кот", "море", "ветер", "снег"]}
    assert len(texts) == 6


def test_seed_is_stable_across_processes() -> None:
    # A literal value: Python's hash() is salted per process, SHA-256 is not.
    assert theme_seed("осень") == 0x8E2B04DC36463383
    assert theme_seed(normalize_theme("  ОСЕНЬ ")) == theme_seed("осень")


@pytest.mark.parametrize(
    ("theme", "expected"),
    [
        ("осень", "осень"),
        ("дождь", "дожд"),  # дождь / дождя / дождём / дожде
        ("кот", "кот"),
        ("любовь", "люб"),
        ("Москва", "Москв"),
        ("осенний дождь", "осенн"),
        ("первый снег в горах", "снег"),
        ("сакура", "сакур"),
        ("бежать", "бежать"),
        ("красивый", "красив"),
        ("программирование", "программирование"),
        ("в лесу", "лес"),
    ],
)
def test_theme_appears_in_the_haiku(theme: str, expected: str) -> None:
    haiku = compose_offline(theme)
    assert haiku.theme_word is not None and haiku.theme_word in haiku.text
    assert expected.lower() in haiku.text.lower(), haiku.lines
    assert haiku.is_575


def test_nine_syllable_word_falls_back_to_related_lines_still_5_7_5() -> None:
    haiku = compose_offline("высокопревосходительство")  # 9 syllables: longer than any line
    assert haiku.theme_word is None
    assert haiku.is_575


@pytest.mark.parametrize("theme", ["love", "2024", "!!!", "и", ""])
def test_theme_without_usable_russian_word_still_gives_a_haiku(theme: str) -> None:
    haiku = compose_offline(theme)
    assert haiku.theme_word is None
    assert haiku.is_575
    assert "love" not in haiku.text and "2024" not in haiku.text


def test_theme_in_oblique_case_is_inflected_correctly() -> None:
    analysis = analyse_theme("осенний дождь")
    noun = analysis.fillers[0].noun
    assert noun is not None
    assert (noun.nom, noun.gen, noun.ins, noun.loc) == (
        "осенний дождь",
        "осеннего дождя",
        "осенним дождём",
        "осеннем дожде",
    )
    assert noun.agr == "m" and not noun.allow_adj
    assert analysis.season == "autumn"


def test_coordination_is_not_read_as_a_dependent_phrase() -> None:
    fillers = analyse_theme("кот и собака").fillers
    assert fillers[0].display == "кот и собака"
    assert fillers[0].noun is not None and fillers[0].noun.agr is None  # no agreement guessed for the pair


def test_proper_names_keep_capitals_but_line_case_does_not_leak() -> None:
    assert "Москв" in compose_offline("поездка в Москву").text
    text = compose_offline("ЮЛА").text
    assert "юла" in text.lower() and "ЮЛА" not in text


def test_season_of_theme_is_detected() -> None:
    assert analyse_theme("зима").season == "winter"
    assert analyse_theme("новый год").season == "winter"
    assert analyse_theme("кот").season is None


def test_lexicon_is_consistent() -> None:
    lexicon = load_lexicon()
    assert len(lexicon.nouns) > 50 and len(lexicon.places) > 30 and len(lexicon.templates) > 20
    for noun in lexicon.nouns:
        assert noun.agr in {"m", "f", "n", "pl"} and all(noun.form(c) for c in ("nom", "gen", "ins", "loc"))
        assert set(noun.seasons) <= set(lexicon.seasons)
    for word in lexicon.adjectives + lexicon.verbs:
        assert set(word.forms) == {"m", "f", "n", "pl"}
    for template in lexicon.templates:
        assert set(template.lines) <= {1, 2, 3}


def test_template_parser_rejects_unknown_slots() -> None:
    with pytest.raises(ValueError):
        parse_template("{X} {S}", [1])
    with pytest.raises(ValueError):
        parse_template("{a|b|c} {S}", [1])
    template = parse_template("Мне {снится|снятся} {S}", [1, 2])
    assert template.needs_agreement and template.subject_last


def test_fallback_haiku_is_5_7_5() -> None:
    assert tuple(count_line_syllables(line) for line in FALLBACK_LINES) == TARGET_SYLLABLES


@pytest.mark.parametrize("theme", ["луна", "кот и собака", "осенний дождь", "программирование", "love"])
def test_without_pymorphy3_the_theme_is_used_as_typed(theme: str, monkeypatch: pytest.MonkeyPatch) -> None:
    import agentcore.apps.haiku.theme as theme_module

    monkeypatch.setattr(theme_module, "morph_analyzer", lambda: None)
    haiku = compose_offline(theme)
    assert haiku.is_575
    if theme == "луна":  # a lexicon noun: its forms ship with the lexicon
        assert haiku.theme_word is not None and haiku.theme_word.lower().startswith("лун")
    elif theme != "love":  # anything else: the nominative as typed
        assert haiku.theme_word is not None and haiku.theme_word.lower() == theme


def test_present_only_adverbs_never_meet_past_verbs() -> None:
    lexicon = load_lexicon()
    present_only = [a.text for a in lexicon.adverbs if a.tense == "pres"]
    past_forms = {form for v in lexicon.verbs if v.tense == "past" for form in v.forms.values()}
    assert present_only and past_forms
    for theme in _themes(120):
        for line in compose_offline(theme).lines:
            lowered = line.lower()
            for adverb in present_only:
                for form in past_forms:
                    assert f"{adverb} {form}" not in lowered, (theme, line)


def test_kind_features_and_exclusions() -> None:
    from agentcore.apps.haiku.lexicon import fits_features

    lexicon = load_lexicon()
    cat = lexicon.noun_by_nom("кот")
    morning = lexicon.noun_by_nom("утро")
    assert cat is not None and morning is not None
    cat_features = lexicon.features(cat)
    assert {"beast", "animate", "purr"} <= cat_features
    assert fits_features(("purr",), cat_features) and not fits_features(("bloom",), cat_features)
    assert fits_features(("all",), cat_features) and not fits_features(("all", "!animate"), cat_features)
    # "*" is for subjects of unknown kind (themes outside the lexicon) only.
    assert fits_features(("*",), frozenset({"*"})) and not fits_features(("*",), cat_features)
    night = next(p for p in lexicon.places if p.text == "в ночи")
    assert not fits_features(night.kinds, lexicon.features(morning))  # never «в ночи спит утро»


def test_lexicon_vocabulary_is_rich_and_its_kinds_are_known() -> None:
    lexicon = load_lexicon()
    assert len(lexicon.nouns) >= 250 and len(lexicon.adjectives) >= 50 and len(lexicon.verbs) >= 60
    assert len({n.nom for n in lexicon.nouns}) == len(lexicon.nouns)
    known = set(lexicon.kind_features) | {f for fs in lexicon.kind_features.values() for f in fs}
    known |= {t for n in lexicon.nouns for t in n.tags} | {"all", "*"}
    for noun in lexicon.nouns:
        assert noun.kind in lexicon.kind_features, noun
        assert set(noun.times) <= set(lexicon.times), noun
    items = [*lexicon.adjectives, *lexicon.verbs, *lexicon.places, *lexicon.heads, *lexicon.adverbs]
    for item in [*items, *lexicon.templates]:
        assert {k.lstrip("!") for k in item.kinds} <= known, item
    for item in items:
        assert set(item.times) <= set(lexicon.times), item
    # Every lexicon noun can fill at least one free line in its own seasons.
    for noun in lexicon.nouns[:40]:
        assert compose_offline(noun.nom).theme_word is not None, noun.nom


def test_one_time_of_day_per_haiku() -> None:
    night_only = ("в ночи", "в полночь", "под луной", "луна", "луны", "звёзды", "месяц")
    day_only = ("в полдень", "в жару", "утро", "полдень", "на рассвете")
    for theme in _themes(150):
        text = compose_offline(theme).text.lower()
        assert not (any(w in text for w in night_only) and any(w in text for w in day_only)), (theme, text)


def test_semantics_hold_in_lexicon_lines() -> None:
    lexicon = load_lexicon()
    smelly = {n.ins.lower() for n in lexicon.nouns if n.ins and "smell" in lexicon.features(n)}
    others = {n.ins.lower() for n in lexicon.nouns if n.ins} - smelly
    for noun in lexicon.nouns:
        for line in compose_offline(noun.nom).lines:
            lowered = line.lower()
            if "пахнет " in lowered:
                assert lowered.split("пахнет ", 1)[1] not in others, (noun.nom, line)
