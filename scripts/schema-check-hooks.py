"""scripts/schema-check's additions to schemathesis: waits kept short, and a 422 to a request openapi.yaml allows
accepted only when the server's state, which the request cannot know, is the reason."""

import json
import re

import schemathesis

# What the server and Python read as the same number of seconds: digits, an optional fraction and exponent.
_PLAIN_NUMBER = re.compile(r"[+-]?([0-9]+\.?[0-9]*|\.[0-9]+)([eE][+-]?[0-9]+)?")
_SHORT_WAIT = 0.2


@schemathesis.hook
def before_call(context, case, kwargs):
    """Shortens a wait the spec allows (`timeout`, `wait`: 0–300 s) to 0.2 s, so that a run takes minutes, not
    hours: the check is about the answer (the state reached, a 408, an empty page), not about the waiting. A value
    the spec refuses is sent as it was generated, and refused at once."""
    query = case.query
    if not query:
        return
    if ("waitFor" in query or "waitForForeground" in query) and "timeout" not in query:
        query["timeout"] = _SHORT_WAIT  # rather than the default of 30 s
    for name in ("timeout", "wait"):
        value = query.get(name)
        if value is None or isinstance(value, bool) or not _PLAIN_NUMBER.fullmatch(str(value)):
            continue
        if _SHORT_WAIT < float(value) <= 300:
            query[name] = _SHORT_WAIT


@schemathesis.check
def valid_requests_refused_only_for_state(ctx, response, case):
    """A request openapi.yaml allows may be refused with 422 only for what the server holds: an app that does not
    declare the URL scheme or background mode the event needs (`event-unusable`), an install on a device that
    does not exist, or a progress report whose `completed` passes its `total`. Any other 422 (`invalid-field`) means the spec allows what the server refuses. Two limits count
    bytes, which a schema cannot state (its lengths count characters): a push payload over 4096 bytes of JSON text,
    and a task identifier (`info.taskIdentifiers`) over 255 bytes of UTF-8."""
    meta = case.meta
    if meta is None or not meta.generation.mode.is_positive or response.status_code != 422:
        return None
    try:
        problem = response.json()
    except ValueError:
        raise AssertionError("a 422 without problem JSON")
    slug = str(problem.get("type", "")).rsplit(":", 1)[-1]
    field = problem.get("field")
    if slug == "event-unusable":
        return None
    if slug == "invalid-field" and field == "device" and case.operation.path == "/v1/instances":
        return None
    if slug == "invalid-field" and field == "payload" and isinstance(case.body, dict):
        size = len(json.dumps(case.body.get("payload"), separators=(",", ":"), ensure_ascii=False).encode())
        if size > 4096:
            return None
    # reportProgress: `completed` may not pass `total`, a rule between two fields that a schema cannot state.
    if slug == "invalid-field" and field == "completed" and isinstance(case.body, dict):
        completed, total = case.body.get("completed"), case.body.get("total")
        if isinstance(completed, (int, float)) and isinstance(total, (int, float)) and completed > total:
            return None
    if slug == "invalid-field" and field == "info.taskIdentifiers" and isinstance(case.body, dict):
        identifiers = (case.body.get("info") or {}).get("taskIdentifiers") or []
        if any(isinstance(i, str) and len(i.encode()) > 255 for i in identifiers):
            return None
    raise AssertionError(
        f"openapi.yaml allows this request, but the server refused it: 422 {slug} "
        f"(field {field!r}): {problem.get('detail')}"
    )
