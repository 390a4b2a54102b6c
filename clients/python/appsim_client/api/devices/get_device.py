from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...types import Response, UNSET
from ... import errors

from ...models.device import Device
from ...models.problem import Problem
from ...types import UNSET, Unset
from typing import cast



def _get_kwargs(
    device_id: str,
    *,
    wait_for_foreground: str | Unset = UNSET,
    timeout: str | Unset = UNSET,

) -> dict[str, Any]:
    

    

    params: dict[str, Any] = {}

    params["waitForForeground"] = wait_for_foreground

    params["timeout"] = timeout


    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}


    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/v1/devices/{device_id}".format(device_id=quote(str(device_id), safe=""),),
        "params": params,
    }


    return _kwargs



def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Device | Problem | None:
    if response.status_code == 200:
        response_200 = Device.from_dict(response.json())



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


def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[Device | Problem]:
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
    wait_for_foreground: str | Unset = UNSET,
    timeout: str | Unset = UNSET,

) -> Response[Device | Problem]:
    """ Read a device; optionally wait until an app is in its foreground.

     The device as it is now (`time` is its clock now). With `waitForForeground=INSTANCE` the reply waits
    until that app is in the device's foreground (`active` or `inactive`) and is then the device; it
    comes at
    once if the app is there already, and is `408` if it does not come within `timeout`. An instance
    that is
    not installed on this device is `404` at once (it could never come to this foreground).

    Args:
        device_id (str):
        wait_for_foreground (str | Unset):
        timeout (str | Unset): Seconds, 0–300, in decimal digits with an optional fraction (`0.5`,
            `30`); no sign, exponent or hexadecimal. Example: 30.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Device | Problem]
     """


    kwargs = _get_kwargs(
        device_id=device_id,
wait_for_foreground=wait_for_foreground,
timeout=timeout,

    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)

def sync(
    device_id: str,
    *,
    client: AuthenticatedClient | Client,
    wait_for_foreground: str | Unset = UNSET,
    timeout: str | Unset = UNSET,

) -> Device | Problem | None:
    """ Read a device; optionally wait until an app is in its foreground.

     The device as it is now (`time` is its clock now). With `waitForForeground=INSTANCE` the reply waits
    until that app is in the device's foreground (`active` or `inactive`) and is then the device; it
    comes at
    once if the app is there already, and is `408` if it does not come within `timeout`. An instance
    that is
    not installed on this device is `404` at once (it could never come to this foreground).

    Args:
        device_id (str):
        wait_for_foreground (str | Unset):
        timeout (str | Unset): Seconds, 0–300, in decimal digits with an optional fraction (`0.5`,
            `30`); no sign, exponent or hexadecimal. Example: 30.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Device | Problem
     """


    return sync_detailed(
        device_id=device_id,
client=client,
wait_for_foreground=wait_for_foreground,
timeout=timeout,

    ).parsed

async def asyncio_detailed(
    device_id: str,
    *,
    client: AuthenticatedClient | Client,
    wait_for_foreground: str | Unset = UNSET,
    timeout: str | Unset = UNSET,

) -> Response[Device | Problem]:
    """ Read a device; optionally wait until an app is in its foreground.

     The device as it is now (`time` is its clock now). With `waitForForeground=INSTANCE` the reply waits
    until that app is in the device's foreground (`active` or `inactive`) and is then the device; it
    comes at
    once if the app is there already, and is `408` if it does not come within `timeout`. An instance
    that is
    not installed on this device is `404` at once (it could never come to this foreground).

    Args:
        device_id (str):
        wait_for_foreground (str | Unset):
        timeout (str | Unset): Seconds, 0–300, in decimal digits with an optional fraction (`0.5`,
            `30`); no sign, exponent or hexadecimal. Example: 30.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Device | Problem]
     """


    kwargs = _get_kwargs(
        device_id=device_id,
wait_for_foreground=wait_for_foreground,
timeout=timeout,

    )

    response = await client.get_async_httpx_client().request(
        **kwargs
    )

    return _build_response(client=client, response=response)

async def asyncio(
    device_id: str,
    *,
    client: AuthenticatedClient | Client,
    wait_for_foreground: str | Unset = UNSET,
    timeout: str | Unset = UNSET,

) -> Device | Problem | None:
    """ Read a device; optionally wait until an app is in its foreground.

     The device as it is now (`time` is its clock now). With `waitForForeground=INSTANCE` the reply waits
    until that app is in the device's foreground (`active` or `inactive`) and is then the device; it
    comes at
    once if the app is there already, and is `408` if it does not come within `timeout`. An instance
    that is
    not installed on this device is `404` at once (it could never come to this foreground).

    Args:
        device_id (str):
        wait_for_foreground (str | Unset):
        timeout (str | Unset): Seconds, 0–300, in decimal digits with an optional fraction (`0.5`,
            `30`); no sign, exponent or hexadecimal. Example: 30.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Device | Problem
     """


    return (await asyncio_detailed(
        device_id=device_id,
client=client,
wait_for_foreground=wait_for_foreground,
timeout=timeout,

    )).parsed
