/* Ask: POST /research/stream (SSE) → steps as they come, the final answer with [n] citations and its figures;
 * clicking [n] fetches the cited chunk (POST /rag/fetch_docs) and marks, for each claim citing it
 * (metadata.claims), the chunk's sentence sharing the most word stems with the claim (a reading aid; the agent's
 * own support check is metadata.claims[].status).
 * The last answered question — the question, its steps, the answer with its citations and figures, the request id —
 * is kept across a reload of the tab (Console.kept("ask")); a new question replaces it. */
(function () {
  "use strict";
  var C = window.Console;
  var form = document.getElementById("ask-form");
  var question = document.getElementById("question");
  var send = document.getElementById("send");
  var stop = document.getElementById("stop");
  var maxSteps = document.getElementById("max-steps");
  var status = document.getElementById("ask-status");
  var steps = new C.StepView(document.getElementById("steps"));
  var stepsEmpty = document.getElementById("steps-empty");
  var answer = document.getElementById("answer");
  var answerEmpty = document.getElementById("answer-empty");
  var figures = document.getElementById("figures");
  var passage = document.getElementById("passage");
  var controller = null;
  var last = null;
  var kept = C.kept("ask");

  function percent(value) {
    return value === null || value === undefined ? "—" : Math.round(value * 100) + "%";
  }

  function showFigures(final, seconds) {
    var m = final.metadata || {};
    var claims = m.claims || [];
    var supported = claims.filter(function (c) { return c.supported; }).length;
    var removed = (m.removed_claims || []).length;
    var declined = m.answered === false;  // a decline has no coverage or confidence to show (null / 0 → «—»)
    var rows = [
      ["Покрытие", declined ? "—" : percent(m.coverage)],
      ["Утверждений подтверждено", claims.length ? supported + " из " + claims.length : "—"],
      ["Удалено утверждений", String(removed)],
      ["Шагов", m.steps === undefined ? "—" : m.steps + (m.max_steps ? " из " + m.max_steps : "")],
      ["Уточнений поиска", m.refinements === undefined ? "—" : String(m.refinements)],
      ["Уверенность", declined ? "—" : percent(m.confidence)],
      ["Время", seconds.toFixed(1) + " с"]
    ];
    figures.replaceChildren.apply(figures, rows.map(function (row) {
      return C.el("div", null, C.el("dt", { text: row[0] }), C.el("dd", { text: row[1] }));
    }));
    figures.hidden = false;
  }

  function stems(text) {
    return (String(text).toLowerCase().match(/[\p{L}\p{N}]{3,}/gu) || []).map(function (w) { return w.slice(0, 5); });
  }

  /* A sentence ends at . ! ? … (and closing quotes or brackets) followed by a space or the end of the text, so a
   * full stop inside a name («Ромашка.Портал», v2.1, example.com) does not cut the sentence. */
  function sentences(text) {
    return String(text).match(/[\s\S]+?(?:[.!?…]+[»"”')\]]*(?=\s|$)|$)\s*/g) || [text];
  }

  /* A passage's Markdown as a person reads it: «- **Суточные.** …» list lines become «• Суточные. …» on lines of
   * their own (the passage box keeps line breaks), emphasis and code marks go (tryout 28 D15: the lines ran
   * together with their «-» and «**»). */
  function readable(text) {
    return String(text)
      .replace(/^[ \t]*[-*+][ \t]+/gm, "• ")
      .replace(/(\*\*|__)(?=\S)([\s\S]*?\S)\1/g, "$2")
      .replace(/`([^`\n]+)`/g, "$1");
  }

  /* For each claim, the passage sentence sharing the most word stems with it (at least two). */
  function supporting(parts, claims) {
    var marked = {};
    claims.forEach(function (claim) {
      var wanted = {};
      stems(claim).forEach(function (s) { wanted[s] = true; });
      var best = -1, bestScore = 1;
      parts.forEach(function (sentence, i) {
        var seen = {}, score = 0;
        stems(sentence).forEach(function (s) { if (wanted[s] && !seen[s]) { seen[s] = true; score++; } });
        if (score > bestScore) { best = i; bestScore = score; }
      });
      if (best >= 0) marked[best] = true;
    });
    return marked;
  }

  function claimsFor(citation) {
    var m = (last && last.metadata) || {};
    var claims = (m.claims || []).filter(function (c) { return (c.citations || []).indexOf(citation.index) >= 0; })
      .map(function (c) { return c.claim; });
    if (claims.length) return claims;
    var marker = "[" + citation.index + "]";
    return sentences(last ? last.answer : "").filter(function (s) { return s.indexOf(marker) >= 0; });
  }

  async function openCitation(citation, button) {
    document.querySelectorAll("[data-testid=citation][aria-expanded]").forEach(function (b) { b.removeAttribute("aria-expanded"); });
    button.setAttribute("aria-expanded", "true");
    button.setAttribute("aria-controls", "passage");
    document.getElementById("passage-title").textContent = "[" + citation.index + "] " + citation.title;
    document.getElementById("passage-source").textContent = citation.source || citation.doc_id;
    var box = document.getElementById("passage-text");
    box.replaceChildren(C.el("p", { className: "muted", text: "Загружаю фрагмент…" }));
    passage.hidden = false;
    var text = citation.snippet;
    try {
      var collection = last && last.metadata ? last.metadata.collection : null;
      var ids = citation.ids && citation.ids.length ? citation.ids : [citation.id];  /* every chunk of the section cited */
      var found = await C.json("/rag/fetch_docs", { json: collection ? { ids: ids, collection: collection } : { ids: ids } });
      if (found.items && found.items.length) text = found.items.map(function (item) { return item.text; }).join("\n\n");
    } catch (error) {
      C.setStatus(status, "Полный фрагмент недоступен (" + C.formatError(error) + "), показан отрывок.", true);
    }
    var parts = sentences(readable(text));
    var marked = supporting(parts, claimsFor(citation));
    var p = C.el("p", { className: "passage-lines" });
    parts.forEach(function (sentence, i) {
      p.appendChild(marked[i] ? C.el("mark", { "data-testid": "support", text: sentence }) : document.createTextNode(sentence));
    });
    box.replaceChildren(p);
    passage.focus();
  }

  function finish() {
    controller = null;
    send.disabled = false;
    stop.disabled = true;
    question.removeAttribute("aria-busy");
  }

  var stepsError = document.getElementById("max-steps-error");

  /* The step limit as the server takes it (POST /research/stream: max_steps 1…AGENT_MAX_STEPS, the field's max):
   * null when the field is empty (the server's default), undefined after saying, next to the field, why the value
   * cannot be sent (0, −3, 1000, 2.5, «1e») — then no request is sent. */
  function stepLimit() {
    var max = Number(maxSteps.max);
    var raw = maxSteps.value.trim();
    var value = Number(raw);
    var bad = maxSteps.validity.badInput || (raw !== "" && (!Number.isInteger(value) || value < 1 || value > max));
    stepsError.textContent = bad ? "Шагов не больше: целое число от 1 до " + max + "." : "";
    if (bad) {
      maxSteps.setAttribute("aria-invalid", "true");
      maxSteps.focus();
      return undefined;
    }
    maxSteps.removeAttribute("aria-invalid");
    return raw === "" ? null : value;
  }

  /* The final event on screen: the answer with its [n] buttons, the figures, «Готово. Запрос <request id>». */
  function showFinal(data, seconds) {
    last = data;
    C.renderAnswer(answer, data.answer, data.citations, function (citation) {
      openCitation(citation, answer.querySelector('[data-index="' + citation.index + '"]'));
    });
    answer.hidden = false;
    answerEmpty.hidden = true;
    showFigures(data, seconds);
    C.setStatus(status, "Готово. Запрос ");
    status.appendChild(C.el("a", { href: "/console/trace?request_id=" + encodeURIComponent(data.request_id), "data-testid": "trace-link", text: data.request_id }));
  }

  /* The answer kept by the previous load of this tab, shown as it was. */
  function restore() {
    var state = kept.load();
    if (!state || !state.final) return;
    question.value = state.question || "";
    (state.steps || []).forEach(function (event) { steps.add(event); });
    stepsEmpty.hidden = (state.steps || []).length > 0;
    showFinal(state.final, state.seconds || 0);
  }

  async function run(event) {
    event.preventDefault();
    var text = C.filled(question, status, "Введите вопрос.");
    if (!text) return;
    var limit = stepLimit();
    if (limit === undefined) {
      C.setStatus(status, "");
      return;
    }
    steps.clear();
    stepsEmpty.hidden = true;
    answer.hidden = true;
    answerEmpty.hidden = false;
    answerEmpty.textContent = "Агент работает…";
    figures.hidden = true;
    passage.hidden = true;
    last = null;
    kept.clear();
    var seen = [];
    controller = new AbortController();
    send.disabled = true;
    stop.disabled = false;
    question.setAttribute("aria-busy", "true");
    C.setStatus(status, "Агент работает…");
    var started = performance.now();
    var body = { question: text };
    if (limit !== null) body.max_steps = limit;
    try {
      await C.stream("/research/stream", body, function (type, data) {
        if (type === "final") {
          var seconds = (performance.now() - started) / 1000;
          showFinal(data, seconds);
          kept.save({ question: text, steps: seen, final: data, seconds: seconds });
        } else if (type === "error") {
          steps.add(data);
          answerEmpty.textContent = data.message;
          C.setStatus(status, C.failureText(data.message) + " (запрос " + data.request_id + ")", true);
        } else {
          steps.add(data);
          seen.push(data);
          if (type === "step_started") C.setStatus(status, "Агент работает… шаг " + data.step + (data.max_steps ? " из " + data.max_steps : ""));
        }
      }, { signal: controller.signal });
    } catch (error) {
      C.setStatus(status, C.formatError(error), !(error && error.name === "AbortError"));
      if (!last) answerEmpty.textContent = error && error.name === "AbortError" ? "Запуск остановлен." : "Ответа нет.";
    } finally {
      finish();
    }
  }

  restore();
  form.addEventListener("submit", run);
  maxSteps.addEventListener("input", function () {
    if (stepsError.textContent) stepLimit();  /* the message goes as soon as the value is right */
  });
  C.submitOnCtrlEnter(form, question);
  stop.addEventListener("click", function () { if (controller) controller.abort(); });
  function closePassage() {
    passage.hidden = true;
    var open = answer.querySelector("[aria-expanded=true]");
    if (open) { open.removeAttribute("aria-expanded"); open.focus(); }
  }
  document.getElementById("passage-close").addEventListener("click", closePassage);
  passage.addEventListener("keydown", function (event) {
    if (event.key === "Escape" && !passage.hidden) { event.preventDefault(); closePassage(); }
  });
})();
