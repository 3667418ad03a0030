"""Sprint charts as SVG, drawn on the server from the dashboard's data (``backend/dashboard.py``).

``GET /scrum/teams/{team}/charts/burndown.svg`` and ``…/velocity.svg`` answer these; the web console inlines them
and ``curl`` gets the same picture.  Why server-side SVG and not a vendored chart library: two static charts need
no interactivity, a few dozen lines of Python draw them, the page ships no chart code (the console's asset budget),
the SVG is the same for every client and is tested without a browser.  Everything drawn is text-escaped; colours
are attributes (no ``style``), so the page's CSP holds; each chart has ``role="img"``, a ``<title>`` and a
``<desc>`` stating its numbers for a screen reader.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any
from xml.sax.saxutils import escape

__all__ = ["burndown_svg", "velocity_svg"]

WIDTH, HEIGHT = 640, 280
LEFT, RIGHT, TOP, BOTTOM = 48, 16, 16, 44
INK, GRID, ACTUAL, IDEAL, BAR = "#14181f", "#d3d8e0", "#1f4e8c", "#6b7280", "#1d6b35"


def _day_label(iso: str) -> str:
    """``2026-03-11`` → ``11.03``."""
    parts = iso.split("-")
    return f"{parts[2]}.{parts[1]}" if len(parts) == 3 else iso


def _frame(title: str, desc: str, body: list[str], testid: str) -> str:
    return "\n".join(
        [
            f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {WIDTH} {HEIGHT}" role="img" '
            f'aria-labelledby="{testid}-title {testid}-desc" data-testid="{testid}" class="chart">',
            f'<title id="{testid}-title">{escape(title)}</title>',
            f'<desc id="{testid}-desc">{escape(desc)}</desc>',
            *body,
            "</svg>",
        ]
    )


def _axes(top_value: float, labels: Sequence[str], x_of: Any) -> list[str]:
    """The y grid (0, ½, max) with values and every n-th x label so that they do not overlap."""
    plot_h = HEIGHT - TOP - BOTTOM
    out = []
    for fraction in (0.0, 0.5, 1.0):
        y = TOP + plot_h * (1 - fraction)
        value = top_value * fraction
        text = f"{value:g}" if value == int(value) else f"{value:.1f}"
        out.append(f'<line x1="{LEFT}" y1="{y:.1f}" x2="{WIDTH - RIGHT}" y2="{y:.1f}" stroke="{GRID}"/>')
        out.append(
            f'<text x="{LEFT - 6}" y="{y + 4:.1f}" text-anchor="end" font-size="12" fill="{INK}">{escape(text)}</text>'
        )
    step = max(1, -(-len(labels) // 10))
    for index, label in enumerate(labels):
        if index % step and index != len(labels) - 1:
            continue
        out.append(
            f'<text x="{x_of(index):.1f}" y="{HEIGHT - BOTTOM + 18}" text-anchor="middle" font-size="12" '
            f'fill="{INK}">{escape(_day_label(label))}</text>'
        )
    return out


def burndown_svg(data: dict[str, Any], team_name: str = "") -> str:
    """The burndown: remaining story points per day (solid) against the ideal line (dashed)."""
    days = list(data.get("days") or [])
    total = float(data.get("total_points") or 0)
    top = max([total, *[float(d["remaining"]) for d in days if d.get("remaining") is not None], 1.0])
    plot_w, plot_h = WIDTH - LEFT - RIGHT, HEIGHT - TOP - BOTTOM
    span = max(len(days) - 1, 1)

    def x_of(index: int) -> float:
        return LEFT + plot_w * index / span

    def y_of(value: float) -> float:
        return TOP + plot_h * (1 - value / top)

    body = _axes(top, [d["date"] for d in days], x_of)
    ideal = " ".join(f"{x_of(i):.1f},{y_of(float(d['ideal'])):.1f}" for i, d in enumerate(days))
    if ideal:
        body.append(
            f'<polyline points="{ideal}" fill="none" stroke="{IDEAL}" stroke-width="2" stroke-dasharray="6 4"/>'
        )
    actual = [(i, float(d["remaining"])) for i, d in enumerate(days) if d.get("remaining") is not None]
    if actual:
        points = " ".join(f"{x_of(i):.1f},{y_of(v):.1f}" for i, v in actual)
        body.append(f'<polyline points="{points}" fill="none" stroke="{ACTUAL}" stroke-width="3"/>')
        body += [f'<circle cx="{x_of(i):.1f}" cy="{y_of(v):.1f}" r="3.5" fill="{ACTUAL}"/>' for i, v in actual]
    legend_y = HEIGHT - 8
    body += [
        f'<line x1="{LEFT}" y1="{legend_y - 4}" x2="{LEFT + 24}" y2="{legend_y - 4}" stroke="{ACTUAL}" '
        'stroke-width="3"/>',
        f'<text x="{LEFT + 30}" y="{legend_y}" font-size="12" fill="{INK}">осталось, story points</text>',
        f'<line x1="{LEFT + 200}" y1="{legend_y - 4}" x2="{LEFT + 224}" y2="{legend_y - 4}" stroke="{IDEAL}" '
        'stroke-width="2" stroke-dasharray="6 4"/>',
        f'<text x="{LEFT + 230}" y="{legend_y}" font-size="12" fill="{INK}">идеальная линия</text>',
    ]
    last = actual[-1][1] if actual else total
    title = "Burndown спринта" + (f" — {team_name}" if team_name else "")
    desc = (
        f"Объём спринта {total:g} story points; осталось {last:g} на {_day_label(days[actual[-1][0]]['date'])}."
        if actual
        else f"Объём спринта {total:g} story points; данных за прошедшие дни нет."
    )
    return _frame(title, desc, body, "burndown")


def velocity_svg(data: dict[str, Any], team_name: str = "") -> str:
    """Velocity: story points done per sprint day (bars) and the team's velocity, story points per working day
    (a line)."""
    days = list(data.get("days") or [])
    average = float(data.get("points_per_working_day") or 0)
    top = max([float(d["points"]) for d in days] + [average, 1.0])
    plot_w, plot_h = WIDTH - LEFT - RIGHT, HEIGHT - TOP - BOTTOM
    slot = plot_w / max(len(days), 1)

    def x_of(index: int) -> float:
        return LEFT + slot * (index + 0.5)

    def y_of(value: float) -> float:
        return TOP + plot_h * (1 - value / top)

    body = _axes(top, [d["date"] for d in days], x_of)
    for index, day in enumerate(days):
        points = float(day["points"])
        if points <= 0:
            continue
        y = y_of(points)
        body.append(
            f'<rect x="{x_of(index) - slot * 0.35:.1f}" y="{y:.1f}" width="{slot * 0.7:.1f}" '
            f'height="{TOP + plot_h - y:.1f}" fill="{BAR}"><title>{escape(_day_label(day["date"]))}: '
            f"{points:g} SP, задач {int(day.get('tasks') or 0)}</title></rect>"
        )
    if days:
        y = y_of(average)
        body.append(
            f'<line x1="{LEFT}" y1="{y:.1f}" x2="{WIDTH - RIGHT}" y2="{y:.1f}" stroke="{ACTUAL}" stroke-width="2" '
            'stroke-dasharray="4 3"/>'
        )
    legend_y = HEIGHT - 8
    body += [
        f'<rect x="{LEFT}" y="{legend_y - 10}" width="14" height="10" fill="{BAR}"/>',
        f'<text x="{LEFT + 20}" y="{legend_y}" font-size="12" fill="{INK}">сделано за день, story points</text>',
        f'<line x1="{LEFT + 240}" y1="{legend_y - 4}" x2="{LEFT + 264}" y2="{legend_y - 4}" stroke="{ACTUAL}" '
        'stroke-width="2" stroke-dasharray="4 3"/>',
        f'<text x="{LEFT + 270}" y="{legend_y}" font-size="12" fill="{INK}">'
        f"в среднем {average:g} в рабочий день</text>",
    ]
    title = "Скорость команды" + (f" — {team_name}" if team_name else "")
    done = float(data.get("points_done") or 0)
    worked = int(data.get("working_days") or 0)
    desc = f"Сделано {done:g} story points за {worked} раб. дн., в среднем {average:g} SP в рабочий день."
    return _frame(title, desc, body, "velocity")
