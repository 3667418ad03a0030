"""The subject terms no passage uses: a hard lack (a name or code the question turns on, most nouns) declines the
part; a soft lack (one Cyrillic noun among others) asks for a paraphrase by meaning."""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import replace

from agentcore.rag._focus.english import is_english, names_a_thing
from agentcore.rag._focus.parts import Part
from agentcore.rag._focus.qualifiers import verbs_object
from agentcore.rag._focus.words import is_focus_word
from agentcore.rag._focus.yesno import figure_units

FIGURES_ARE_NO_NAMES = True
"""Whether a bare number of the question that no passage uses («курс стоит 60к, кто ещё согласует») is no hard lack:
the documents state limits («курсы дороже 40 000 ₽ …»), never the asker's own amount, so the figure is a case to
compare, not a name or a code the documents lack («ERR-999», «P5» stay)."""


def lacks_focus(part: Part, lacking: Sequence[str]) -> tuple[bool, bool]:
    """(hard, soft): a name or code the question turns on that no passage mentions («Miro», «MBA»), or most of its
    nouns missing, is a hard lack — the part is not answered; one Cyrillic noun missing among others («границей»,
    but also a colloquial «апрув») is a soft lack — the part must then be close in meaning to a shown sentence.
    Verbs and adjectives are paraphrased too often («украли» / «кража») to count, and a figure's unit is a
    measure, not a thing (:func:`~agentcore.rag._focus.yesno.figure_units`)."""
    # the unit of a figure the question gives («на три недели») is a measure compared with the rule's, no thing
    units = figure_units(part)
    focus = [t for t in lacking if is_focus_word(t) and t not in units]
    if not focus:
        return False, False
    # In an English question every word is Latin: only one written as a name or a code is one («Georgia»)
    english = is_english(part.text)
    # A bare number is the asker's figure («курс стоит 60к»), compared with the rules' limits, not a name or a code
    names = [
        t
        for t in focus
        if re.fullmatch(r"[a-z0-9.-]+", t)
        and not (FIGURES_ARE_NO_NAMES and t.isdigit())
        and (not english or names_a_thing(t, part.text))
    ]
    if names or len(focus) >= max(2, len(part.terms)):
        return True, False
    nouns = [t for t in part.terms if is_focus_word(t)]
    # The new thing a Russian question asks about usually comes last («… за границей», «… для пенсионеров»); a
    # procedure is about the object of its verb («как оформить налоговый вычет за обучение»).
    procedure_object = (
        PROCEDURES_ARE_ABOUT_THEIR_OBJECT and part.asks == "procedure" and verbs_object(part.text) in focus
    )
    return False, len(part.terms) <= 3 or (bool(nouns) and nouns[-1] in focus) or procedure_object


PROCEDURES_ARE_ABOUT_THEIR_OBJECT = True
"""Whether a procedure part whose verb's direct object («оформить налоговый вычет», «получить материальную помощь»)
no passage uses has a soft lack, wherever the object stands: the procedure the documents describe for another object
(«Как оформить обучение») is no answer unless close in meaning to the question itself."""


def without_nouns(part: Part, lacking: Sequence[str]) -> Part:
    """``part`` without the ``lacking`` nouns among its subject terms."""
    drop = {t for t in lacking if is_focus_word(t)}
    kept = tuple(t for t in part.terms if t not in drop)
    return replace(part, terms=kept or ("\u0000",))  # nothing else to hold: no sentence holds it
