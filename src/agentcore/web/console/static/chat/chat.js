/* Chat: a conversation with an agent served as a model — POST /v1/chat/completions with stream and the
 * "agent_events" extension: each chunk carries the typed step event (steps on the right), the content deltas
 * make the reply; the whole conversation is sent every turn (the API is stateless).
 * The conversation (the messages as shown, what the next turn sends) and the chosen model are kept across a reload
 * of the tab (Console.kept("chat")); «Новый разговор» drops them. */
(function () {
  "use strict";
  var C = window.Console;
  var PREFERRED = ["assistant", "sgr-example"];
  /* What each model can be asked (the placeholder): «который час?» suited only the SGR example (tryout 28 D3). */
  var EXAMPLES = {
    "assistant": "Например: как оформить отпуск? Или: напиши хайку про осень",
    "sgr-example": "Например: который час в Москве?",
    "research": "Например: сколько дней отпуска положено сотруднику?"
  };
  var form = document.getElementById("chat-form");
  var input = document.getElementById("chat-input");
  var send = document.getElementById("send");
  var stop = document.getElementById("stop");
  var model = document.getElementById("model");
  var description = document.getElementById("model-description");
  var status = document.getElementById("chat-status");
  var list = document.getElementById("messages");
  var empty = document.getElementById("messages-empty");
  var steps = new C.StepView(document.getElementById("steps"));
  var stepsEmpty = document.getElementById("steps-empty");
  var history = [];
  var shown = [];  /* the messages on screen: {role, text, error} */
  var controller = null;
  var descriptions = {};
  var kept = C.kept("chat");
  var asked = new URLSearchParams(location.search).get("model");

  /* The conversation and the model, for the next load of this tab. The model is restored only on the address it was
   * chosen on (a reload); a link naming another ?model= picks that one. */
  function keep() {
    kept.save({ model: model.value, asked: asked, shown: shown, history: history });
  }

  function bubble(role, text, error) {
    var body = C.el("span", { className: "body", text: text });
    var item = C.el("li", { className: "message " + role + (error ? " error" : "") },
      C.el("span", { className: "who", text: role === "user" ? "Вы" : "Агент" }), body);
    if (role === "assistant") item.setAttribute("data-testid", "final-answer");
    list.appendChild(item);
    empty.hidden = true;
    return body;
  }

  function showModel() {
    description.textContent = descriptions[model.value] || "";
    input.placeholder = EXAMPLES[model.value] || "Сообщение агенту";
  }

  async function loadModels() {
    try {
      var models = (await C.json("/v1/models")).data || [];
      models.sort(function (a, b) {
        var ia = PREFERRED.indexOf(a.id), ib = PREFERRED.indexOf(b.id);
        return (ia < 0 ? 99 : ia) - (ib < 0 ? 99 : ib) || a.id.localeCompare(b.id);
      });
      model.replaceChildren.apply(model, models.map(function (m) {
        descriptions[m.id] = m.description || "";
        return C.el("option", { value: m.id, text: m.id });
      }));
      var state = kept.load();
      var wanted = state && state.asked === asked && state.model ? state.model : asked;
      if (wanted && descriptions[wanted] !== undefined) model.value = wanted;
      showModel();
    } catch (error) {
      C.setStatus(status, "Список агентов недоступен: " + C.formatError(error), true);
    }
  }

  function finish() {
    controller = null;
    send.disabled = false;
    stop.disabled = true;
    model.disabled = false;
  }

  /* The conversation kept by the previous load of this tab. */
  function restore() {
    var state = kept.load();
    if (!state) return;
    history = state.history || [];
    shown = state.shown || [];
    shown.forEach(function (message) { bubble(message.role, message.text, message.error); });
  }

  async function turn(event) {
    event.preventDefault();
    var text = C.filled(input, status, "Введите сообщение.");
    if (!text) return;
    if (!model.value) {
      C.setStatus(status, "Нет доступного агента.", true);
      return;
    }
    bubble("user", text);
    input.value = "";
    history.push({ role: "user", content: text });
    var reply = bubble("assistant", "…");
    var content = "";
    var failed = null;
    steps.clear();
    stepsEmpty.hidden = true;
    controller = new AbortController();
    send.disabled = true;
    stop.disabled = false;
    model.disabled = true;
    C.setStatus(status, "Агент работает…");
    try {
      await C.stream("/v1/chat/completions",
        { model: model.value, messages: history, stream: true, agent_events: true },
        function (type, chunk) {
          if (!chunk) return;
          var agentEvent = chunk.agent_event;
          if (agentEvent && agentEvent.type !== "final") {
            steps.add(agentEvent);
            if (agentEvent.type === "error") failed = agentEvent;
          }
          var choice = (chunk.choices || [])[0];
          if (choice && choice.delta && choice.delta.content) {
            content += choice.delta.content;
            reply.textContent = content;
          }
          if (chunk.error) failed = { message: chunk.error.message || "ошибка" };
        }, { signal: controller.signal });
      if (failed && !content) {
        reply.textContent = failed.message;
        reply.parentNode.classList.add("error");
        C.setStatus(status, C.failureText(failed.message), true);
        history.pop();
        shown.push({ role: "user", text: text }, { role: "assistant", text: failed.message, error: true });
      } else {
        history.push({ role: "assistant", content: content });
        shown.push({ role: "user", text: text }, { role: "assistant", text: content });
        C.setStatus(status, "Готово.");
      }
    } catch (error) {
      reply.textContent = C.formatError(error);
      history.pop();
      shown.push({ role: "user", text: text }, { role: "assistant", text: C.formatError(error) });
      C.setStatus(status, C.formatError(error), !(error && error.name === "AbortError"));
    } finally {
      keep();
      finish();
      input.focus();
    }
  }

  form.addEventListener("submit", turn);
  C.submitOnCtrlEnter(form, input);
  stop.addEventListener("click", function () { if (controller) controller.abort(); });
  model.addEventListener("change", function () {
    showModel();
    keep();
  });
  document.getElementById("chat-clear").addEventListener("click", function () {
    history = [];
    shown = [];
    kept.clear();
    list.replaceChildren();
    empty.hidden = false;
    steps.clear();
    stepsEmpty.hidden = false;
    C.setStatus(status, "");
    input.focus();
  });
  restore();
  loadModels();
})();
