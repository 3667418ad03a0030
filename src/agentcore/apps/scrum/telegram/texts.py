"""What the bot says (Russian; seed 003's wording where it has one, via the backend's flows)."""

from __future__ import annotations

COMMANDS: tuple[tuple[str, str], ...] = (
    ("start", "что умеет бот и как вступить в команду"),
    ("join", "вступить в команду: /join <команда> [имя] [DEV|QA]"),
    ("newteam", "создать команду (ты — её тимлид): /newteam <команда> [имя] [DEV|QA]"),
    ("daily", "написать daily"),
    ("digest", "мой дайджест (в группе — дайджест команды)"),
    ("faq", "вопрос о Scrum: /faq <вопрос>"),
    ("stats", "аналитика для тимлида: /stats <вопрос>"),
    ("remind", "расписание напоминаний: /remind ЧЧ:ММ [дни] [часовой пояс]"),
    ("lead", "передать роль тимлида: /lead @username"),
    ("tz", "мой часовой пояс: /tz Europe/Moscow"),
    ("leave", "выйти из команды"),
    ("help", "справка: что умеет бот (то же, что /start)"),
)
"""Registered with ``setMyCommands`` (Russian descriptions)."""

START = (
    "Привет! Я Scrum-бот команды: собираю daily, переспрашиваю, если чего-то не хватает, "
    "слежу за блокерами и напоминаю о daily.\n\n"
    "Как начать:\n"
    "• /join <команда> [имя] [DEV|QA] — вступить в команду;\n"
    "• /newteam <команда> [имя] [DEV|QA] — создать новую команду (ты станешь её тимлидом);\n"
    "• дальше просто пиши мне daily: что сделал вчера, что планируешь сегодня, есть ли блокеры (с ID задач).\n\n"
    "Ещё: /digest — дайджест, /faq <вопрос> — о Scrum, /stats <вопрос> — аналитика для тимлида, "
    "/remind ЧЧ:ММ [дни] [пояс] — расписание напоминаний (тимлид), /tz — мой часовой пояс, /leave — выйти."
)
JOIN_USAGE = "Напиши так: /join <команда> [имя] [DEV|QA], например: /join core Анна DEV"
NEW_TEAM_USAGE = "Напиши так: /newteam <команда> [имя] [DEV|QA], например: /newteam core Анна DEV"
NEW_TEAM_PRIVATE = "Новую команду создают в личном чате со мной: /newteam <команда> [имя] [DEV|QA]"
NO_TEAM = "Команды «{team}» нет. Создать новую команду: /newteam {team} [имя] [DEV|QA] — ты станешь её тимлидом."
NO_TEAM_CLOSE = (
    "Команды «{team}» нет. Может быть, «{close}»? Вступить: /join {close}. "
    "Если нужна новая команда — /newteam {team} [имя] [DEV|QA]."
)
TEAM_EXISTS = "Команда «{team}» уже есть — вступить в неё: /join {team}"
BAD_TEAM = "ID команды — латиница в нижнем регистре, цифры, «-» и «_» (до 64 символов), например: core"
JOINED = "Готово: ты в команде «{team}» как {name} ({role}).{lead} Теперь просто пиши мне daily."
JOINED_LEAD = " Команда новая — ты её тимлид: /remind задаёт расписание напоминаний."
JOINED_FIRST_LEAD = " У команды ещё не было тимлида в Telegram — теперь это ты: /remind задаёт расписание напоминаний."
ALREADY = "Ты уже в команде «{team}» как {name}."
NOT_MEMBER = "Сначала вступи в команду: /join <команда> [имя]"
LEFT = "Ты вышел из команды «{team}». Вернуться: /join {team}"
LEAD_ONLY = "Это может сделать только тимлид команды."
LEAD_USAGE = "Напиши так: /lead @username (участник должен уже быть в команде)"
LEAD_UNKNOWN = "В команде нет участника @{username}: пусть сначала напишет мне /join {team}"
LEAD_SET = "Тимлид команды «{team}» теперь {name}."
DAILY_PROMPT = (
    "Напиши daily одним сообщением: что сделал вчера, что планируешь сегодня, есть ли блокеры (желательно с ID задач)."
)
ACCEPTED = "Принял daily, спасибо!"
ACCEPTED_BLOCKERS = " Блокеров: {count} — завтра спрошу, сняты ли они."
FAQ_USAGE = "Напиши вопрос после команды: /faq что такое спринт?"
STATS_USAGE = "Напиши вопрос после команды: /stats какие риски у команды?"
REMIND_USAGE = (
    "Напиши так: /remind ЧЧ:ММ [дни] [часовой пояс], например: /remind 09:30 пн-пт Europe/Moscow\n"
    "Дни: пн-пт, будни, ежедневно, пн,ср,пт. Пояс: Europe/Moscow, UTC+3, МСК."
)
REMIND_SET = "Напоминания команды «{team}»: {time} ({days}), часовой пояс {tz}. Дайджест — в {digest} в группе команды."
TZ_USAGE = "Напиши так: /tz Europe/Moscow (или UTC+3, МСК); /tz команда — пояс команды."
TZ_SET = "Твой часовой пояс: {tz}."
REMINDER = "Напоминание: жду твой daily за {date}. Что сделал вчера, что планируешь сегодня, есть ли блокеры?"
FOLLOWUP = "{subject} всё ещё блокирует?"
FOLLOWUP_RESOLVED = "Отметил: блокер снят — {subject}."
FOLLOWUP_STILL = "Понял, блокер остаётся — {subject}. Спрошу снова завтра."
FOLLOWUP_GONE = "Этот блокер уже закрыт."
# The name stays in the nominative («у Борис» read wrong): the person after a dash, not after «у».
ESCALATION = "⚠️ {severity} блокер — {name}, команда «{team}»: {subject}"
"""The first line of an escalation to the lead; the second says why (``backend.notifier.REASON_LINE``)."""
SEVERITY = {"critical": "Критический", "high": "Серьёзный", "medium": "Средний", "low": "Некритичный"}
DIGEST_TEAM_HEADER = "Дайджест команды «{team}» за {date}"
DIGEST_NOBODY = "Сегодня daily ещё никто не прислал."
DIGEST_MISSING = "Без daily: {names}."
GROUP_BOUND = "Эта группа — чат команды «{team}»: сюда придёт дайджест команды."
TEXT_ONLY = "Я читаю только текст — напиши daily или вопрос обычным сообщением."
GROUP_PRIVATE = "Daily пиши мне в личные сообщения — в группе я отвечаю только на команды и упоминания."
GROUP_NO_TEAM = "Группа не привязана к команде: тимлид пишет здесь /join <команда>."
UNAVAILABLE = "Сейчас не получается ответить: {reason}"
SAME_AS_YESTERDAY = "то же, что вчера"
NO_BLOCKERS = "блокеров нет"
NO_TASK = "без задачи"
RESOLVED = "снят"
STILL = "всё ещё"
BUTTON_STALE = "Этот вопрос уже не актуален."
UNKNOWN_COMMAND = "Не знаю команду {command}. Мои команды — в /start."
FAILED = "Не получилось обработать сообщение: попробуй ещё раз чуть позже."
