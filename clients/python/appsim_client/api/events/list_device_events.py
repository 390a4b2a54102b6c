from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...types import Response, UNSET
from ... import errors

from ...models.journal_page import JournalPage
from ...models.problem import Problem
from ...types import UNSET, Unset
from typing import cast



def _get_kwargs(
    device_id: str,
    *,
    after: int | Unset = 0,
    limit: int | Unset = 100,

) -> dict[str, Any]:
    

    

    params: dict[str, Any] = {}

    params["after"] = after

    params["limit"] = limit


    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}


    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/v1/devices/{device_id}/events".format(device_id=quote(str(device_id), safe=""),),
        "params": params,
    }


    return _kwargs



def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> JournalPage | Problem | None:
    if response.status_code == 200:
        response_200 = JournalPage.from_dict(response.json())



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


def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[JournalPage | Problem]:
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
    after: int | Unset = 0,
    limit: int | Unset = 100,

) -> Response[JournalPage | Problem]:
    """ The device's event journal, in order.

     Every event the device and its apps accepted, oldest first, after `after`: what was posted (`body`),
    when
    (`at`), which app it was for, the state changes it made, the callbacks it caused (by instance and
    seq; read
    them whole from `/v1/instances/{instanceId}/callbacks`) and its `result`. Refused events are not in
    it, as
    they changed nothing; the `timers` of a realtime clock are, with no body. Seqs are the device's
    event seqs:
    an event's `seq` is the `event` of its callbacks and the `id:` of its device stream message.

    Each app keeps its newest callbacks (`--history-limit`); the journal keeps every event from the
    oldest one
    whose callbacks any app of the device still keeps (and, until the next trim, those of an app
    uninstalled
    since), and of those at most the device's newest `--history-limit × apps` events (`--history-limit`
    for a
    device without apps), so that events that reach no app (edits, a clock moved on a device whose apps
    never run)
    do not pile up; `dropped` counts the older events it no longer keeps. So a kept entry can name
    callbacks that
    their app has already dropped (a busy app beside a quiet one), which that app's callbacks page
    counts in its
    own `dropped`. Pass the reply's `next` as `after` for the following page.

    Args:
        device_id (str):
        after (int | Unset):  Default: 0.
        limit (int | Unset):  Default: 100.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[JournalPage | Problem]
     """


    kwargs = _get_kwargs(
        device_id=device_id,
after=after,
limit=limit,

    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)

def sync(
    device_id: str,
    *,
    client: AuthenticatedClient | Client,
    after: int | Unset = 0,
    limit: int | Unset = 100,

) -> JournalPage | Problem | None:
    """ The device's event journal, in order.

     Every event the device and its apps accepted, oldest first, after `after`: what was posted (`body`),
    when
    (`at`), which app it was for, the state changes it made, the callbacks it caused (by instance and
    seq; read
    them whole from `/v1/instances/{instanceId}/callbacks`) and its `result`. Refused events are not in
    it, as
    they changed nothing; the `timers` of a realtime clock are, with no body. Seqs are the device's
    event seqs:
    an event's `seq` is the `event` of its callbacks and the `id:` of its device stream message.

    Each app keeps its newest callbacks (`--history-limit`); the journal keeps every event from the
    oldest one
    whose callbacks any app of the device still keeps (and, until the next trim, those of an app
    uninstalled
    since), and of those at most the device's newest `--history-limit × apps` events (`--history-limit`
    for a
    device without apps), so that events that reach no app (edits, a clock moved on a device whose apps
    never run)
    do not pile up; `dropped` counts the older events it no longer keeps. So a kept entry can name
    callbacks that
    their app has already dropped (a busy app beside a quiet one), which that app's callbacks page
    counts in its
    own `dropped`. Pass the reply's `next` as `after` for the following page.

    Args:
        device_id (str):
        after (int | Unset):  Default: 0.
        limit (int | Unset):  Default: 100.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        JournalPage | Problem
     """


    return sync_detailed(
        device_id=device_id,
client=client,
after=after,
limit=limit,

    ).parsed

async def asyncio_detailed(
    device_id: str,
    *,
    client: AuthenticatedClient | Client,
    after: int | Unset = 0,
    limit: int | Unset = 100,

) -> Response[JournalPage | Problem]:
    """ The device's event journal, in order.

     Every event the device and its apps accepted, oldest first, after `after`: what was posted (`body`),
    when
    (`at`), which app it was for, the state changes it made, the callbacks it caused (by instance and
    seq; read
    them whole from `/v1/instances/{instanceId}/callbacks`) and its `result`. Refused events are not in
    it, as
    they changed nothing; the `timers` of a realtime clock are, with no body. Seqs are the device's
    event seqs:
    an event's `seq` is the `event` of its callbacks and the `id:` of its device stream message.

    Each app keeps its newest callbacks (`--history-limit`); the journal keeps every event from the
    oldest one
    whose callbacks any app of the device still keeps (and, until the next trim, those of an app
    uninstalled
    since), and of those at most the device's newest `--history-limit × apps` events (`--history-limit`
    for a
    device without apps), so that events that reach no app (edits, a clock moved on a device whose apps
    never run)
    do not pile up; `dropped` counts the older events it no longer keeps. So a kept entry can name
    callbacks that
    their app has already dropped (a busy app beside a quiet one), which that app's callbacks page
    counts in its
    own `dropped`. Pass the reply's `next` as `after` for the following page.

    Args:
        device_id (str):
        after (int | Unset):  Default: 0.
        limit (int | Unset):  Default: 100.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[JournalPage | Problem]
     """


    kwargs = _get_kwargs(
        device_id=device_id,
after=after,
limit=limit,

    )

    response = await client.get_async_httpx_client().request(
        **kwargs
    )

    return _build_response(client=client, response=response)

async def asyncio(
    device_id: str,
    *,
    client: AuthenticatedClient | Client,
    after: int | Unset = 0,
    limit: int | Unset = 100,

) -> JournalPage | Problem | None:
    """ The device's event journal, in order.

     Every event the device and its apps accepted, oldest first, after `after`: what was posted (`body`),
    when
    (`at`), which app it was for, the state changes it made, the callbacks it caused (by instance and
    seq; read
    them whole from `/v1/instances/{instanceId}/callbacks`) and its `result`. Refused events are not in
    it, as
    they changed nothing; the `timers` of a realtime clock are, with no body. Seqs are the device's
    event seqs:
    an event's `seq` is the `event` of its callbacks and the `id:` of its device stream message.

    Each app keeps its newest callbacks (`--history-limit`); the journal keeps every event from the
    oldest one
    whose callbacks any app of the device still keeps (and, until the next trim, those of an app
    uninstalled
    since), and of those at most the device's newest `--history-limit × apps` events (`--history-limit`
    for a
    device without apps), so that events that reach no app (edits, a clock moved on a device whose apps
    never run)
    do not pile up; `dropped` counts the older events it no longer keeps. So a kept entry can name
    callbacks that
    their app has already dropped (a busy app beside a quiet one), which that app's callbacks page
    counts in its
    own `dropped`. Pass the reply's `next` as `after` for the following page.

    Args:
        device_id (str):
        after (int | Unset):  Default: 0.
        limit (int | Unset):  Default: 100.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        JournalPage | Problem
     """


    return (await asyncio_detailed(
        device_id=device_id,
client=client,
after=after,
limit=limit,

    )).parsed
