"""The subject terms no passage uses (issue 18, branch ``fd``): the asker's own figure is no name the documents lack."""

from __future__ import annotations

from agentcore.rag import check_focus


def test_the_askers_own_figure_is_compared_not_a_name_the_documents_lack() -> None:
    heading = "Корпоративное обучение — Как оформить обучение"
    sentence = "Заявку согласует непосредственный руководитель; курсы дороже 40 000 ₽ дополнительно согласует директор."
    passages = [f"{heading}\n{sentence}"]
    question = "курс стоит 60к, кто еще кроме руководителя согласует"
    assert not check_focus(question, [sentence], passages, headings=[heading], semantic=None).decline
    # the guard: a code no passage uses stays a hard lack
    coded = "курс ERR-999 кто еще кроме руководителя согласует"
    assert check_focus(coded, [sentence], passages, headings=[heading], semantic=None).decline
