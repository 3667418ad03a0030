/* agentcore console: the shared client of the HTTP API (auth, JSON calls, SSE over POST) and the step view.
 *
 * window.Console:
 *   api(path, {method, json, headers, signal, key})  -> Response (throws Console.ApiError with the Russian message)
 *   json(path, opts)                                 -> parsed JSON body
 *   stream(path, body, onEvent, {signal, key})       -> POST + Server-Sent Events; onEvent(type, data, id)
 *   StepView(listElement)                            -> .add(event) renders one step event (data-testid="step")
 *   renderAnswer(container, text, citations, onCite) -> answer text with [n] buttons (data-testid="citation")
 *   el(tag, attrs, ...children)                      -> a DOM element (text children are escaped)
 *   list(tag, attrs, children)                       -> the same from an array of children (empty ones skipped)
 *   setStatus(node, text, isError)                   -> a status line's text, marked .error when isError
 *   submitOnCtrlEnter(form, field)                   -> Ctrl+Enter (⌘+Enter) in field submits form
 *   filled(field, statusNode, message)               -> field's trimmed text; "" after saying message and focusing it
 *   kept(name)                                       -> {load(), save(value), clear()}: a page's state across a reload
 * Tokens live in sessionStorage only: "agentcore.token" (Authorization: Bearer, read tokens) and "agentcore.key"
 * (X-API-Key of POST /chat; `agentcore serve` prints a one-time console URL carrying it as #key=...).
 * What a page shows (a question and its answer, a conversation) is kept across a reload of the tab by kept(name), in
 * sessionStorage as "agentcore.page.<name>" (JSON): the tab's own, gone with the tab, never in localStorage.
 */
(function () {
  "use strict";
  var TOKEN = "agentcore.token";
  var KEY = "agentcore.key";

  function el(tag, attrs) {
    var node = document.createElement(tag);
    if (attrs) {
      Object.keys(attrs).forEach(function (name) {
        var value = attrs[name];
        if (value === null || value === undefined || value === false) return;
        if (name === "text") node.textContent = value;
        else if (name === "className") node.className = value;
        else if (name.slice(0, 2) === "on" && typeof value === "function") node.addEventListener(name.slice(2), value);
        else node.setAttribute(name, value === true ? "" : String(value));
      });
    }
    for (var i = 2; i < arguments.length; i++) {
      var child = arguments[i];
      if (child === null || child === undefined || child === false) continue;
      node.appendChild(typeof child === "string" ? document.createTextNode(child) : child);
    }
    return node;
  }

  function list(tag, attrs, children) {
    var node = el(tag, attrs);
    children.forEach(function (child) { if (child) node.appendChild(child); });
    return node;
  }

  function setStatus(node, text, isError) {
    node.textContent = text;
    node.classList.toggle("error", Boolean(isError));
  }

  function submitOnCtrlEnter(form, field) {
    field.addEventListener("keydown", function (event) {
      if (event.key === "Enter" && (event.ctrlKey || event.metaKey)) form.requestSubmit();
    });
  }

  function filled(field, statusNode, message) {
    var text = field.value.trim();
    if (!text) {
      setStatus(statusNode, message, true);
      field.focus();
    }
    return text;
  }

  /* A page's state kept across a reload of this tab: sessionStorage "agentcore.page.<name>", JSON. load() is null
   * when nothing (or nothing readable) is kept; save() that the browser refuses (the storage is full) keeps nothing,
   * and the page works on as before. Only what the page shows goes here — never a token or a key. */
  function kept(name) {
    var slot = "agentcore.page." + name;
    return {
      load: function () {
        try { return JSON.parse(sessionStorage.getItem(slot) || "null"); } catch (ignored) { return null; }
      },
      save: function (value) {
        try { sessionStorage.setItem(slot, JSON.stringify(value)); } catch (ignored) { sessionStorage.removeItem(slot); }
      },
      clear: function () { sessionStorage.removeItem(slot); }
    };
  }

  function ApiError(status, message, code) {
    this.name = "ApiError";
    this.status = status;
    this.code = code || "error";
    this.message = message;
  }
  ApiError.prototype = Object.create(Error.prototype);

  function readFragmentKey() {
    var match = /(?:^#|&)key=([^&]+)/.exec(location.hash);
    if (match) {
      sessionStorage.setItem(KEY, decodeURIComponent(match[1]));
      history.replaceState(null, "", location.pathname + location.search);
    }
  }

  /* A token or key travels in a header: printable ASCII only.  Anything else (a Cyrillic letter typed on the wrong
   * keyboard layout) cannot be sent at all — said so, instead of the browser's TypeError read as a network failure. */
  var HEADER_VALUE = /^[\x20-\x7e]*$/;

  function notSendable(what) {
    return what + " содержит недопустимые символы: допустимы латинские буквы, цифры и знаки ASCII (проверьте " +
      "раскладку клавиатуры).";
  }

  function headerValue(value, what) {
    if (!HEADER_VALUE.test(value)) {
      throw new ApiError(0, notSendable(what) + " Исправьте его по кнопке «Токен доступа».", "invalid_token");
    }
    return value;
  }

  function buildHeaders(opts) {
    var headers = new Headers(opts.headers || {});
    var token = sessionStorage.getItem(TOKEN);
    if (token) headers.set("Authorization", "Bearer " + headerValue(token, "Токен чтения"));
    if (opts.key) {
      var key = sessionStorage.getItem(KEY);
      if (key) headers.set("X-API-Key", headerValue(key, "Ключ CRM"));
    }
    headers.set("Accept", opts.accept || "application/json");
    return headers;
  }

  async function errorOf(response) {
    var message = "ошибка " + response.status;
    var code = "http_" + response.status;
    try {
      var body = await response.json();
      if (body && body.error) message = body.error;
      if (body && body.code) code = body.code;
    } catch (ignored) { /* not JSON */ }
    return new ApiError(response.status, message, code);
  }

  var dialogWaiters = [];
  var streams = [];  /* every stream of this page: {url, done} (done: read to its end) */

  function askToken(which, reason) {
    var dialog = document.getElementById("auth-dialog");
    if (!dialog) return Promise.resolve(false);
    document.getElementById("auth-reason").textContent = reason || "Сервер требует токен. Он хранится только в этой вкладке браузера.";
    document.getElementById("auth-reason").classList.remove("error");
    document.getElementById("auth-token").value = sessionStorage.getItem(TOKEN) || "";
    document.getElementById("auth-key").value = sessionStorage.getItem(KEY) || "";
    return new Promise(function (resolve) {
      dialogWaiters.push(resolve);
      if (!dialog.open) dialog.showModal();
      document.getElementById(which === "key" ? "auth-key" : "auth-token").focus();
    });
  }

  function setupDialog() {
    var dialog = document.getElementById("auth-dialog");
    if (!dialog) return;
    dialog.addEventListener("close", function () {
      var saved = dialog.returnValue === "save";
      if (saved) {
        var token = document.getElementById("auth-token").value.trim();
        var key = document.getElementById("auth-key").value.trim();
        if (token) sessionStorage.setItem(TOKEN, token); else sessionStorage.removeItem(TOKEN);
        if (key) sessionStorage.setItem(KEY, key); else sessionStorage.removeItem(KEY);
      }
      dialog.returnValue = "";
      var waiters = dialogWaiters.splice(0);
      waiters.forEach(function (resolve) { resolve(saved); });
    });
    /* A value no header can carry is refused in the dialog itself, which stays open and says why. */
    document.getElementById("auth-form").addEventListener("submit", function (event) {
      if (!event.submitter || event.submitter.value !== "save") return;
      var fields = [["auth-token", "Токен чтения"], ["auth-key", "Ключ CRM"]];
      for (var i = 0; i < fields.length; i++) {
        var field = document.getElementById(fields[i][0]);
        if (!HEADER_VALUE.test(field.value.trim())) {
          event.preventDefault();
          var reason = document.getElementById("auth-reason");
          reason.textContent = notSendable(fields[i][1]);
          reason.classList.add("error");
          field.focus();
          return;
        }
      }
    });
    document.getElementById("auth-forget").addEventListener("click", function () {
      sessionStorage.removeItem(TOKEN);
      sessionStorage.removeItem(KEY);
      // Forgetting the credentials forgets what the pages kept with them (a shared browser, a handed-over tab).
      Object.keys(sessionStorage).forEach(function (name) {
        if (name.indexOf("agentcore.page.") === 0) sessionStorage.removeItem(name);
      });
      document.getElementById("auth-token").value = "";
      document.getElementById("auth-key").value = "";
    });
    document.getElementById("auth-open").addEventListener("click", function () { askToken("token"); });
    if (document.body.dataset.tokensRequired === "true" && !sessionStorage.getItem(TOKEN)) askToken("token");
  }

  async function api(path, opts) {
    opts = opts || {};
    var init = { method: opts.method || (opts.json !== undefined ? "POST" : "GET"), headers: buildHeaders(opts), signal: opts.signal };
    if (opts.json !== undefined) {
      init.body = JSON.stringify(opts.json);
      init.headers.set("Content-Type", "application/json");
    }
    var response = await fetch(path, init);
    if (response.status === 401 && !opts.retried) {
      var problem = await errorOf(response);
      if (await askToken(opts.key ? "key" : "token", problem.message)) {
        return api(path, Object.assign({}, opts, { retried: true }));
      }
      throw refused(problem);
    }
    if (response.status === 401) throw refused(await errorOf(response));
    if (!response.ok) throw await errorOf(response);
    return response;
  }

  /* A 401 said as the server's refusal of the credentials (its own words after the colon), never as a network
   * failure: «Токен не принят сервером: требуется действительный заголовок X-API-Key». */
  function refused(problem) {
    problem.message = "Токен не принят сервером: " + problem.message;
    return problem;
  }

  async function json(path, opts) {
    return (await api(path, opts)).json();
  }

  /* POST body as JSON and read the answer as Server-Sent Events (EventSource cannot POST). */
  async function stream(path, body, onEvent, opts) {
    opts = opts || {};
    var response = await api(path, { json: body, signal: opts.signal, key: opts.key, accept: "text/event-stream" });
    var record = { url: response.url, done: false };
    streams.push(record);
    var reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
    var text = "";
    var carry = "";
    function dispatch(block) {
      var type = "message", id = null, data = [];
      block.split("\n").forEach(function (line) {
        if (!line || line[0] === ":") return;
        var colon = line.indexOf(":");
        var field = colon < 0 ? line : line.slice(0, colon);
        var value = colon < 0 ? "" : line.slice(colon + 1).replace(/^ /, "");
        if (field === "event") type = value;
        else if (field === "data") data.push(value);
        else if (field === "id") id = value;
      });
      if (!data.length) return;
      var payload = data.join("\n");
      if (payload === "[DONE]") onEvent("done", null, id);  /* the OpenAI-compatible stream's end */
      else onEvent(type, JSON.parse(payload), id);
    }
    for (;;) {
      var chunk = await reader.read();
      if (chunk.done) break;
      var raw = carry + chunk.value;
      carry = raw.endsWith("\r") ? "\r" : "";
      text += (carry ? raw.slice(0, -1) : raw).replace(/\r\n?/g, "\n");
      var cut;
      while ((cut = text.indexOf("\n\n")) >= 0) {
        dispatch(text.slice(0, cut));
        text = text.slice(cut + 2);
      }
    }
    if (text.trim()) dispatch(text);
    record.done = true;
    console.debug("agentcore: stream read to its end: " + record.url);
  }

  function pretty(value) {
    try { return JSON.stringify(value, null, 1); } catch (ignored) { return String(value); }
  }

  var LABELS = {
    step_started: "Шаг",
    thought: "Мысль",
    tool_invoked: "Вызов инструмента",
    observation: "Наблюдение",
    client_tool: "Инструмент клиента",
    final: "Ответ",
    error: "Ошибка"
  };

  /* One rendered step event (data-testid="step"). */
  function renderStep(event) {
    var label = LABELS[event.type] || event.type;
    var body;
    if (event.type === "step_started") {
      label = "Шаг " + event.step + (event.max_steps ? " из " + event.max_steps : "");
      body = el("span", { className: "muted", text: "агент " + event.agent });
    } else if (event.type === "thought") {
      if (event.origin === "control") label = "Решение контроля";
      body = el("p", { className: "text", text: event.text });
    } else if (event.type === "tool_invoked" || event.type === "client_tool") {
      if (event.origin === "control") label = "Инструмент (контроль)";
      body = el("div", null, el("code", { className: "tool", text: event.tool }), el("pre", { className: "args", text: pretty(event.arguments) }));
    } else if (event.type === "observation") {
      var facts = (event.ok ? "" : "ошибка · ") + event.length + " симв. · " + Math.round(event.elapsed_ms) + " мс";
      body = el("details", null,
        el("summary", null, el("code", { className: "tool", text: event.tool }), " ", el("span", { className: "muted", text: facts })),
        el("pre", { className: "preview", text: event.error || event.preview }));
    } else if (event.type === "error") {
      body = el("p", { className: "text error", text: event.message });
    } else {
      body = el("pre", { className: "args", text: pretty(event) });
    }
    return el("li", { className: "step step-" + event.type + (event.origin === "control" ? " control" : ""), "data-testid": "step", "data-type": event.type },
      el("span", { className: "step-label", text: label }), body);
  }

  function StepView(list) {
    this.list = list;
  }
  StepView.prototype.add = function (event) {
    var item = renderStep(event);
    this.list.appendChild(item);
    return item;
  };
  StepView.prototype.clear = function () {
    this.list.replaceChildren();
  };

  /* The answer text with each [n] of a known citation as a button (data-testid="citation"). */
  function renderAnswer(container, text, citations, onCite) {
    var known = {};
    (citations || []).forEach(function (citation) { known[citation.index] = citation; });
    container.replaceChildren();
    String(text || "").split(/\n{2,}/).forEach(function (paragraph) {
      var p = el("p");
      var last = 0;
      paragraph.replace(/\[(\d+)\]/g, function (match, digits, offset) {
        var citation = known[Number(digits)];
        if (!citation) return match;
        p.appendChild(document.createTextNode(paragraph.slice(last, offset)));
        p.appendChild(el("button", {
          type: "button", className: "cite", "data-testid": "citation", "data-index": digits,
          "aria-label": "Источник " + digits + ": " + citation.title,
          onclick: function () { onCite(citation); }
        }, "[" + digits + "]"));
        last = offset + match.length;
        return match;
      });
      p.appendChild(document.createTextNode(paragraph.slice(last)));
      container.appendChild(p);
    });
  }

  /* «Ошибка: <message>» — unless the message already says it is one («Ошибка при запросе LLM: …» read «Ошибка: Ошибка
   * при запросе LLM: …»). */
  function failureText(message) {
    var text = String(message || "ошибка");
    return /^ошибк/i.test(text) ? text : "Ошибка: " + text;
  }

  function formatError(error) {
    if (error && error.name === "AbortError") return "Остановлено.";
    if (error && error.name === "ApiError") return error.message;
    return "Сеть недоступна или сервер не ответил.";
  }

  window.Console = {
    ApiError: ApiError,
    api: api,
    json: json,
    stream: stream,
    el: el,
    list: list,
    setStatus: setStatus,
    submitOnCtrlEnter: submitOnCtrlEnter,
    filled: filled,
    kept: kept,
    renderStep: renderStep,
    StepView: StepView,
    renderAnswer: renderAnswer,
    formatError: formatError,
    failureText: failureText,
    askToken: askToken,
    streams: streams
  };

  readFragmentKey();
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", setupDialog);
  else setupDialog();
})();
