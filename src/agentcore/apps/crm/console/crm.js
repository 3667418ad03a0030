/* CRM: a conversation with the CRM agent (POST /chat) and the inbox of pending confirmations
 * (GET /chat/confirmations). Each card shows what will change on which record — names, field, before → after —
 * and its Approve / Deny send POST /chat/confirmations/decide with the request's fingerprint, read from the card
 * at click time: the server refuses (409) a decision whose fingerprint is not the stored request's. */
(function () {
  "use strict";
  var C = window.Console;
  var form = document.getElementById("crm-form");
  var message = document.getElementById("crm-message");
  var send = document.getElementById("crm-send");
  var user = document.getElementById("crm-user");
  var session = document.getElementById("crm-session");
  var messages = document.getElementById("crm-messages");
  var empty = document.getElementById("crm-empty");
  var status = document.getElementById("crm-status");
  var inbox = document.getElementById("inbox");
  var inboxEmpty = document.getElementById("inbox-empty");
  var inboxStatus = document.getElementById("inbox-status");
  var ENTITY = { deal: "Сделка", contact: "Контакт", company: "Компания" };
  var ACTION = { update: "Изменение", add: "Создание", "delete": "Удаление", read: "Чтение", other: "Действие" };

  function list(tag, attrs, children) {
    var node = C.el(tag, attrs);
    children.forEach(function (child) { if (child) node.appendChild(child); });
    return node;
  }

  function setStatus(node, text, isError) {
    node.textContent = text;
    node.classList.toggle("error", Boolean(isError));
  }

  function userId() { return user.value.trim() || "manager"; }
  function sessionId() { return session.value.trim() || "console"; }

  function say(role, text) {
    empty.hidden = true;
    messages.appendChild(C.el("li", { className: "message " + role },
      C.el("span", { className: "who", text: role === "user" ? "Вы" : "CRM-агент" }), String(text)));
    messages.lastChild.scrollIntoView({ block: "nearest" });
  }

  function time(iso) {
    var date = new Date(iso);
    return isNaN(date) ? iso : date.toLocaleTimeString("ru-RU", { hour: "2-digit", minute: "2-digit" });
  }

  function changesTable(detail) {
    var rows = (detail.changes || []).map(function (change) {
      return C.el("tr", null,
        C.el("th", { scope: "row", text: change.field }),
        C.el("td", null, C.el("span", { className: "before", text: change.before })),
        C.el("td", null, C.el("span", { className: "after", text: change.after })));
    });
    if (!rows.length) return null;
    return C.el("div", { className: "table-wrap" }, C.el("table", null,
      C.el("caption", { className: "visually-hidden", text: "Изменения: поле, было, станет" }),
      C.el("thead", null, C.el("tr", null,
        C.el("th", { scope: "col", text: "Поле" }), C.el("th", { scope: "col", text: "Было" }),
        C.el("th", { scope: "col", text: "Станет" }))),
      list("tbody", null, rows)));
  }

  function card(item) {
    var headline = String(item.summary || item.method).split("\n")[0];
    var title = C.el("h3", { id: "card-" + item.session_id + "-" + item.id, text: headline });
    var outcome = C.el("p", { className: "outcome", role: "status" });
    var approve = C.el("button", { type: "button", "data-testid": "approve", text: "Подтвердить",
      "aria-label": "Подтвердить " + item.id + ": " + headline });
    var deny = C.el("button", { type: "button", className: "danger", "data-testid": "deny", text: "Отклонить",
      "aria-label": "Отклонить " + item.id + ": " + headline });
    var details = (item.details || []).map(function (detail) {
      var what = (ACTION[detail.action] || "Действие") + (detail.entity ? ": " + (ENTITY[detail.entity] || detail.entity).toLowerCase() : "");
      var parts = [C.el("p", { className: "target" }, what + " ", C.el("span", { "data-testid": "target", text: detail.target }))];
      if (detail.action === "delete") parts.push(C.el("p", { className: "before", text: "Запись будет удалена из CRM." }));
      parts.push(changesTable(detail));
      return list("div", { className: "detail" }, parts);
    });
    var node = C.el("li", {
      className: "confirmation", "data-testid": "confirmation", "aria-labelledby": title.id,
      "data-session": item.session_id, "data-id": item.id, "data-fingerprint": item.fingerprint
    },
      title,
      C.el("p", { className: "meta", text: "Сессия «" + item.session_id + "» · " + item.id + " · " + item.method +
        " · до " + time(item.expires_at) }),
      details.length ? list("div", null, details) : C.el("pre", { text: item.summary }),
      C.el("div", { className: "row" }, approve, deny),
      outcome);
    approve.addEventListener("click", function () { decide(node, "approve", [approve, deny], outcome); });
    deny.addEventListener("click", function () { decide(node, "deny", [approve, deny], outcome); });
    return node;
  }

  async function decide(node, decision, buttons, outcome) {
    buttons.forEach(function (b) { b.disabled = true; });
    setStatus(outcome, decision === "approve" ? "Выполняю…" : "Отменяю…");
    var body = {
      user_id: userId(), session_id: node.dataset.session, id: node.dataset.id,
      fingerprint: node.dataset.fingerprint, decision: decision
    };
    try {
      var result = await C.json("/chat/confirmations/decide", { json: body, key: true });
      node.classList.add("decided");
      setStatus(outcome, result.assistant);
      node.dataset.outcome = result.outcome;
      if (node.dataset.session === sessionId()) say("assistant", result.assistant);
      setStatus(inboxStatus, (decision === "approve" ? "Подтверждено: " : "Отклонено: ") + node.dataset.id);
      await loadInbox(true);
    } catch (error) {
      setStatus(outcome, C.formatError(error), true);
      node.dataset.outcome = "refused";
      if (error.code === "confirmation_not_pending") node.classList.add("decided");
      else buttons.forEach(function (b) { b.disabled = false; });
    }
  }

  async function loadInbox(keepDecided) {
    try {
      var data = await C.json("/chat/confirmations?user_id=" + encodeURIComponent(userId()), { key: true });
      var fresh = data.confirmations || [];
      var keep = keepDecided ? Array.prototype.filter.call(inbox.children, function (n) { return n.classList.contains("decided"); }) : [];
      inbox.replaceChildren.apply(inbox, fresh.map(card).concat(keep));
      inboxEmpty.hidden = fresh.length > 0;
      if (!keepDecided) setStatus(inboxStatus, "");
    } catch (error) {
      setStatus(inboxStatus, C.formatError(error), true);
    }
  }

  async function submit(event) {
    event.preventDefault();
    var text = message.value.trim();
    if (!text) { setStatus(status, "Напишите сообщение.", true); message.focus(); return; }
    send.disabled = true;
    say("user", text);
    message.value = "";
    setStatus(status, "CRM-агент думает…");
    try {
      var reply = await C.json("/chat", { json: { user_id: userId(), message: text, session_id: sessionId() }, key: true });
      say("assistant", reply.assistant);
      setStatus(status, reply.pending_confirmations.length
        ? "Ждут подтверждения: " + reply.pending_confirmations.length + " — см. карточки справа." : "");
      await loadInbox(false);
    } catch (error) {
      setStatus(status, C.formatError(error), true);
    } finally {
      send.disabled = false;
      message.focus();
    }
  }

  form.addEventListener("submit", submit);
  message.addEventListener("keydown", function (event) {
    if (event.key === "Enter" && (event.ctrlKey || event.metaKey)) form.requestSubmit();
  });
  document.getElementById("inbox-refresh").addEventListener("click", function () { loadInbox(false); });
  user.addEventListener("change", function () { loadInbox(false); });
  loadInbox(false);
})();
