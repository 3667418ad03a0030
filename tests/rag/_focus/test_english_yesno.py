"""The grammar of an English yes/no question (``agentcore.rag._focus.english_yesno``; issue 18, branch ``fix41``):
its verbs and predicative participles are no subject, and its subject is the head of each noun phrase no preposition
governs — not every Latin word of the part."""

from __future__ import annotations

from dataclasses import replace

from agentcore.rag._focus.english_yesno import predicate_words
from agentcore.rag._focus.parts import question_parts
from agentcore.rag._focus.yesno import supplies_the_yesno, yesno_subject


def subject_of(question: str) -> tuple[str, ...]:
    (part,) = question_parts(question)
    return yesno_subject(part)


def test_the_subject_of_an_english_yesno_is_the_head_of_its_noun_phrase() -> None:
    # before, every Latin word outside a Russian preposition was a subject noun: work, laptop, taxed / laptop, home
    assert subject_of("is my work laptop taxed") == ("laptop",)
    assert subject_of("can I take the laptop home") == ("laptop",)
    assert subject_of("are taxi rides reimbursed on business trips") == ("rides",)
    # a noun phrase after a preposition is a circumstance, not the subject
    assert subject_of("is there a gym in the office building") == ("gym",)
    assert subject_of("can I bring my dog to the office?") == ("dog",)


def test_verbs_and_predicative_participles_are_the_predicate() -> None:
    assert predicate_words("can I bring my dog to the office") == {"bring"}
    assert predicate_words("is my work laptop taxed") == {"taxed"}
    assert predicate_words("do I have to notify my manager") == {"notify"}
    assert predicate_words("does the company pay for a visa") == {"pay"}
    assert predicate_words("is paid leave available") == {"available"}  # «paid» before a noun modifies it
    # guards: a noun phrase after «is there», a noun after «the company» outside a question's subject place
    assert predicate_words("is there a company car for business trips") == frozenset()
    assert predicate_words("can I take the laptop home") == frozenset()  # «take» is a light verb, no term at all


def test_an_english_predicate_is_no_noun_the_supplying_sentence_must_name() -> None:
    (part,) = question_parts("is my laptop taxed")
    assert part.terms == ("laptop", "taxed")  # still a term: the part's share and the predicate test weigh it
    part = replace(part, alternatives=(("laptop", ("ноутбук",)),))
    sentence = "Ноутбук облагается налогом как доход сотрудника."
    # before, «taxed» was a subject noun the sentence had to hold word for word
    assert supplies_the_yesno(part, [sentence, "Оборудование и ноутбуки"], [])
    # guard: the subject itself is still required
    assert not supplies_the_yesno(part, ["Монитор облагается налогом.", "Оборудование"], [])


def test_a_preposition_the_part_holds_as_a_term_governs_its_noun_phrase() -> None:
    # rv41: «after», «during», «within» are terms of the part (no question words); they joined the noun run, and the
    # noun they govern became the subject
    assert subject_of("is a taxi reimbursed after midnight") == ("taxi",)
    assert subject_of("is the gym available during lunch") == ("gym",)
    assert subject_of("is there parking near the office") == ("parking",)


def test_to_after_a_word_taking_an_infinitive_is_no_preposition() -> None:
    # rv41: «to» of «have to tell» governed «my manager» when the infinitive is no term
    assert subject_of("do I have to tell my manager") == ("manager",)
    assert subject_of("do I need to get a visa") == ("visa",)
    # guard: «to» after another word is a preposition
    assert subject_of("can I bring my dog to the office?") == ("dog",)


def test_adverbs_reflexives_and_predicative_adjectives_head_no_noun_phrase() -> None:
    # rv41: the predicate adjective, the adverb or the reflexive was read as the head of the subject's run
    assert subject_of("is the parking free") == ("parking",)
    assert subject_of("is the gym open on weekends") == ("gym",)
    assert subject_of("is the training mandatory") == ("training",)
    assert subject_of("is the kitchen cleaned daily") == ("kitchen",)
    assert subject_of("is the laptop broken") == ("laptop",)
    assert subject_of("should I book the hotel myself") == ("hotel",)
    assert predicate_words("is the laptop taken home") == {"taken"}
    # guards: before a noun the adjective modifies it
    assert predicate_words("is there free parking") == frozenset()
    assert subject_of("is there free parking") == ("parking",)


def test_to_before_a_determiner_is_a_preposition_after_any_word() -> None:
    # «going to the conference»: «going» takes an infinitive, but «to the» opens a noun phrase
    assert subject_of("are we going to the conference") == ()


def test_the_bare_verb_after_an_auxiliarys_noun_subject_is_the_predicate() -> None:
    # rv42: only a verb after a personal pronoun or «the company» was read; a noun subject's verb joined its run and
    # became the head of the subject («can guests park here» → park, «guests» its modifier)
    assert subject_of("can guests park here") == ("guests",)
    assert predicate_words("can guests park here") == {"park"}
    assert subject_of("do contractors receive bonuses") == ("contractors", "bonuses")
    # what the glossary says a word can be: «approve» a verb; «leave», «count» nouns — then the last that may be one
    assert subject_of("can the manager approve overtime") == ("manager", "overtime")
    assert subject_of("does sick leave count as vacation") == ("leave",)  # «as» is a preposition
    assert subject_of("does the office close early") == ("office",)
    assert subject_of("does the daily standup happen online") == ("standup",)
    # guards: a run before a verb that names no subject («be», «get») is the subject whole; «the company» as before
    assert subject_of("can work laptops be taken home") == ("laptops",)
    assert subject_of("do remote employees get a laptop") == ("employees", "laptop")
    assert predicate_words("does the company pay for a visa") == {"pay"}


def test_it_and_you_after_a_verb_or_a_preposition_are_objects() -> None:
    # rv42: the word after «it» / «you» was always read as their verb («feedback», «home»)
    assert subject_of("can I give you feedback") == ("feedback",)
    assert predicate_words("can I give you feedback") == {"give"}
    assert predicate_words("can I take it home") == frozenset()
    # guards: after an auxiliary they are the subject, and a verb follows
    assert predicate_words("does it cover mobile data") == {"cover"}
    assert predicate_words("can you send me the certificate") == {"send"}
