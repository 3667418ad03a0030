"""Russian text helpers shared by retrieval, the assistant and the Haiku service.

* :func:`normalize_text` — NFC, no stress marks, soft hyphens or zero-width characters;
* :func:`fix_layout`, :func:`switch_layout`, :func:`transliterate` — text typed in the wrong keyboard layout
  («ghbdtn» → «привет»), Latin ↔ Cyrillic spellings;
* :mod:`agentcore.text.sentences` — :func:`split_sentences` (razdel, quotations whole);
* :mod:`agentcore.text.morphology` — the process-wide pymorphy3 analyzer and :func:`to_nominative` («про кота» → «кот»);
* :mod:`agentcore.text.courtesy` — :func:`strip_courtesy`, :func:`core_question` (greetings and thanks off a question);
* :mod:`agentcore.text.message` — :func:`~agentcore.text.message.question_of`: a message read as context plus questions
  (the question the answer path reads: the sentences that ask, with what they refer to taken from the context);
* :mod:`agentcore.text.agreement` — :func:`plural`, :func:`plural_form` («1 задача», «2 задачи», «5 задач»).

The public names are this package's ``__all__``; they load on first use (PEP 562), so ``import agentcore.text`` loads
only :mod:`agentcore.lazy`.  Modules named ``_x`` are implementation.  A leaf layer like ``trace``: it imports nothing
else from agentcore.
"""

from agentcore.lazy import lazy_exports

# Not ``typing.TYPE_CHECKING``: importing this package loads only agentcore.lazy (mypy reads any ``TYPE_CHECKING``).
TYPE_CHECKING = False
if TYPE_CHECKING:
    from agentcore.text._keyboard import LAYOUT_PUNCTUATION, fix_layout, switch_layout, transliterate
    from agentcore.text._unicode import normalize_text
    from agentcore.text.agreement import plural, plural_form
    from agentcore.text.courtesy import core_question, strip_courtesy, strip_courtesy_tail
    from agentcore.text.morphology import morph_analyzer, parses, to_nominative
    from agentcore.text.sentences import split_sentences

_EXPORTS = {
    "LAYOUT_PUNCTUATION": "agentcore.text._keyboard",
    "fix_layout": "agentcore.text._keyboard",
    "switch_layout": "agentcore.text._keyboard",
    "transliterate": "agentcore.text._keyboard",
    "normalize_text": "agentcore.text._unicode",
    "core_question": "agentcore.text.courtesy",
    "strip_courtesy": "agentcore.text.courtesy",
    "strip_courtesy_tail": "agentcore.text.courtesy",
    "morph_analyzer": "agentcore.text.morphology",
    "parses": "agentcore.text.morphology",
    "to_nominative": "agentcore.text.morphology",
    "plural": "agentcore.text.agreement",
    "plural_form": "agentcore.text.agreement",
    "split_sentences": "agentcore.text.sentences",
}

__all__ = [
    "LAYOUT_PUNCTUATION",
    "core_question",
    "fix_layout",
    "morph_analyzer",
    "normalize_text",
    "parses",
    "plural",
    "plural_form",
    "split_sentences",
    "strip_courtesy",
    "strip_courtesy_tail",
    "switch_layout",
    "to_nominative",
    "transliterate",
]


__getattr__ = lazy_exports(__name__, _EXPORTS)
