from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...types import Response, UNSET
from ... import errors

from ...models.callback_message import CallbackMessage
from ...models.instance_dropped_message import InstanceDroppedMessage
from ...models.problem import Problem
from ...models.state_message import StateMessage
from ...types import UNSET, Unset
from typing import cast



def _get_kwargs(
    instance_id: str,
    *,
    after: int | Unset = UNSET,
    last_event_id: int | Unset = UNSET,

) -> dict[str, Any]:
    headers: dict[str, Any] = {}
    if not isinstance(last_event_id, Unset):
        headers["Last-Event-ID"] = str(last_event_id)




    

    params: dict[str, Any] = {}

    params["after"] = after


    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}


    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/v1/instances/{instance_id}/stream".format(instance_id=quote(str(instance_id), safe=""),),
        "params": params,
    }


    _kwargs["headers"] = headers
    return _kwargs



def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> CallbackMessage | InstanceDroppedMessage | StateMessage | Problem | None:
    if response.status_code == 200:
        def _parse_response_200(data: object) -> CallbackMessage | InstanceDroppedMessage | StateMessage:
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                componentsschemas_instance_stream_event_callback_message = CallbackMessage.from_dict(data)



                return componentsschemas_instance_stream_event_callback_message
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                componentsschemas_instance_stream_event_state_message = StateMessage.from_dict(data)



                return componentsschemas_instance_stream_event_state_message
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            if not isinstance(data, dict):
                raise TypeError()
            componentsschemas_instance_stream_event_instance_dropped_message = InstanceDroppedMessage.from_dict(data)



            return componentsschemas_instance_stream_event_instance_dropped_message

        response_200 = _parse_response_200(response.text)

        return response_200

    if response.status_code == 400:
        response_400 = Problem.from_dict(response.json())



        return response_400

    if response.status_code == 401:
        response_401 = Problem.from_dict(response.json())



        return response_401

    if response.status_code == 403:
        response_403 = Problem.from_dict(response.json())



        return response_403

    if response.status_code == 404:
        response_404 = Problem.from_dict(response.json())



        return response_404

    if response.status_code == 409:
        response_409 = Problem.from_dict(response.json())



        return response_409

    if response.status_code == 421:
        response_421 = Problem.from_dict(response.json())



        return response_421

    if response.status_code == 503:
        response_503 = Problem.from_dict(response.json())



        return response_503

    if client.raise_on_unexpected_status:
        raise errors.UnexpectedStatus(response.status_code, response.content)
    else:
        return None


def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[CallbackMessage | InstanceDroppedMessage | StateMessage | Problem]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    instance_id: str,
    *,
    client: AuthenticatedClient | Client,
    after: int | Unset = UNSET,
    last_event_id: int | Unset = UNSET,

) -> Response[CallbackMessage | InstanceDroppedMessage | StateMessage | Problem]:
    """ Server-Sent Events of the app's callbacks and state changes.

     An endless `text/event-stream` (try `curl -N`). It opens with `retry: 1000` and a comment, then
    sends,
    as each event is committed, every callback of the app (`event: callback`, `id:` its seq, `data:` the
    Callback) and then its state change, if any (`event: state`, no id, `data:` a `StateChangeMessage`).
    A comment line `: heartbeat` comes every 15 s.

    To resume after a disconnect, send `Last-Event-ID` (browsers' EventSource does) or `?after=SEQ`: the
    stored callbacks after it are replayed first (callbacks only, not state changes), then live messages
    follow, without a gap or a duplicate. When it resumes past history no longer kept (`--history-
    limit`), an
    `event: dropped` message (no id, `data: {"dropped": N}`, N as a callback page's `dropped`) comes
    first, and
    the replay starts at the oldest callback kept. The stream closes when the server stops.

    A client that does not read falls behind: once 256 KiB wait for it (a replay longer than that too),
    the
    stream ends after whole messages and the comment `: the client fell behind; reconnect with Last-
    Event-ID to
    resume`; resuming from the last `id:` received misses nothing.

    Args:
        instance_id (str):
        after (int | Unset):
        last_event_id (int | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[CallbackMessage | InstanceDroppedMessage | StateMessage | Problem]
     """


    kwargs = _get_kwargs(
        instance_id=instance_id,
after=after,
last_event_id=last_event_id,

    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)

def sync(
    instance_id: str,
    *,
    client: AuthenticatedClient | Client,
    after: int | Unset = UNSET,
    last_event_id: int | Unset = UNSET,

) -> CallbackMessage | InstanceDroppedMessage | StateMessage | Problem | None:
    """ Server-Sent Events of the app's callbacks and state changes.

     An endless `text/event-stream` (try `curl -N`). It opens with `retry: 1000` and a comment, then
    sends,
    as each event is committed, every callback of the app (`event: callback`, `id:` its seq, `data:` the
    Callback) and then its state change, if any (`event: state`, no id, `data:` a `StateChangeMessage`).
    A comment line `: heartbeat` comes every 15 s.

    To resume after a disconnect, send `Last-Event-ID` (browsers' EventSource does) or `?after=SEQ`: the
    stored callbacks after it are replayed first (callbacks only, not state changes), then live messages
    follow, without a gap or a duplicate. When it resumes past history no longer kept (`--history-
    limit`), an
    `event: dropped` message (no id, `data: {"dropped": N}`, N as a callback page's `dropped`) comes
    first, and
    the replay starts at the oldest callback kept. The stream closes when the server stops.

    A client that does not read falls behind: once 256 KiB wait for it (a replay longer than that too),
    the
    stream ends after whole messages and the comment `: the client fell behind; reconnect with Last-
    Event-ID to
    resume`; resuming from the last `id:` received misses nothing.

    Args:
        instance_id (str):
        after (int | Unset):
        last_event_id (int | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        CallbackMessage | InstanceDroppedMessage | StateMessage | Problem
     """


    return sync_detailed(
        instance_id=instance_id,
client=client,
after=after,
last_event_id=last_event_id,

    ).parsed

async def asyncio_detailed(
    instance_id: str,
    *,
    client: AuthenticatedClient | Client,
    after: int | Unset = UNSET,
    last_event_id: int | Unset = UNSET,

) -> Response[CallbackMessage | InstanceDroppedMessage | StateMessage | Problem]:
    """ Server-Sent Events of the app's callbacks and state changes.

     An endless `text/event-stream` (try `curl -N`). It opens with `retry: 1000` and a comment, then
    sends,
    as each event is committed, every callback of the app (`event: callback`, `id:` its seq, `data:` the
    Callback) and then its state change, if any (`event: state`, no id, `data:` a `StateChangeMessage`).
    A comment line `: heartbeat` comes every 15 s.

    To resume after a disconnect, send `Last-Event-ID` (browsers' EventSource does) or `?after=SEQ`: the
    stored callbacks after it are replayed first (callbacks only, not state changes), then live messages
    follow, without a gap or a duplicate. When it resumes past history no longer kept (`--history-
    limit`), an
    `event: dropped` message (no id, `data: {"dropped": N}`, N as a callback page's `dropped`) comes
    first, and
    the replay starts at the oldest callback kept. The stream closes when the server stops.

    A client that does not read falls behind: once 256 KiB wait for it (a replay longer than that too),
    the
    stream ends after whole messages and the comment `: the client fell behind; reconnect with Last-
    Event-ID to
    resume`; resuming from the last `id:` received misses nothing.

    Args:
        instance_id (str):
        after (int | Unset):
        last_event_id (int | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[CallbackMessage | InstanceDroppedMessage | StateMessage | Problem]
     """


    kwargs = _get_kwargs(
        instance_id=instance_id,
after=after,
last_event_id=last_event_id,

    )

    response = await client.get_async_httpx_client().request(
        **kwargs
    )

    return _build_response(client=client, response=response)

async def asyncio(
    instance_id: str,
    *,
    client: AuthenticatedClient | Client,
    after: int | Unset = UNSET,
    last_event_id: int | Unset = UNSET,

) -> CallbackMessage | InstanceDroppedMessage | StateMessage | Problem | None:
    """ Server-Sent Events of the app's callbacks and state changes.

     An endless `text/event-stream` (try `curl -N`). It opens with `retry: 1000` and a comment, then
    sends,
    as each event is committed, every callback of the app (`event: callback`, `id:` its seq, `data:` the
    Callback) and then its state change, if any (`event: state`, no id, `data:` a `StateChangeMessage`).
    A comment line `: heartbeat` comes every 15 s.

    To resume after a disconnect, send `Last-Event-ID` (browsers' EventSource does) or `?after=SEQ`: the
    stored callbacks after it are replayed first (callbacks only, not state changes), then live messages
    follow, without a gap or a duplicate. When it resumes past history no longer kept (`--history-
    limit`), an
    `event: dropped` message (no id, `data: {"dropped": N}`, N as a callback page's `dropped`) comes
    first, and
    the replay starts at the oldest callback kept. The stream closes when the server stops.

    A client that does not read falls behind: once 256 KiB wait for it (a replay longer than that too),
    the
    stream ends after whole messages and the comment `: the client fell behind; reconnect with Last-
    Event-ID to
    resume`; resuming from the last `id:` received misses nothing.

    Args:
        instance_id (str):
        after (int | Unset):
        last_event_id (int | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        CallbackMessage | InstanceDroppedMessage | StateMessage | Problem
     """


    return (await asyncio_detailed(
        instance_id=instance_id,
client=client,
after=after,
last_event_id=last_event_id,

    )).parsed
