"""A change is put up for the user's «да», or run, only when it can run: its fields exist and so does its record.

A request for a field the entity does not have (``confirmed: true`` sent as a field, a typo) would be shown, approved
and then written as a stray field by a lenient portal (the fake one) or silently dropped by Bitrix24; a request for a
record that does not exist fails only after the user approved it.  Both are refused when the change is requested —
for a step of the model (``POST /chat``, the CLI) and for a change another system asks for (the MCP tool
``crm_request_change``) alike, in the orchestrator (:meth:`~agentcore.apps.crm.orchestrator.Orchestrator`).

The same check guards a write the policy runs without asking (an update of non-critical fields) and every
sub-command of a ``batch`` (the first one that cannot run names the whole batch's problem, by its key).

The entity's fields come from ``crm.<entity>.fields`` (cached for :data:`FIELDS_TTL` seconds); the record from
``crm.<entity>.get``; a pipeline's stages from the shared :class:`~.stages.StageDirectory`.  A read that fails for
another reason than «Not found» refuses nothing: the request goes on as before (the check must not make the portal's
hiccup a refusal).
"""

from __future__ import annotations

import re
import time
from typing import Any

from agentcore.apps.crm.batch_commands import BatchParseError, parse_batch, resolved_params
from agentcore.apps.crm.bitrix.errors import BitrixError
from agentcore.apps.crm.confirm_text import as_data
from agentcore.apps.crm.params import param
from agentcore.apps.crm.phpquery import build_query, parse_query
from agentcore.apps.crm.reads import Read
from agentcore.apps.crm.stages import StageDirectory, pipeline_of_code
from agentcore.apps.crm.value_check import field_title, value_problem

__all__ = ["FIELDS_TTL", "RequestChecker"]

FIELDS_TTL = 300.0
_CHANGE = re.compile(r"^crm\.(deal|contact|company)\.(add|update|delete)$")
_NAMES = {
    # kind: (genitive for «у сделки нет поля», the record not found)
    "deal": ("сделки", "Сделка #{id} не найдена в Bitrix24"),
    "contact": ("контакта", "Контакт #{id} не найден в Bitrix24"),
    "company": ("компании", "Компания #{id} не найдена в Bitrix24"),
}


class RequestChecker:
    """Why a requested change cannot run (:meth:`problem`); caches each entity's fields (for ``ttl`` seconds) and
    reads the deal stages through ``stages`` (the turn's shared :class:`~.stages.StageDirectory`)."""

    def __init__(self, ttl: float = FIELDS_TTL, stages: StageDirectory | None = None) -> None:
        self.ttl = ttl
        self.stages = stages or StageDirectory(ttl)
        self._specs: dict[str, tuple[float, dict[str, dict[str, Any]]]] = {}

    async def problem(
        self, method: str, params: dict[str, Any], read: Read, http_method: str | None = None
    ) -> str | None:
        """The Russian reason a ``crm.{deal,contact,company}.{add,update,delete}`` cannot be requested or run — a
        field the entity does not have, a value its field's type cannot take (:mod:`.value_check`; a deal stage the
        pipeline does not have), or a record that does not exist — or None (also for other methods and
        whenever the portal could not tell).  A ``batch`` is judged command by command («команда «k» пакета: …»).
        A ``GET`` step is judged as the query string the portal decodes (as the policy does)."""
        if (http_method or "").strip().upper() == "GET":
            params = parse_query(build_query(params))
        if method.strip().lower() == "batch":
            return await self._batch_problem(params, read)
        match = _CHANGE.match(method.strip().lower())
        if match is None:
            return None
        kind, action = match.groups()
        genitive, missing = _NAMES[kind]
        fields = param(params, "fields")
        if action in ("add", "update") and isinstance(fields, dict) and fields:
            specs = await self._field_specs(kind, read)
            if specs:
                unknown = [str(code) for code in fields if str(code).strip().upper() not in specs]
                if unknown:
                    listed = ", ".join(as_data(code, limit=60) for code in unknown[:10])
                    many = len(unknown) > 1
                    return f"у {genitive} нет {'полей' if many else 'поля'} {listed} (см. crm.{kind}.fields)"
                wrong = await self._value_problem(kind, fields, specs, read)
                if wrong is not None:
                    return wrong
        record_id = str(param(params, "id", "")).strip()
        if action in ("update", "delete") and record_id.isascii() and record_id.isdigit():
            try:
                await read(f"crm.{kind}.get", {"id": record_id})
            except BitrixError as exc:
                if (exc.description or "").strip().rstrip(".").lower() == "not found":
                    return missing.format(id=record_id)
        return None

    async def _batch_problem(self, params: dict[str, Any], read: Read) -> str | None:
        """The first sub-command of a batch that cannot run, said with its key.  A ``cmd`` that cannot be read, a
        nested batch and a command with a ``$result`` reference in its method or a param name are the policy's to
        judge (it refuses or asks about them).  A record id the batch resolves before running (``$result[g][ID]`` of
        ``crm.deal.get?id=1``) is looked up as a direct one (:func:`~.batch_commands.resolved_params`); another
        reference as a record id is not."""
        try:
            commands = parse_batch(params)
        except BatchParseError:
            return None
        for command in commands:
            if command.method == "batch" or any(r.where in ("method", "name") for r in command.references):
                continue
            problem = await self.problem(command.method, resolved_params(command), read)
            if problem is not None:
                return f"команда {as_data(command.key, limit=40)} пакета: {problem}"
        return None

    async def _value_problem(
        self, kind: str, fields: dict[str, Any], specs: dict[str, dict[str, Any]], read: Read
    ) -> str | None:
        """The first value that does not fit its field's type (:func:`~.value_check.value_problem`), or a deal
        stage the pipeline does not have."""
        for code, value in fields.items():
            upper = str(code).strip().upper()
            spec = specs.get(upper, {})
            problem = value_problem(upper, value, spec)
            if problem is None and kind == "deal" and upper == "STAGE_ID":
                problem = await self._stage_problem(value, spec, read)
            if problem is not None:
                return problem
        return None

    async def _stage_problem(self, value: Any, spec: dict[str, Any], read: Read) -> str | None:
        """A stage code its pipeline (``C<n>:`` prefix, else the main one) does not have; None when it has it, the
        value is empty or a reference, or the stages cannot be read."""
        text = str(value).strip() if isinstance(value, str | int) and not isinstance(value, bool) else ""
        if not text or "$" in text:
            return None
        try:
            stages = [stage.code for stage in await self.stages.stages(pipeline_of_code(text), read)]
        except BitrixError:
            return None
        if not stages or text in stages:
            return None
        known = ", ".join(as_data(code, quote=False, limit=40) for code in stages[:12])
        return (
            f"значение {as_data(text, limit=60)} не подходит полю {field_title('STAGE_ID', spec)}: "
            f"такой стадии нет в воронке (есть: {known})"
        )

    async def _field_specs(self, kind: str, read: Read) -> dict[str, dict[str, Any]]:
        """The entity's fields by upper-case code, as ``crm.<entity>.fields`` describes them (cached)."""
        cached = self._specs.get(kind)
        if cached is not None and time.monotonic() - cached[0] < self.ttl:
            return cached[1]
        try:
            result = (await read(f"crm.{kind}.fields", {})).get("result")
        except BitrixError:
            return {}
        specs = (
            {str(code).strip().upper(): spec if isinstance(spec, dict) else {} for code, spec in result.items()}
            if isinstance(result, dict)
            else {}
        )
        if specs:
            self._specs[kind] = (time.monotonic(), specs)
        return specs
