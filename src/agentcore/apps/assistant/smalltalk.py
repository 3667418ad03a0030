"""Greetings, thanks and questions about the assistant itself («Привет», «Спасибо!», «Что ты умеешь?», «Помоги»):
answered with the help text.

Seed 000 sends every input that is not an exit or help command through intent classification, and a greeting
is not a knowledge-base question, so it got «Запрос не связан с функционалом агента.» — a rebuff for someone
asking what the assistant can do.  A message made only of a greeting and/or a capability question gets the help
instead (logged as ``AgentHelp``, like a help command).  A greeting followed by a real question («Привет, как
оформить отпуск?») still goes through the normal steps.
"""

from __future__ import annotations

import re

from agentcore.text import normalize_text

_GREETING = (
    r"(?:привет\w*|здравствуй\w*|добр\w+\s+(?:день|утро|вечер|ночи)|доброго\s+\w+|хай|хэй|салют|хелло|"
    r"hello|hi|hey|hiya|howdy|greetings|good\s+(?:morning|afternoon|evening|day)|ау|эй)"
)
_ADDRESS = r"(?:[\s,]+(?:бот|ботик|ассистент|помощник|агент|there|bot|assistant|everyone|all))?"
# «Как дела?», «how are you?», «what's up?»: a greeting asked as a question — it asks nothing of the documents.
_HOW_ARE_YOU = (
    r"(?:(?:а|и|ну|and)\s+)?(?:"
    r"как\s+(?:(?:у\s+(?:тебя|вас)\s+)?дела|(?:ты|вы|жизнь|поживаешь|поживаете)(?:\s+(?:там|сам|сама))?)|"
    r"how\s+(?:are|r)\s+(?:you|u)(?:\s+doing)?(?:\s+today)?|how(?:'s|\s+is)\s+it\s+going|"
    r"how\s+do\s+you\s+do|what(?:'s|s|\s+is)\s+up|sup"
    r")"
)
_CAPABILITY = (
    r"(?:(?:а|и|так|ну)\s+)?(?:"
    r"что\s+(?:ты\s+|вы\s+)?(?:умеешь|умеете|можешь|можете|знаешь|знаете|такое)(?:\s+делать)?|"
    r"кто\s+(?:ты|вы)(?:\s+так(?:ой|ая|ое))?|(?:ты|вы)\s+кто|"
    r"чем\s+(?:ты\s+|вы\s+)?(?:можешь|можете)\s+помочь|"
    r"как\s+(?:тобой|вами)\s+пользоваться|как\s+(?:с\s+тобой|с\s+вами)\s+работать|"
    r"что\s+(?:ты\s+|вы\s+)?(?:умеешь|умеете)|какие\s+у\s+(?:тебя|вас)\s+(?:функции|возможности|команды)|"
    r"what\s+can\s+you\s+do|who\s+are\s+you|"
    r"расскажи(?:те)?\s+(?:о|про)\s+(?:себе|тебя|вас)|"
    r"помоги(?:те)?(?:\s+мне)?|(?:мне\s+)?нужна\s+помощь|help\s+me"
    r")"
)
# Thanks and acknowledgements («Спасибо!», «ок», «понятно»): not a question for the knowledge base either.
_THANKS = (
    r"(?:(?:большое|огромное)\s+)?(?:спасибо|спс|благодарю|мерси)(?:\s+(?:большое|огромное|за\s+помощь))?|"
    r"ок|окей|ok|okay|хорошо|понятно|ясно|отлично|супер|"
    r"thanks(?:\s+a\s+lot)?|thank\s+you(?:\s+(?:very\s+much|so\s+much))?|thx|cheers|got\s+it|great|cool"
)
_SMALLTALK_RE = re.compile(
    rf"^(?:(?:{_GREETING}|{_THANKS}|{_HOW_ARE_YOU}){_ADDRESS}[\s,!.?)]*)*(?:{_CAPABILITY}[\s?!.]*)?$",
    re.IGNORECASE,
)


def is_smalltalk(text: str) -> bool:
    """True when ``text`` is only a greeting (in Russian or English, «как дела?» / «how are you?» included), thanks
    or an acknowledgement and/or a question about what the assistant is or can do (or a bare plea for help:
    «помоги»)."""
    clean = " ".join(normalize_text(text).replace("ё", "е").replace("Ё", "Е").split()).strip()
    return bool(clean) and bool(_SMALLTALK_RE.match(clean))
