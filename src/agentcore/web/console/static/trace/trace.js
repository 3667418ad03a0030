/* Trace: GET /trace/runs (the newest runs) and GET /trace/runs/{request_id} (one run's events and model calls). */
(function () {
  "use strict";
  var C = window.Console;
  var form = document.getElementById("trace-form");
  var input = document.getElementById("request-id");
  var status = document.getElementById("trace-status");
  var run = document.getElementById("run");
  var calls = document.getElementById("calls");
  var events = new C.StepView(document.getElementById("run-events"));
  var OUTCOMES = { final: "ответ", error: "ошибка", cancelled: "прерван" };

  function time(iso) {
    return iso ? new Date(iso).toLocaleString("ru-RU") : "—";
  }

  function facts(record) {
    var rows = [
      ["Агент", record.agent], ["Итог", OUTCOMES[record.outcome] || record.outcome],
      ["Начало", time(record.started)], ["Конец", time(record.finished)],
      ["Событий", String((record.events || []).length)], ["Вызовов модели", String((record.model_calls || []).length)]
    ];
    var box = document.getElementById("run-facts");
    box.replaceChildren.apply(box, rows.map(function (row) {
      return C.el("div", null, C.el("dt", { text: row[0] }), C.el("dd", { text: row[1] || "—" }));
    }));
    if (record.question) box.appendChild(C.el("div", { className: "wide" }, C.el("dt", { text: "Вопрос" }), C.el("dd", { text: record.question })));
  }

  function callRow(call, i) {
    var exchange = C.el("details", null, C.el("summary", { text: (call.error ? "ошибка " + call.error + " · " : "") + (call.messages || []).length + " сообщ." }));
    (call.messages || []).forEach(function (m) {
      exchange.appendChild(C.el("p", { className: "who", text: m.role }));
      exchange.appendChild(C.el("pre", { text: m.content }));
    });
    exchange.appendChild(C.el("p", { className: "who", text: "ответ" + (call.tool_calls && call.tool_calls.length ? " · инструменты: " + call.tool_calls.join(", ") : "") }));
    exchange.appendChild(C.el("pre", { text: call.reply || "—" }));
    return C.el("tr", null,
      C.el("td", { text: String(i + 1) }), C.el("td", null, C.el("code", { text: call.step || "—" })),
      C.el("td", { text: call.model || "—" }), C.el("td", { text: call.prompt_tokens + " / " + call.completion_tokens }),
      C.el("td", { text: String(Math.round(call.elapsed_ms)) }), C.el("td", null, exchange));
  }

  var ID_PATTERN = new RegExp(input.dataset.pattern || "^[A-Za-z0-9_.:-]{1,80}$");  /* the server's, from the page */
  var ID_SHAPE = "Идентификатор запроса — это до 80 латинских букв, цифр и знаков «_», «.», «:», «-» без пробелов, " +
    "например req_3f9c2a7b0e1d4c5fa6b7c8d9 (он есть в ответе API и на страницах Ask и Chat).";

  /* No run on screen: the one shown before is cleared (its facts, events and calls), and the address no longer
   * names it — a lookup that fails never leaves another run under its status. */
  function clearRun() {
    run.hidden = true;
    calls.hidden = true;
    document.getElementById("run-facts").replaceChildren();
    events.clear();
    document.getElementById("calls-rows").replaceChildren();
    if (location.search) history.replaceState(null, "", location.pathname);
  }

  async function show(requestId) {
    requestId = requestId.trim();
    if (!requestId) {
      C.setStatus(status, "Введите идентификатор запроса.", true);
      input.focus();
      return;
    }
    clearRun();
    if (!ID_PATTERN.test(requestId)) {
      C.setStatus(status, "Такого идентификатора не бывает. " + ID_SHAPE, true);
      input.focus();
      return;
    }
    C.setStatus(status, "Ищу…");
    try {
      var record = await C.json("/trace/runs/" + encodeURIComponent(requestId));
      facts(record);
      events.clear();
      (record.events || []).forEach(function (event) {
        if (event.type === "final") {
          events.add({ type: "thought", step: event.step, text: event.answer, origin: "model" }).querySelector(".step-label").textContent = "Ответ";
        } else {
          events.add(event);
        }
      });
      var rows = document.getElementById("calls-rows");
      rows.replaceChildren.apply(rows, (record.model_calls || []).map(callRow));
      if (!(record.model_calls || []).length) rows.appendChild(C.el("tr", null, C.el("td", { colspan: "6", className: "muted", text: "Модель не вызывалась." })));
      run.hidden = false;
      calls.hidden = false;
      C.setStatus(status, "Запуск " + record.request_id + ".");
      history.replaceState(null, "", "?request_id=" + encodeURIComponent(record.request_id));
    } catch (error) {
      clearRun();
      C.setStatus(status, C.formatError(error), true);
    }
  }

  async function recent() {
    var list = document.getElementById("recent");
    try {
      var runs = (await C.json("/trace/runs?limit=20")).runs || [];
      list.replaceChildren.apply(list, runs.map(function (r) {
        return C.el("li", null, C.el("button", {
          type: "button", className: "run-link", "data-request-id": r.request_id,
          onclick: function () { input.value = r.request_id; show(r.request_id); }
        }, C.el("code", { text: r.request_id }), " ", C.el("span", { className: "muted", text: r.agent + " · " + (OUTCOMES[r.outcome] || r.outcome) + " · " + time(r.started) }),
          r.question ? C.el("span", { className: "q", text: r.question }) : null));
      }));
      document.getElementById("recent-empty").hidden = runs.length > 0;
    } catch (error) {
      C.setStatus(status, "Список запусков недоступен: " + C.formatError(error), true);
    }
  }

  form.addEventListener("submit", function (event) { event.preventDefault(); show(input.value); });
  document.getElementById("recent-refresh").addEventListener("click", recent);
  var wanted = new URLSearchParams(location.search).get("request_id");
  if (wanted) { input.value = wanted; show(wanted); }
  recent();
})();
