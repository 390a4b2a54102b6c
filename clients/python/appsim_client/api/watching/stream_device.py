from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...types import Response, UNSET
from ... import errors

from ...models.device_dropped_message import DeviceDroppedMessage
from ...models.device_event_message import DeviceEventMessage
from ...models.problem import Problem
from ...types import UNSET, Unset
from typing import cast



def _get_kwargs(
    device_id: str,
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
        "url": "/v1/devices/{device_id}/stream".format(device_id=quote(str(device_id), safe=""),),
        "params": params,
    }


    _kwargs["headers"] = headers
    return _kwargs



def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> DeviceDroppedMessage | DeviceEventMessage | Problem | None:
    if response.status_code == 200:
        def _parse_response_200(data: object) -> DeviceDroppedMessage | DeviceEventMessage:
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                componentsschemas_device_stream_event_device_event_message = DeviceEventMessage.from_dict(data)



                return componentsschemas_device_stream_event_device_event_message
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            if not isinstance(data, dict):
                raise TypeError()
            componentsschemas_device_stream_event_device_dropped_message = DeviceDroppedMessage.from_dict(data)



            return componentsschemas_device_stream_event_device_dropped_message

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


def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[DeviceDroppedMessage | DeviceEventMessage | Problem]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    device_id: str,
    *,
    client: AuthenticatedClient | Client,
    after: int | Unset = UNSET,
    last_event_id: int | Unset = UNSET,

) -> Response[DeviceDroppedMessage | DeviceEventMessage | Problem]:
    """ Server-Sent Events of every event committed on the device.

     An endless `text/event-stream` (try `curl -N`). It opens with `retry: 1000` and a comment, then
    sends one
    message per committed event of the device, including the `timers` events of a realtime clock:
    `event: event`, `id:` the device's event seq, `data:` a `DeviceStreamMessage` (the EventResult
    without
    `result`). A comment line `: heartbeat` comes every 15 s so that proxies keep the connection open.

    To resume after a disconnect, send `Last-Event-ID` (browsers' EventSource does) or `?after=SEQ`: the
    events after it are first replayed from the device's event journal (`GET
    /v1/devices/{deviceId}/events`),
    as they were sent live (type, time, changes, and the callbacks their apps still keep, in the order
    they were
    sent), then live messages follow, without a gap or a duplicate. Events the journal no longer keeps
    are not
    replayed: an `event: dropped` message says first how many of the device's oldest events are gone (as
    the
    journal's `dropped`). An event stored before the journal existed (a database of an older appsim) is
    replayed
    from its callbacks, with `event.seq` only and empty `changes`. The stream closes when the server
    stops.

    A client that does not read falls behind: once 256 KiB wait for it (a replay longer than that too),
    the
    stream ends after whole messages and the comment `: the client fell behind; reconnect with Last-
    Event-ID to
    resume`; resuming from the last `id:` received misses nothing.

    Args:
        device_id (str):
        after (int | Unset):
        last_event_id (int | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[DeviceDroppedMessage | DeviceEventMessage | Problem]
     """


    kwargs = _get_kwargs(
        device_id=device_id,
after=after,
last_event_id=last_event_id,

    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)

def sync(
    device_id: str,
    *,
    client: AuthenticatedClient | Client,
    after: int | Unset = UNSET,
    last_event_id: int | Unset = UNSET,

) -> DeviceDroppedMessage | DeviceEventMessage | Problem | None:
    """ Server-Sent Events of every event committed on the device.

     An endless `text/event-stream` (try `curl -N`). It opens with `retry: 1000` and a comment, then
    sends one
    message per committed event of the device, including the `timers` events of a realtime clock:
    `event: event`, `id:` the device's event seq, `data:` a `DeviceStreamMessage` (the EventResult
    without
    `result`). A comment line `: heartbeat` comes every 15 s so that proxies keep the connection open.

    To resume after a disconnect, send `Last-Event-ID` (browsers' EventSource does) or `?after=SEQ`: the
    events after it are first replayed from the device's event journal (`GET
    /v1/devices/{deviceId}/events`),
    as they were sent live (type, time, changes, and the callbacks their apps still keep, in the order
    they were
    sent), then live messages follow, without a gap or a duplicate. Events the journal no longer keeps
    are not
    replayed: an `event: dropped` message says first how many of the device's oldest events are gone (as
    the
    journal's `dropped`). An event stored before the journal existed (a database of an older appsim) is
    replayed
    from its callbacks, with `event.seq` only and empty `changes`. The stream closes when the server
    stops.

    A client that does not read falls behind: once 256 KiB wait for it (a replay longer than that too),
    the
    stream ends after whole messages and the comment `: the client fell behind; reconnect with Last-
    Event-ID to
    resume`; resuming from the last `id:` received misses nothing.

    Args:
        device_id (str):
        after (int | Unset):
        last_event_id (int | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        DeviceDroppedMessage | DeviceEventMessage | Problem
     """


    return sync_detailed(
        device_id=device_id,
client=client,
after=after,
last_event_id=last_event_id,

    ).parsed

async def asyncio_detailed(
    device_id: str,
    *,
    client: AuthenticatedClient | Client,
    after: int | Unset = UNSET,
    last_event_id: int | Unset = UNSET,

) -> Response[DeviceDroppedMessage | DeviceEventMessage | Problem]:
    """ Server-Sent Events of every event committed on the device.

     An endless `text/event-stream` (try `curl -N`). It opens with `retry: 1000` and a comment, then
    sends one
    message per committed event of the device, including the `timers` events of a realtime clock:
    `event: event`, `id:` the device's event seq, `data:` a `DeviceStreamMessage` (the EventResult
    without
    `result`). A comment line `: heartbeat` comes every 15 s so that proxies keep the connection open.

    To resume after a disconnect, send `Last-Event-ID` (browsers' EventSource does) or `?after=SEQ`: the
    events after it are first replayed from the device's event journal (`GET
    /v1/devices/{deviceId}/events`),
    as they were sent live (type, time, changes, and the callbacks their apps still keep, in the order
    they were
    sent), then live messages follow, without a gap or a duplicate. Events the journal no longer keeps
    are not
    replayed: an `event: dropped` message says first how many of the device's oldest events are gone (as
    the
    journal's `dropped`). An event stored before the journal existed (a database of an older appsim) is
    replayed
    from its callbacks, with `event.seq` only and empty `changes`. The stream closes when the server
    stops.

    A client that does not read falls behind: once 256 KiB wait for it (a replay longer than that too),
    the
    stream ends after whole messages and the comment `: the client fell behind; reconnect with Last-
    Event-ID to
    resume`; resuming from the last `id:` received misses nothing.

    Args:
        device_id (str):
        after (int | Unset):
        last_event_id (int | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[DeviceDroppedMessage | DeviceEventMessage | Problem]
     """


    kwargs = _get_kwargs(
        device_id=device_id,
after=after,
last_event_id=last_event_id,

    )

    response = await client.get_async_httpx_client().request(
        **kwargs
    )

    return _build_response(client=client, response=response)

async def asyncio(
    device_id: str,
    *,
    client: AuthenticatedClient | Client,
    after: int | Unset = UNSET,
    last_event_id: int | Unset = UNSET,

) -> DeviceDroppedMessage | DeviceEventMessage | Problem | None:
    """ Server-Sent Events of every event committed on the device.

     An endless `text/event-stream` (try `curl -N`). It opens with `retry: 1000` and a comment, then
    sends one
    message per committed event of the device, including the `timers` events of a realtime clock:
    `event: event`, `id:` the device's event seq, `data:` a `DeviceStreamMessage` (the EventResult
    without
    `result`). A comment line `: heartbeat` comes every 15 s so that proxies keep the connection open.

    To resume after a disconnect, send `Last-Event-ID` (browsers' EventSource does) or `?after=SEQ`: the
    events after it are first replayed from the device's event journal (`GET
    /v1/devices/{deviceId}/events`),
    as they were sent live (type, time, changes, and the callbacks their apps still keep, in the order
    they were
    sent), then live messages follow, without a gap or a duplicate. Events the journal no longer keeps
    are not
    replayed: an `event: dropped` message says first how many of the device's oldest events are gone (as
    the
    journal's `dropped`). An event stored before the journal existed (a database of an older appsim) is
    replayed
    from its callbacks, with `event.seq` only and empty `changes`. The stream closes when the server
    stops.

    A client that does not read falls behind: once 256 KiB wait for it (a replay longer than that too),
    the
    stream ends after whole messages and the comment `: the client fell behind; reconnect with Last-
    Event-ID to
    resume`; resuming from the last `id:` received misses nothing.

    Args:
        device_id (str):
        after (int | Unset):
        last_event_id (int | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        DeviceDroppedMessage | DeviceEventMessage | Problem
     """


    return (await asyncio_detailed(
        device_id=device_id,
client=client,
after=after,
last_event_id=last_event_id,

    )).parsed
