from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...types import Response, UNSET
from ... import errors

from ...models.device import Device
from ...models.device_create import DeviceCreate
from ...models.problem import Problem
from ...types import UNSET, Unset
from typing import cast



def _get_kwargs(
    *,
    body: DeviceCreate | Unset = UNSET,

) -> dict[str, Any]:
    headers: dict[str, Any] = {}


    

    

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/v1/devices",
    }

    
    if not isinstance(body, Unset):
        _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs



def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Device | Problem | None:
    if response.status_code == 201:
        response_201 = Device.from_dict(response.json())



        return response_201

    if response.status_code == 400:
        response_400 = Problem.from_dict(response.json())



        return response_400

    if response.status_code == 401:
        response_401 = Problem.from_dict(response.json())



        return response_401

    if response.status_code == 403:
        response_403 = Problem.from_dict(response.json())



        return response_403

    if response.status_code == 413:
        response_413 = Problem.from_dict(response.json())



        return response_413

    if response.status_code == 415:
        response_415 = Problem.from_dict(response.json())



        return response_415

    if response.status_code == 422:
        response_422 = Problem.from_dict(response.json())



        return response_422

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
    *,
    client: AuthenticatedClient | Client,
    body: DeviceCreate | Unset = UNSET,

) -> Response[Device | Problem]:
    """ Create a device.

     Creates a device with the settings given; every one has a default, so an empty body (or `{}`) makes
    an
    iOS 26.0 device with 2048 MB, a passcode and a realtime clock (it was iOS 17.0 before version
    1.1.0). The device starts unlocked, in portrait,
    at device time 0. Use a `manual` clock for deterministic tests: time then moves only with
    `advanceClock`.

    You need not create devices to install apps: `POST /v1/instances` without `device` creates a default
    one.

    Args:
        body (DeviceCreate | Unset): A device to create; every field is optional.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Device | Problem]
     """


    kwargs = _get_kwargs(
        body=body,

    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)

def sync(
    *,
    client: AuthenticatedClient | Client,
    body: DeviceCreate | Unset = UNSET,

) -> Device | Problem | None:
    """ Create a device.

     Creates a device with the settings given; every one has a default, so an empty body (or `{}`) makes
    an
    iOS 26.0 device with 2048 MB, a passcode and a realtime clock (it was iOS 17.0 before version
    1.1.0). The device starts unlocked, in portrait,
    at device time 0. Use a `manual` clock for deterministic tests: time then moves only with
    `advanceClock`.

    You need not create devices to install apps: `POST /v1/instances` without `device` creates a default
    one.

    Args:
        body (DeviceCreate | Unset): A device to create; every field is optional.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Device | Problem
     """


    return sync_detailed(
        client=client,
body=body,

    ).parsed

async def asyncio_detailed(
    *,
    client: AuthenticatedClient | Client,
    body: DeviceCreate | Unset = UNSET,

) -> Response[Device | Problem]:
    """ Create a device.

     Creates a device with the settings given; every one has a default, so an empty body (or `{}`) makes
    an
    iOS 26.0 device with 2048 MB, a passcode and a realtime clock (it was iOS 17.0 before version
    1.1.0). The device starts unlocked, in portrait,
    at device time 0. Use a `manual` clock for deterministic tests: time then moves only with
    `advanceClock`.

    You need not create devices to install apps: `POST /v1/instances` without `device` creates a default
    one.

    Args:
        body (DeviceCreate | Unset): A device to create; every field is optional.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Device | Problem]
     """


    kwargs = _get_kwargs(
        body=body,

    )

    response = await client.get_async_httpx_client().request(
        **kwargs
    )

    return _build_response(client=client, response=response)

async def asyncio(
    *,
    client: AuthenticatedClient | Client,
    body: DeviceCreate | Unset = UNSET,

) -> Device | Problem | None:
    """ Create a device.

     Creates a device with the settings given; every one has a default, so an empty body (or `{}`) makes
    an
    iOS 26.0 device with 2048 MB, a passcode and a realtime clock (it was iOS 17.0 before version
    1.1.0). The device starts unlocked, in portrait,
    at device time 0. Use a `manual` clock for deterministic tests: time then moves only with
    `advanceClock`.

    You need not create devices to install apps: `POST /v1/instances` without `device` creates a default
    one.

    Args:
        body (DeviceCreate | Unset): A device to create; every field is optional.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Device | Problem
     """


    return (await asyncio_detailed(
        client=client,
body=body,

    )).parsed
