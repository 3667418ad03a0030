"""Every Russian string the CRM orchestrator shows to a user (the seed gives meanings, not exact wording)."""

from __future__ import annotations

# Degradation mode (seed: "Режим деградации модели").
DEGRADED = (
    "Автоматические действия с CRM временно недоступны: модель не ответила или нарушила формат ответа. "
    "Я ничего не менял в Bitrix24. Повторите запрос позже, когда проблема будет устранена."
)

WRONG_AUTH_TYPE = (
    "Методы подписки на события (event.bind, event.get, event.unbind) Bitrix24 выполняет только в контексте "
    "приложения (OAuth), а агент подключён через входящий вебхук. Чтобы управлять подписками, настройте "
    "локальное приложение Bitrix24 (BITRIX_DOMAIN, BITRIX_ACCESS_TOKEN, BITRIX_REFRESH_TOKEN, BITRIX_CLIENT_ID, "
    "BITRIX_CLIENT_SECRET) или создайте исходящий вебхук в интерфейсе Bitrix24."
)

ERROR_HINTS = {
    "QUERY_LIMIT_EXCEEDED": "портал ограничил частоту запросов (QUERY_LIMIT_EXCEEDED), повторите позже",
    "OPERATION_TIME_LIMIT": "портал временно заблокировал метод из-за превышения лимита времени, повторите позже",
    "NO_AUTH_FOUND": "портал отклонил авторизацию (NO_AUTH_FOUND): проверьте BITRIX_WEBHOOK_URL",
    "INVALID_CREDENTIALS": "у пользователя вебхука нет прав на это действие (INVALID_CREDENTIALS)",
    "insufficient_scope": "у вебхука нет нужных прав (insufficient_scope): добавьте право crm в его настройках",
    "expired_token": "токен доступа OAuth истёк и не обновился: проверьте BITRIX_REFRESH_TOKEN, BITRIX_CLIENT_ID, "
    "BITRIX_CLIENT_SECRET",
    "invalid_grant": "OAuth-сервер отклонил обновление токена (invalid_grant): получите новые токены приложения",
    "ERROR_METHOD_NOT_FOUND": "портал не знает такого метода (ERROR_METHOD_NOT_FOUND)",
    "ACCESS_DENIED": "доступ запрещён (ACCESS_DENIED)",
}

CONFIRM_HINT = "Подтвердить? (да/нет)"
CONFIRM_HINT_MANY = (
    "Подтвердить? Ответьте «да c<номер>» (или «да, все»), чтобы выполнить, либо «нет c<номер>», чтобы отменить."
)
AMBIGUOUS_DECISION = "Ожидают подтверждения несколько действий — уточните номер: например, «да c{first}» или «да, все»."
CONFLICTING_DECISION = (
    "Не понял решение: в сообщении и «да», и «нет». Ничего не выполнено — ответьте отдельно, например «да {id}» "
    "или «нет {id}»."
)
NOT_AN_APPROVAL = (
    "Это не подтверждение: {ids} по-прежнему ждёт явного ответа — «да», чтобы выполнить, или «нет», чтобы отменить."
)
MIXED_APPROVAL = "Подтверждение {id} пришло вместе с отказом в тексте — не выполняю: это не явное «да»."
ALTERED_DECISION = (
    "Решение по {id} не принято: действие отличается от того, что ждёт подтверждения (страница устарела или "
    "запрос изменён). Ничего не выполнено — обновите список и решите заново."
)
UNKNOWN_CONFIRMATION = "Запрос {id} не ожидает подтверждения (он устарел, уже выполнен, отклонён или не существует)."
EXPIRED = "Запрос {id} ({method}) устарел и отменён: повторите команду, если действие ещё нужно."
DENIED = "Отменено: {id} ({method}). В Bitrix24 ничего не отправлено."
NEEDS_CONFIRMATION = "Требуется подтверждение {id}: {summary}."
STILL_PENDING = "Ждёт подтверждения {id}: {summary}."
FORGED = (
    "Шаг {method} помечен моделью как подтверждённый, но вы его не подтверждали в таком виде — "
    "не выполняю, запрос поставлен на подтверждение."
)
FORBIDDEN = "Не выполнено: {method} — {reason}."
PLANNED = "Режим shadow: {method} не выполняется, шаг сохранён в плане."
DUPLICATE = "{method}: уже выполнено по вашему подтверждению."
FAILED = "Ошибка Bitrix24 при вызове {method}: {error}."
NOT_FOUND = "{entity}{number} {found} в Bitrix24 — возможно, запись удалена или номер указан неверно."
NOT_FOUND_ANY = "Bitrix24 не нашёл запись ({method}) — возможно, она удалена или номер указан неверно."
STATE_UNAVAILABLE = "Хранилище состояния недоступно, запрос не обработан. Повторите попытку позже."
RETRY_LATER = (
    "Запрос {id} подтверждён, но не выполнен: {reason}. Он остаётся подтверждённым и будет повторён при вашем "
    "следующем сообщении (ответьте «нет», чтобы отменить)."
)
NOT_REQUESTABLE = "Запрос не принят: {reason}. На подтверждение ничего не поставлено, в Bitrix24 ничего не отправлено."
NOT_RUNNABLE = "Не выполнено: {reason}. В Bitrix24 ничего не отправлено."
STALE_REQUEST = "Запрос {id} не выполнен: {changes}. Ничего не записано, чтобы не затереть это изменение."
STALE_CHANGE = "{record} после запроса — {fields}"
STALE_RESHOWN = "Тот же запрос с новым «Было» — {id}: подтвердите его, если изменение ещё нужно."
RETRY_CANCELLED = "Повтор запроса {id} ({method}) отменён. В Bitrix24 ничего не отправлено."
TURN_DEADLINE = "Не успел за {seconds:g} с (AGENTCORE_CRM_TURN_DEADLINE): {what}."
