from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...types import Response, UNSET
from ... import errors

from ...models.callback_page import CallbackPage
from ...models.problem import Problem
from ...types import UNSET, Unset
from typing import cast



def _get_kwargs(
    instance_id: str,
    *,
    after: int | Unset = 0,
    limit: int | Unset = 100,
    wait: str | Unset = UNSET,

) -> dict[str, Any]:
    

    

    params: dict[str, Any] = {}

    params["after"] = after

    params["limit"] = limit

    params["wait"] = wait


    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}


    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/v1/instances/{instance_id}/callbacks".format(instance_id=quote(str(instance_id), safe=""),),
        "params": params,
    }


    return _kwargs



def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> CallbackPage | Problem | None:
    if response.status_code == 200:
        response_200 = CallbackPage.from_dict(response.json())



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


def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[CallbackPage | Problem]:
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
    after: int | Unset = 0,
    limit: int | Unset = 100,
    wait: str | Unset = UNSET,

) -> Response[CallbackPage | Problem]:
    """ The app's callback history, in order; optionally a long-poll for what comes next.

     The delegate callbacks, notifications and system records (`suspended`, `killed`, …) of the app,
    oldest
    first, after `after`. Each has a `seq` that increases by one with no gaps, so a client that
    remembers the
    last seq it saw reads exactly what is new with `?after=SEQ`. The server keeps the newest 100000 per
    app
    (`--history-limit`); `dropped` counts the older ones no longer kept.

    With `wait=S` and nothing after `after` yet, the reply waits up to S seconds for the next callback
    and
    is a page as soon as there is one; at the timeout it is an empty page (`200`, not `408`). Loop
    `?after=<last seq>&wait=30` to follow an app.

    Args:
        instance_id (str):
        after (int | Unset):  Default: 0.
        limit (int | Unset):  Default: 100.
        wait (str | Unset): Seconds, 0–300, in decimal digits with an optional fraction (`0.5`,
            `30`); no sign, exponent or hexadecimal. Example: 30.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[CallbackPage | Problem]
     """


    kwargs = _get_kwargs(
        instance_id=instance_id,
after=after,
limit=limit,
wait=wait,

    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)

def sync(
    instance_id: str,
    *,
    client: AuthenticatedClient | Client,
    after: int | Unset = 0,
    limit: int | Unset = 100,
    wait: str | Unset = UNSET,

) -> CallbackPage | Problem | None:
    """ The app's callback history, in order; optionally a long-poll for what comes next.

     The delegate callbacks, notifications and system records (`suspended`, `killed`, …) of the app,
    oldest
    first, after `after`. Each has a `seq` that increases by one with no gaps, so a client that
    remembers the
    last seq it saw reads exactly what is new with `?after=SEQ`. The server keeps the newest 100000 per
    app
    (`--history-limit`); `dropped` counts the older ones no longer kept.

    With `wait=S` and nothing after `after` yet, the reply waits up to S seconds for the next callback
    and
    is a page as soon as there is one; at the timeout it is an empty page (`200`, not `408`). Loop
    `?after=<last seq>&wait=30` to follow an app.

    Args:
        instance_id (str):
        after (int | Unset):  Default: 0.
        limit (int | Unset):  Default: 100.
        wait (str | Unset): Seconds, 0–300, in decimal digits with an optional fraction (`0.5`,
            `30`); no sign, exponent or hexadecimal. Example: 30.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        CallbackPage | Problem
     """


    return sync_detailed(
        instance_id=instance_id,
client=client,
after=after,
limit=limit,
wait=wait,

    ).parsed

async def asyncio_detailed(
    instance_id: str,
    *,
    client: AuthenticatedClient | Client,
    after: int | Unset = 0,
    limit: int | Unset = 100,
    wait: str | Unset = UNSET,

) -> Response[CallbackPage | Problem]:
    """ The app's callback history, in order; optionally a long-poll for what comes next.

     The delegate callbacks, notifications and system records (`suspended`, `killed`, …) of the app,
    oldest
    first, after `after`. Each has a `seq` that increases by one with no gaps, so a client that
    remembers the
    last seq it saw reads exactly what is new with `?after=SEQ`. The server keeps the newest 100000 per
    app
    (`--history-limit`); `dropped` counts the older ones no longer kept.

    With `wait=S` and nothing after `after` yet, the reply waits up to S seconds for the next callback
    and
    is a page as soon as there is one; at the timeout it is an empty page (`200`, not `408`). Loop
    `?after=<last seq>&wait=30` to follow an app.

    Args:
        instance_id (str):
        after (int | Unset):  Default: 0.
        limit (int | Unset):  Default: 100.
        wait (str | Unset): Seconds, 0–300, in decimal digits with an optional fraction (`0.5`,
            `30`); no sign, exponent or hexadecimal. Example: 30.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[CallbackPage | Problem]
     """


    kwargs = _get_kwargs(
        instance_id=instance_id,
after=after,
limit=limit,
wait=wait,

    )

    response = await client.get_async_httpx_client().request(
        **kwargs
    )

    return _build_response(client=client, response=response)

async def asyncio(
    instance_id: str,
    *,
    client: AuthenticatedClient | Client,
    after: int | Unset = 0,
    limit: int | Unset = 100,
    wait: str | Unset = UNSET,

) -> CallbackPage | Problem | None:
    """ The app's callback history, in order; optionally a long-poll for what comes next.

     The delegate callbacks, notifications and system records (`suspended`, `killed`, …) of the app,
    oldest
    first, after `after`. Each has a `seq` that increases by one with no gaps, so a client that
    remembers the
    last seq it saw reads exactly what is new with `?after=SEQ`. The server keeps the newest 100000 per
    app
    (`--history-limit`); `dropped` counts the older ones no longer kept.

    With `wait=S` and nothing after `after` yet, the reply waits up to S seconds for the next callback
    and
    is a page as soon as there is one; at the timeout it is an empty page (`200`, not `408`). Loop
    `?after=<last seq>&wait=30` to follow an app.

    Args:
        instance_id (str):
        after (int | Unset):  Default: 0.
        limit (int | Unset):  Default: 100.
        wait (str | Unset): Seconds, 0–300, in decimal digits with an optional fraction (`0.5`,
            `30`); no sign, exponent or hexadecimal. Example: 30.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        CallbackPage | Problem
     """


    return (await asyncio_detailed(
        instance_id=instance_id,
client=client,
after=after,
limit=limit,
wait=wait,

    )).parsed
