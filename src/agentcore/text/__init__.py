"""Russian text helpers shared by retrieval, the assistant and the Haiku service.

* :mod:`agentcore.text.unicode` — :func:`~agentcore.text.unicode.normalize_text` (NFC, no stress marks, soft
  hyphens or zero-width characters);
* :mod:`agentcore.text.sentences` — :func:`~agentcore.text.sentences.split_sentences` (razdel, quotations whole);
* :mod:`agentcore.text.morphology` — the process-wide pymorphy3 analyzer and
  :func:`~agentcore.text.morphology.to_nominative` («про кота» → «кот»).

A leaf layer like ``trace``: it imports nothing else from agentcore.
"""
