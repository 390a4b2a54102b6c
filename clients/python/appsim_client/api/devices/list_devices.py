from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...types import Response, UNSET
from ... import errors

from ...models.device_page import DevicePage
from ...models.list_devices_scope import ListDevicesScope
from ...models.problem import Problem
from ...types import UNSET, Unset
from typing import cast



def _get_kwargs(
    *,
    limit: int | Unset = 100,
    scope: ListDevicesScope | Unset = ListDevicesScope.CLUSTER,
    after: str | Unset = UNSET,

) -> dict[str, Any]:
    

    

    params: dict[str, Any] = {}

    params["limit"] = limit

    json_scope: str | Unset = UNSET
    if not isinstance(scope, Unset):
        json_scope = scope.value

    params["scope"] = json_scope

    params["after"] = after


    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}


    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/v1/devices",
        "params": params,
    }


    return _kwargs



def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> DevicePage | Problem | None:
    if response.status_code == 200:
        response_200 = DevicePage.from_dict(response.json())



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

    if response.status_code == 503:
        response_503 = Problem.from_dict(response.json())



        return response_503

    if client.raise_on_unexpected_status:
        raise errors.UnexpectedStatus(response.status_code, response.content)
    else:
        return None


def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[DevicePage | Problem]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient | Client,
    limit: int | Unset = 100,
    scope: ListDevicesScope | Unset = ListDevicesScope.CLUSTER,
    after: str | Unset = UNSET,

) -> Response[DevicePage | Problem]:
    """ List devices, in id order.

     A page of devices as they are now. Pass the reply's `next` as `after` for the following page.
    Through a
    cluster's proxy, the page covers every node in id order, and names a node that did not answer in
    `unavailableNodes`.

    Args:
        limit (int | Unset):  Default: 100.
        scope (ListDevicesScope | Unset):  Default: ListDevicesScope.CLUSTER.
        after (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[DevicePage | Problem]
     """


    kwargs = _get_kwargs(
        limit=limit,
scope=scope,
after=after,

    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)

def sync(
    *,
    client: AuthenticatedClient | Client,
    limit: int | Unset = 100,
    scope: ListDevicesScope | Unset = ListDevicesScope.CLUSTER,
    after: str | Unset = UNSET,

) -> DevicePage | Problem | None:
    """ List devices, in id order.

     A page of devices as they are now. Pass the reply's `next` as `after` for the following page.
    Through a
    cluster's proxy, the page covers every node in id order, and names a node that did not answer in
    `unavailableNodes`.

    Args:
        limit (int | Unset):  Default: 100.
        scope (ListDevicesScope | Unset):  Default: ListDevicesScope.CLUSTER.
        after (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        DevicePage | Problem
     """


    return sync_detailed(
        client=client,
limit=limit,
scope=scope,
after=after,

    ).parsed

async def asyncio_detailed(
    *,
    client: AuthenticatedClient | Client,
    limit: int | Unset = 100,
    scope: ListDevicesScope | Unset = ListDevicesScope.CLUSTER,
    after: str | Unset = UNSET,

) -> Response[DevicePage | Problem]:
    """ List devices, in id order.

     A page of devices as they are now. Pass the reply's `next` as `after` for the following page.
    Through a
    cluster's proxy, the page covers every node in id order, and names a node that did not answer in
    `unavailableNodes`.

    Args:
        limit (int | Unset):  Default: 100.
        scope (ListDevicesScope | Unset):  Default: ListDevicesScope.CLUSTER.
        after (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[DevicePage | Problem]
     """


    kwargs = _get_kwargs(
        limit=limit,
scope=scope,
after=after,

    )

    response = await client.get_async_httpx_client().request(
        **kwargs
    )

    return _build_response(client=client, response=response)

async def asyncio(
    *,
    client: AuthenticatedClient | Client,
    limit: int | Unset = 100,
    scope: ListDevicesScope | Unset = ListDevicesScope.CLUSTER,
    after: str | Unset = UNSET,

) -> DevicePage | Problem | None:
    """ List devices, in id order.

     A page of devices as they are now. Pass the reply's `next` as `after` for the following page.
    Through a
    cluster's proxy, the page covers every node in id order, and names a node that did not answer in
    `unavailableNodes`.

    Args:
        limit (int | Unset):  Default: 100.
        scope (ListDevicesScope | Unset):  Default: ListDevicesScope.CLUSTER.
        after (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        DevicePage | Problem
     """


    return (await asyncio_detailed(
        client=client,
limit=limit,
scope=scope,
after=after,

    )).parsed
