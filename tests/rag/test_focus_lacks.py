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


def test_a_procedure_whose_object_no_passage_uses_is_not_answered_by_another_objects_steps() -> None:
    # «как оформить налоговый вычет за обучение»: the object «вычет» is nowhere; the steps of «Как оформить обучение»
    # hold «оформить» and «обучение» yet describe another procedure
    from agentcore.rag._focus.lacks import lacks_focus
    from agentcore.rag._focus.parts import question_parts

    part = question_parts("как оформить налоговый вычет за обучение")[0]
    assert lacks_focus(part, ["налоговый", "вычет"]) == (False, True)
    # guard: a lacking noun that is not the verb's object nor the last one stays no lack of the part
    part = question_parts("как оформить обучение у партнеров на курсах английского")[0]
    assert lacks_focus(part, ["партнер"]) == (False, False)
