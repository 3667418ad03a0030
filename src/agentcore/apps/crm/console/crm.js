/* CRM: a conversation with the CRM agent (POST /chat) and the inbox of pending confirmations
 * (GET /chat/confirmations). Each pending action is a card — what will change on which record: names, field,
 * before → after — shown in the conversation under the reply that asked for it and in the inbox. Approve / Deny send
 * POST /chat/confirmations/decide with the request's fingerprint, read from the card at click time: the server
 * refuses (409) a decision whose fingerprint is not the stored request's. A decision settles every card of that
 * action (the conversation's and the inbox's).
 * One click decides exactly the card it was aimed at: after a decision the inbox is updated in place (the decided
 * card stays where it was, marked decided, until «Обновить»; cards that are new are added at the end), and for a
 * moment after a decision or a re-render the decision buttons ignore pointer clicks (aria-disabled), so the second
 * click of a double click never lands on another pending action. Keyboard activation is never delayed.
 * The conversation pane as shown (each message with the user and session it was said in, a reply's cards with the
 * outcome of each decided one) and the user and session fields are kept across a reload of the tab
 * (Console.kept("crm")): the session itself lives on the server, which has no route that returns its history. A
 * restored card whose action is no longer pending is settled by the inbox's first load, as any other. */
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
  /* Milliseconds during which pointer clicks on decision buttons are ignored after the list changed. */
  var QUIET_MS = 700;
  var quietTimer = null;
  var ACTION = { update: "Изменение", add: "Создание", "delete": "Удаление", read: "Чтение", other: "Действие" };
  var kept = C.kept("crm");
  var shown = [];  /* the conversation on screen: {role, text, user, session, cards: [item + settled]} */

  function keep() {
    kept.save({ user: user.value, session: session.value, shown: shown });
  }

  function userId() { return user.value.trim() || "manager"; }
  function sessionId() { return session.value.trim() || "console"; }

  /* A message in the conversation; `entry` is the kept one when restoring (otherwise a new one is kept). */
  function say(role, text, entry) {
    empty.hidden = true;
    var node = C.el("li", { className: "message " + role },
      C.el("span", { className: "who", text: role === "user" ? "Вы" : "CRM-агент" }), String(text));
    messages.appendChild(node);
    node.scrollIntoView({ block: "nearest" });
    if (!entry) {
      entry = { role: role, text: String(text), user: userId(), session: sessionId(), cards: [] };
      shown.push(entry);
      keep();
    }
    node.entry = entry;
    return node;
  }

  /* One action: its user, session, id and the state directory of the session ("" for the default store). */
  function actionKey(userName, session, id, stateDir) { return [userName, session, id, stateDir || ""].join("\n"); }
  function keyOf(node) {
    return actionKey(node.dataset.user, node.dataset.session, node.dataset.id, node.dataset.stateDir);
  }

  /* Every card of the action `node` shows, in `root` (the page by default): the conversation's and the inbox's. */
  function cardsOf(node, root) {
    var key = keyOf(node);
    return Array.prototype.filter.call((root || document).querySelectorAll("[data-testid=confirmation]"),
      function (other) { return keyOf(other) === key; });
  }

  function settle(node, text, isError, outcome) {
    if (node.item) {  /* a conversation card: kept settled */
      node.item.settled = { text: text, isError: Boolean(isError), outcome: outcome || "" };
      keep();
    }
    node.classList.add("decided");
    node.querySelectorAll("button").forEach(function (b) { b.disabled = true; });
    C.setStatus(node.querySelector(".outcome"), text, isError);
    if (outcome) node.dataset.outcome = outcome;
  }

  /* The list may just have changed under the pointer: decision buttons ignore pointer clicks for QUIET_MS. */
  function hush() {
    document.querySelectorAll("[data-testid=confirmation] button").forEach(function (b) {
      b.setAttribute("aria-disabled", "true");
    });
    clearTimeout(quietTimer);
    quietTimer = setTimeout(function () {
      document.querySelectorAll("[data-testid=confirmation] button[aria-disabled]").forEach(function (b) {
        b.removeAttribute("aria-disabled");
      });
    }, QUIET_MS);
  }

  /* A pointer click (event.detail > 0) on a button still marked quiet is not a decision; a key press (detail 0) is.
   * The mark is the one clock: a timer that lifts it a moment before a separate deadline passed let a click the
   * browser (and Playwright) saw as enabled be dropped silently. */
  function quiet(event) {
    return event.detail > 0 && event.currentTarget.getAttribute("aria-disabled") === "true";
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
      C.list("tbody", null, rows)));
  }

  /* A card of one pending action; `where` ("chat" or "inbox") keeps the ids of its two cards apart; `owner`: the
   * user it was asked for (the user field's by default). */
  function card(item, where, owner) {
    var headline = String(item.summary || item.method).split("\n")[0];
    var title = C.el("h3", { id: where + "-card-" + item.session_id + "-" + item.id, text: headline });
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
      return C.list("div", { className: "detail" }, parts);
    });
    var node = C.el("li", {
      className: "confirmation", "data-testid": "confirmation", "aria-labelledby": title.id,
      "data-session": item.session_id, "data-id": item.id, "data-fingerprint": item.fingerprint,
      "data-user": owner || userId(), "data-state-dir": item.state_dir
    },
      title,
      C.el("p", { className: "meta", text: "Сессия «" + item.session_id + "»" +
        (item.state_dir ? " (каталог «" + item.state_dir + "»)" : "") + " · " + item.id + " · " + item.method +
        " · до " + time(item.expires_at) }),
      details.length ? C.list("div", null, details) : C.el("pre", { text: item.summary }),
      C.el("div", { className: "row" }, approve, deny),
      outcome);
    approve.addEventListener("click", function (event) {
      if (!quiet(event)) decide(node, "approve", [approve, deny], outcome);
    });
    deny.addEventListener("click", function (event) {
      if (!quiet(event)) decide(node, "deny", [approve, deny], outcome);
    });
    return node;
  }

  async function decide(node, decision, buttons, outcome) {
    buttons.forEach(function (b) { b.disabled = true; });
    hush();
    C.setStatus(outcome, decision === "approve" ? "Выполняю…" : "Отменяю…");
    /* The card's own user: the field may name someone else by now (the conversation keeps earlier users' cards). */
    var body = {
      user_id: node.dataset.user || userId(), session_id: node.dataset.session, id: node.dataset.id,
      fingerprint: node.dataset.fingerprint, decision: decision
    };
    if (node.dataset.stateDir) body.state_dir = node.dataset.stateDir;
    try {
      var result = await C.json("/chat/confirmations/decide", { json: body, key: true });
      cardsOf(node).forEach(function (twin) {
        settle(twin, result.assistant, false, result.outcome);
      });
      if (node.dataset.user === userId() && node.dataset.session === sessionId() && !node.dataset.stateDir) {
        say("assistant", result.assistant);
      }
      C.setStatus(inboxStatus, (decision === "approve" ? "Подтверждено: " : "Отклонено: ") + node.dataset.id);
      await loadInbox(true);
    } catch (error) {
      C.setStatus(outcome, C.formatError(error), true);
      node.dataset.outcome = "refused";
      if (error.code === "confirmation_not_pending") {
        cardsOf(node).forEach(function (twin) {
          if (twin !== node) settle(twin, "Больше не ожидает подтверждения.", false);
        });
        node.classList.add("decided");
      } else {
        buttons.forEach(function (b) { b.disabled = false; });
      }
    }
  }

  /* The conversation's cards of this user whose action the server no longer lists (decided elsewhere, expired). */
  function settleGone(fresh) {
    var pending = {};
    fresh.forEach(function (item) { pending[actionKey(userId(), item.session_id, item.id, item.state_dir)] = true; });
    messages.querySelectorAll("[data-testid=confirmation]:not(.decided)").forEach(function (node) {
      if (node.dataset.user === userId() && !pending[keyOf(node)]) {
        settle(node, "Больше не ожидает подтверждения.", false);
      }
    });
  }

  /* Cards for the reply's pending actions not already waiting in the conversation, under the reply. */
  function inlineCards(reply, node) {
    var cards = reply.pending_confirmations.map(function (item) {
      var one = card(Object.assign({ session_id: reply.session_id }, item), "chat");
      one.item = Object.assign({ session_id: reply.session_id }, item);
      return one;
    }).filter(function (node) {
      return !cardsOf(node, messages).some(function (shown) { return !shown.classList.contains("decided"); });
    });
    showCards(node, cards);
    if (cards.length) {
      node.entry.cards = cards.map(function (one) { return one.item; });
      keep();
    }
  }

  function showCards(node, cards) {
    if (cards.length) {
      node.appendChild(C.list("ul", { className: "inline-cards", "aria-label": "Ждут подтверждения" }, cards));
      hush();
    }
  }

  /* The conversation kept by the previous load of this tab, with the user and session fields it had. */
  function restore() {
    var state = kept.load();
    if (!state) return;
    if (state.user !== undefined) user.value = state.user;
    if (state.session !== undefined) session.value = state.session;
    shown = state.shown || [];
    shown.forEach(function (entry) {
      var node = say(entry.role, entry.text, entry);
      showCards(node, (entry.cards || []).map(function (item) {
        var one = card(item, "chat", entry.user);
        if (item.settled) settle(one, item.settled.text, item.settled.isError, item.settled.outcome);
        one.item = item;
        return one;
      }));
    });
  }

  /* The inbox updated in place: shown cards keep their places (a card whose action is gone is settled where it is),
   * cards of new actions go to the end. Nothing moves under the pointer. */
  function reconcile(cards) {
    var shown = {};
    Array.prototype.forEach.call(inbox.children, function (node) { shown[keyOf(node)] = node; });
    var listed = {};
    cards.forEach(function (node) {
      listed[keyOf(node)] = true;
      if (!shown[keyOf(node)]) inbox.appendChild(node);
    });
    Array.prototype.forEach.call(inbox.children, function (node) {
      if (!node.classList.contains("decided") && !listed[keyOf(node)]) {
        settle(node, "Больше не ожидает подтверждения.", false);
      }
    });
  }

  /* keepDecided: after a decision — update in place (see reconcile); otherwise the list is drawn anew.
   * «Нет действий…» (#inbox-empty, hidden in the page) is shown only after a load that succeeded with no items:
   * never while the first load waits (the key dialog may be open) nor after a failed one. */
  var inboxSeq = 0;
  var inboxUser = null;  /* whose list the inbox shows (or is loading) */
  async function loadInbox(keepDecided) {
    var seq = ++inboxSeq;
    inboxUser = userId();
    try {
      var data = await C.json("/chat/confirmations?user_id=" + encodeURIComponent(userId()), { key: true });
      /* An older answer (e.g. the previous user's, arriving after the user field changed) must not replace a newer
       * list: its cards would be drawn as the current user's. */
      if (seq !== inboxSeq) return;
      var fresh = data.confirmations || [];
      var cards = fresh.map(function (item) { return card(item, "inbox"); });
      if (keepDecided) reconcile(cards);
      else inbox.replaceChildren.apply(inbox, cards);
      hush();
      settleGone(fresh);
      inboxEmpty.hidden = fresh.length > 0;
      if (!keepDecided) C.setStatus(inboxStatus, "");
    } catch (error) {
      if (seq !== inboxSeq) return;
      inboxEmpty.hidden = true;  /* the list could not be read: it is not known to be empty */
      C.setStatus(inboxStatus, C.formatError(error), true);
    }
  }

  async function submit(event) {
    event.preventDefault();
    var text = C.filled(message, status, "Напишите сообщение.");
    if (!text) return;
    send.disabled = true;
    say("user", text);
    message.value = "";
    C.setStatus(status, "CRM-агент думает…");
    try {
      var reply = await C.json("/chat", { json: { user_id: userId(), message: text, session_id: sessionId() }, key: true });
      inlineCards(reply, say("assistant", reply.assistant));
      C.setStatus(status, reply.pending_confirmations.length
        ? "Ждут подтверждения: " + reply.pending_confirmations.length + " — карточки под ответом и в общем списке." : "");
      await loadInbox(false);
    } catch (error) {
      C.setStatus(status, C.formatError(error), true);
      if (!message.value) message.value = text;  /* not sent: keep it to send again (unless a new one is typed) */
    } finally {
      send.disabled = false;
      message.focus();
    }
  }

  form.addEventListener("submit", submit);
  C.submitOnCtrlEnter(form, message);
  document.getElementById("inbox-refresh").addEventListener("click", function () { loadInbox(false); });
  /* A change event for the user already shown does not redraw the list: the browser fires one when the field loses
   * focus — often to the very click on a card's button, which a redraw at that moment would swallow. */
  user.addEventListener("change", function () {
    if (userId() !== inboxUser) loadInbox(false);
    keep();
  });
  session.addEventListener("change", keep);
  restore();
  loadInbox(false);
})();
