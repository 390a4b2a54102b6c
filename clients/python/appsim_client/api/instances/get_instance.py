from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...types import Response, UNSET
from ... import errors

from ...models.instance import Instance
from ...models.lifecycle_state import LifecycleState
from ...models.problem import Problem
from ...types import UNSET, Unset
from typing import cast



def _get_kwargs(
    instance_id: str,
    *,
    wait_for: LifecycleState | Unset = UNSET,
    timeout: str | Unset = UNSET,

) -> dict[str, Any]:
    

    

    params: dict[str, Any] = {}

    json_wait_for: str | Unset = UNSET
    if not isinstance(wait_for, Unset):
        json_wait_for = wait_for.value

    params["waitFor"] = json_wait_for

    params["timeout"] = timeout


    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}


    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/v1/instances/{instance_id}".format(instance_id=quote(str(instance_id), safe=""),),
        "params": params,
    }


    return _kwargs



def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Instance | Problem | None:
    if response.status_code == 200:
        response_200 = Instance.from_dict(response.json())



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

    if response.status_code == 408:
        response_408 = Problem.from_dict(response.json())



        return response_408

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


def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[Instance | Problem]:
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
    wait_for: LifecycleState | Unset = UNSET,
    timeout: str | Unset = UNSET,

) -> Response[Instance | Problem]:
    """ Read an instance; optionally wait until it reaches a state.

     The instance as it is now. With `waitFor=STATE` the reply waits until a committed event leaves the
    app in
    that state and is then the instance; it comes at once if the app is in it already, and is `408`
    (with the
    `state` it is in) if that does not happen within `timeout`. States an event passes through on its
    way
    (`inactive` during a launch) do not count. Typical use: after `home` on a realtime clock, wait for
    `suspended`.

    Args:
        instance_id (str):
        wait_for (LifecycleState | Unset): Where an app is in its life: `notRunning`; in the
            foreground `active` (receiving events) or `inactive`
            (launching, or interrupted by a call, an alert, the notification center or a lock);
            `background`
            (running code off screen); `suspended` (in memory, not running).
        timeout (str | Unset): Seconds, 0–300, in decimal digits with an optional fraction (`0.5`,
            `30`); no sign, exponent or hexadecimal. Example: 30.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Instance | Problem]
     """


    kwargs = _get_kwargs(
        instance_id=instance_id,
wait_for=wait_for,
timeout=timeout,

    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)

def sync(
    instance_id: str,
    *,
    client: AuthenticatedClient | Client,
    wait_for: LifecycleState | Unset = UNSET,
    timeout: str | Unset = UNSET,

) -> Instance | Problem | None:
    """ Read an instance; optionally wait until it reaches a state.

     The instance as it is now. With `waitFor=STATE` the reply waits until a committed event leaves the
    app in
    that state and is then the instance; it comes at once if the app is in it already, and is `408`
    (with the
    `state` it is in) if that does not happen within `timeout`. States an event passes through on its
    way
    (`inactive` during a launch) do not count. Typical use: after `home` on a realtime clock, wait for
    `suspended`.

    Args:
        instance_id (str):
        wait_for (LifecycleState | Unset): Where an app is in its life: `notRunning`; in the
            foreground `active` (receiving events) or `inactive`
            (launching, or interrupted by a call, an alert, the notification center or a lock);
            `background`
            (running code off screen); `suspended` (in memory, not running).
        timeout (str | Unset): Seconds, 0–300, in decimal digits with an optional fraction (`0.5`,
            `30`); no sign, exponent or hexadecimal. Example: 30.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Instance | Problem
     """


    return sync_detailed(
        instance_id=instance_id,
client=client,
wait_for=wait_for,
timeout=timeout,

    ).parsed

async def asyncio_detailed(
    instance_id: str,
    *,
    client: AuthenticatedClient | Client,
    wait_for: LifecycleState | Unset = UNSET,
    timeout: str | Unset = UNSET,

) -> Response[Instance | Problem]:
    """ Read an instance; optionally wait until it reaches a state.

     The instance as it is now. With `waitFor=STATE` the reply waits until a committed event leaves the
    app in
    that state and is then the instance; it comes at once if the app is in it already, and is `408`
    (with the
    `state` it is in) if that does not happen within `timeout`. States an event passes through on its
    way
    (`inactive` during a launch) do not count. Typical use: after `home` on a realtime clock, wait for
    `suspended`.

    Args:
        instance_id (str):
        wait_for (LifecycleState | Unset): Where an app is in its life: `notRunning`; in the
            foreground `active` (receiving events) or `inactive`
            (launching, or interrupted by a call, an alert, the notification center or a lock);
            `background`
            (running code off screen); `suspended` (in memory, not running).
        timeout (str | Unset): Seconds, 0–300, in decimal digits with an optional fraction (`0.5`,
            `30`); no sign, exponent or hexadecimal. Example: 30.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Instance | Problem]
     """


    kwargs = _get_kwargs(
        instance_id=instance_id,
wait_for=wait_for,
timeout=timeout,

    )

    response = await client.get_async_httpx_client().request(
        **kwargs
    )

    return _build_response(client=client, response=response)

async def asyncio(
    instance_id: str,
    *,
    client: AuthenticatedClient | Client,
    wait_for: LifecycleState | Unset = UNSET,
    timeout: str | Unset = UNSET,

) -> Instance | Problem | None:
    """ Read an instance; optionally wait until it reaches a state.

     The instance as it is now. With `waitFor=STATE` the reply waits until a committed event leaves the
    app in
    that state and is then the instance; it comes at once if the app is in it already, and is `408`
    (with the
    `state` it is in) if that does not happen within `timeout`. States an event passes through on its
    way
    (`inactive` during a launch) do not count. Typical use: after `home` on a realtime clock, wait for
    `suspended`.

    Args:
        instance_id (str):
        wait_for (LifecycleState | Unset): Where an app is in its life: `notRunning`; in the
            foreground `active` (receiving events) or `inactive`
            (launching, or interrupted by a call, an alert, the notification center or a lock);
            `background`
            (running code off screen); `suspended` (in memory, not running).
        timeout (str | Unset): Seconds, 0–300, in decimal digits with an optional fraction (`0.5`,
            `30`); no sign, exponent or hexadecimal. Example: 30.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Instance | Problem
     """


    return (await asyncio_detailed(
        instance_id=instance_id,
client=client,
wait_for=wait_for,
timeout=timeout,

    )).parsed
