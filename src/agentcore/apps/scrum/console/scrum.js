/* Scrum: pick a team (GET /scrum/teams) → its dashboard (GET /scrum/teams/{team}/dashboard): each member's latest
 * daily, open blockers by age with escalations marked, the burndown and velocity SVGs the server draws
 * (GET …/charts/{burndown,velocity}.svg, inlined); the daily form (POST …/daily) keeps the clarification loop —
 * a question comes back, the next message answers it — and the dashboard reloads once a daily is accepted;
 * the digest (GET …/digest/{member}), FAQ (POST /scrum/faq) and analytics (POST …/analytics). */
(function () {
  "use strict";
  var C = window.Console;
  var team = document.getElementById("team");
  var sprint = document.getElementById("sprint");
  var figures = document.getElementById("scrum-figures");
  var status = document.getElementById("scrum-status");
  var dailies = document.getElementById("dailies");
  var blockers = document.getElementById("blockers");
  var blockersEmpty = document.getElementById("blockers-empty");
  var dailyForm = document.getElementById("daily-form");
  var dailyMember = document.getElementById("daily-member");
  var dailyText = document.getElementById("daily-text");
  var dailyLabel = document.getElementById("daily-label");
  var dailySend = document.getElementById("daily-send");
  var dailyCancel = document.getElementById("daily-cancel");
  var dailyStatus = document.getElementById("daily-status");
  var clarification = document.getElementById("clarification");
  var digestMember = document.getElementById("digest-member");
  var digest = document.getElementById("digest");
  var askForm = document.getElementById("ask-form");
  var askText = document.getElementById("ask-text");
  var askStatus = document.getElementById("ask-status");
  var askAnswer = document.getElementById("ask-answer");
  var SEVERITY = { low: "низкая", medium: "средняя", high: "высокая", critical: "критическая" };
  var DAILY_LABEL = dailyLabel.textContent;
  var board = null;

  function teamPath(suffix) { return "/scrum/teams/" + encodeURIComponent(team.value) + suffix; }

  function days(n) {
    var d = n % 10, h = n % 100;
    if (d === 1 && h !== 11) return n + " день";
    if (d >= 2 && d <= 4 && (h < 12 || h > 14)) return n + " дня";
    return n + " дней";
  }

  function items(entries, text) {
    if (!entries || !entries.length) return C.el("span", { className: "muted", text: "—" });
    // One line per distinct text: «сегодня TASK-4 и TASK-7» is one item per task with the same summary.
    var seen = {};
    var lines = entries.map(text).filter(function (line) { return seen[line] ? false : (seen[line] = true); });
    return C.list("ul", { className: "items" }, lines.map(function (line) { return C.el("li", { text: line }); }));
  }

  function work(entry) { return entry.summary + (entry.task_id && entry.summary.indexOf(entry.task_id) < 0 ? " (" + entry.task_id + ")" : ""); }

  function memberRow(member) {
    var daily = member.daily;
    var who = C.el("th", { scope: "row" }, member.name, C.el("br"),
      daily ? C.el("span", { className: "badge" + (daily.is_today ? " today" : ""),
        text: daily.is_today ? "сегодня" : "daily от " + daily.date }) : C.el("span", { className: "badge", text: "daily нет" }),
      member.pending_question ? C.el("span", { className: "badge waiting", text: "ждёт ответа" }) : null);
    return C.el("tr", { "data-member": member.slug },
      who,
      C.el("td", { "data-label": "Сделано" }, items(daily && daily.yesterday, work)),
      C.el("td", { "data-label": "Сегодня" }, items(daily && daily.today, work)),
      C.el("td", { "data-label": "Блокеры" },
        items(daily && daily.blockers, function (b) {
          return b.text + (b.critical ? " (срочно)" : "") + (b.lifted ? " — снят" : "");
        })));
  }

  function blockerItem(b) {
    var age = b.age_days > 0 ? days(b.age_days) + " (с " + b.first_seen + ")" : "сегодня";
    var meta = b.owner_name + (b.task_id ? ", задача " + b.task_id : "") + " · " + age +
      " · важность " + (SEVERITY[b.severity] || b.severity);
    return C.el("li", { className: b.escalated ? "escalated" : "", "data-testid": "blocker",
      "data-escalated": b.escalated ? "true" : "false" },
      b.text + " ", b.escalated ? C.el("span", { className: "badge escalated", text: "эскалирован" }) : null,
      C.el("span", { className: "meta", text: meta }),
      C.el("button", { type: "button", className: "lift", "data-testid": "lift", text: "снят",
        "aria-label": "Блокер снят: " + b.text, onclick: function (event) { lift(b, event.currentTarget); } }));
  }

  /* «снят»: the author's blocker is lifted for every reader (the Telegram bot's button, POST …/blockers/lift). */
  async function lift(b, button) {
    button.disabled = true;
    try {
      await C.json(teamPath("/blockers/lift"), { json: { member: b.owner, text: b.text } });
      await loadBoard();
      C.setStatus(status, "Блокер снят: " + b.text);
    } catch (error) {
      button.disabled = false;
      C.setStatus(status, C.formatError(error), true);
    }
  }

  function fillMembers(select, members) {
    var previous = select.value;
    select.replaceChildren.apply(select, members.map(function (m) {
      return C.el("option", { value: m.slug, text: m.name + " (" + m.role + ")" });
    }));
    if (members.some(function (m) { return m.slug === previous; })) select.value = previous;
  }

  async function chart(name, box) {
    try {
      var text = await (await C.api(teamPath("/charts/" + name + ".svg"), { headers: {}, accept: "image/svg+xml" })).text();
      var svg = new DOMParser().parseFromString(text, "image/svg+xml").documentElement;
      if (svg.nodeName !== "svg") throw new Error("not svg");
      box.replaceChildren(document.importNode(svg, true));
    } catch (error) {
      box.replaceChildren(C.el("p", { className: "error", text: "График недоступен: " + C.formatError(error) }));
    }
  }

  function showFigures(data) {
    var rows = [
      ["Daily сегодня", data.dailies_today + " из " + data.members.length],
      ["Открытых блокеров", String(data.blockers.length)],
      ["Эскалировано", String(data.escalated_blockers)],
      ["Сделано SP", data.velocity.points_done + " из " + data.burndown.total_points],
      ["SP в рабочий день", String(data.velocity.points_per_working_day)]
    ];
    figures.replaceChildren.apply(figures, rows.map(function (row) {
      return C.el("div", null, C.el("dt", { text: row[0] }), C.el("dd", { text: row[1] }));
    }));
  }

  async function loadBoard() {
    if (!team.value) return;
    C.setStatus(status, "Загружаю…");
    try {
      var data = await C.json(teamPath("/dashboard"));
      board = data;
      var t = data.team;
      sprint.textContent = t.name + (t.sprint_name ? " · " + t.sprint_name : "") +
        (t.sprint_start ? " · " + t.sprint_start + " — " + (t.sprint_end || "…") : "") + " · сегодня " + data.today;
      showFigures(data);
      dailies.replaceChildren.apply(dailies, data.members.map(memberRow));
      blockers.replaceChildren.apply(blockers, data.blockers.map(blockerItem));
      blockersEmpty.hidden = data.blockers.length > 0;
      fillMembers(dailyMember, data.members);
      fillMembers(digestMember, data.members);
      showPending();
      await Promise.all([chart("burndown", document.getElementById("burndown-box")),
        chart("velocity", document.getElementById("velocity-box"))]);
      C.setStatus(status, "");
      document.body.dataset.scrumLoaded = String(Date.now());
    } catch (error) {
      C.setStatus(status, C.formatError(error), true);
    }
  }

  /* The member's open question (asked earlier, or by another client) is shown: the next message answers it. */
  function showPending() {
    var member = board && board.members.find(function (m) { return m.slug === dailyMember.value; });
    var question = member && member.pending_question;
    clarification.hidden = !question;
    clarification.textContent = question ? "Вопрос: " + question : "";
    dailyLabel.textContent = question ? "Ответ на вопрос" : DAILY_LABEL;
    dailyCancel.hidden = !question;
  }

  async function sendDaily(event) {
    event.preventDefault();
    var text = C.filled(dailyText, dailyStatus, "Напишите daily.");
    if (!text) return;
    dailySend.disabled = true;
    C.setStatus(dailyStatus, "Отправляю…");
    try {
      var outcome = await C.json(teamPath("/daily"), { json: { member: dailyMember.value, message: text } });
      dailyText.value = "";
      await loadBoard();  // the dashboard first: the status below tells of a board that already shows the outcome
      if (outcome.status === "accepted") {
        var escalated = (outcome.escalations || []).length;
        C.setStatus(dailyStatus, "Daily принят" + (outcome.events.length ? ": блокеров " + outcome.events.length : "") +
          (escalated ? ", эскалировано " + escalated : "") + ".");
      } else {
        C.setStatus(dailyStatus, outcome.status === "clarification" ? "Нужно уточнение — ответьте на вопрос." : outcome.message,
          outcome.status === "fallback");
      }
    } catch (error) {
      C.setStatus(dailyStatus, C.formatError(error), true);
    } finally {
      dailySend.disabled = false;
      dailyText.focus();
    }
  }

  async function cancelDaily() {
    try {
      await C.api(teamPath("/daily/" + encodeURIComponent(dailyMember.value)), { method: "DELETE" });
      C.setStatus(dailyStatus, "Диалог сброшен: можно написать daily заново.");
      await loadBoard();
    } catch (error) {
      C.setStatus(dailyStatus, C.formatError(error), true);
    }
  }

  async function showDigest() {
    digest.hidden = false;
    digest.textContent = "Загружаю…";
    try {
      digest.textContent = (await C.json(teamPath("/digest/" + encodeURIComponent(digestMember.value)))).digest;
    } catch (error) {
      digest.textContent = C.formatError(error);
    }
  }

  async function ask(event) {
    event.preventDefault();
    // The previous answer goes first: a status under an old answer would read as that answer's.
    askAnswer.hidden = true;
    askAnswer.textContent = "";
    var text = C.filled(askText, askStatus, "Введите вопрос.");
    if (!text) return;
    var faq = event.submitter && event.submitter.value === "faq";
    C.setStatus(askStatus, "Думаю…");
    try {
      var answer = faq
        ? (await C.json("/scrum/faq", { json: { message: text } })).answer
        : (await C.json(teamPath("/analytics"), { json: { message: text } })).report;
      askAnswer.textContent = answer;
      askAnswer.hidden = false;
      C.setStatus(askStatus, "");
    } catch (error) {
      C.setStatus(askStatus, C.formatError(error), true);
    }
  }

  async function loadTeams() {
    // the first read on a fresh data dir creates the demo team (seconds): say so instead of an empty page
    C.setStatus(status, "Загружаю…");
    try {
      var teams = await C.json("/scrum/teams");
      team.replaceChildren.apply(team, teams.map(function (t) { return C.el("option", { value: t.slug, text: t.name }); }));
      if (!teams.length) { C.setStatus(status, "Команд пока нет: создайте команду через API или CLI."); return; }
      await loadBoard();
    } catch (error) {
      C.setStatus(status, C.formatError(error), true);
    }
  }

  team.addEventListener("change", loadBoard);
  dailyMember.addEventListener("change", showPending);
  dailyForm.addEventListener("submit", sendDaily);
  dailyCancel.addEventListener("click", cancelDaily);
  document.getElementById("digest-show").addEventListener("click", showDigest);
  askForm.addEventListener("submit", ask);
  // Ctrl+Enter (⌘+Enter) sends, as on the Ask, Chat and CRM pages; in the question field it asks the analytics.
  C.submitOnCtrlEnter(dailyForm, dailyText);
  C.submitOnCtrlEnter(askForm, askText);
  loadTeams();
})();
