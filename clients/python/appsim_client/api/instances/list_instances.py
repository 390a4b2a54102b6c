from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...types import Response, UNSET
from ... import errors

from ...models.instance_page import InstancePage
from ...models.lifecycle_state import LifecycleState
from ...models.list_instances_scope import ListInstancesScope
from ...models.problem import Problem
from ...types import UNSET, Unset
from typing import cast



def _get_kwargs(
    *,
    limit: int | Unset = 100,
    scope: ListInstancesScope | Unset = ListInstancesScope.CLUSTER,
    after: str | Unset = UNSET,
    device: str | Unset = UNSET,
    state: LifecycleState | Unset = UNSET,
    bundle_id: str | Unset = UNSET,

) -> dict[str, Any]:
    

    

    params: dict[str, Any] = {}

    params["limit"] = limit

    json_scope: str | Unset = UNSET
    if not isinstance(scope, Unset):
        json_scope = scope.value

    params["scope"] = json_scope

    params["after"] = after

    params["device"] = device

    json_state: str | Unset = UNSET
    if not isinstance(state, Unset):
        json_state = state.value

    params["state"] = json_state

    params["bundleId"] = bundle_id


    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}


    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/v1/instances",
        "params": params,
    }


    return _kwargs



def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> InstancePage | Problem | None:
    if response.status_code == 200:
        response_200 = InstancePage.from_dict(response.json())



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


def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[InstancePage | Problem]:
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
    scope: ListInstancesScope | Unset = ListInstancesScope.CLUSTER,
    after: str | Unset = UNSET,
    device: str | Unset = UNSET,
    state: LifecycleState | Unset = UNSET,
    bundle_id: str | Unset = UNSET,

) -> Response[InstancePage | Problem]:
    """ List instances, by device and install order.

     A page of instances as they are now, in (device id, install number) order, optionally filtered.
    Filters
    combine; an unknown device or bundle id gives an empty page, not `404`. Pass the reply's `next` as
    `after` for the following page. Through a cluster's proxy, the page covers every node (with
    `device`, the
    device's own node), and names a node that did not answer in `unavailableNodes`.

    Args:
        limit (int | Unset):  Default: 100.
        scope (ListInstancesScope | Unset):  Default: ListInstancesScope.CLUSTER.
        after (str | Unset):
        device (str | Unset):
        state (LifecycleState | Unset): Where an app is in its life: `notRunning`; in the
            foreground `active` (receiving events) or `inactive`
            (launching, or interrupted by a call, an alert, the notification center or a lock);
            `background`
            (running code off screen); `suspended` (in memory, not running).
        bundle_id (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[InstancePage | Problem]
     """


    kwargs = _get_kwargs(
        limit=limit,
scope=scope,
after=after,
device=device,
state=state,
bundle_id=bundle_id,

    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)

def sync(
    *,
    client: AuthenticatedClient | Client,
    limit: int | Unset = 100,
    scope: ListInstancesScope | Unset = ListInstancesScope.CLUSTER,
    after: str | Unset = UNSET,
    device: str | Unset = UNSET,
    state: LifecycleState | Unset = UNSET,
    bundle_id: str | Unset = UNSET,

) -> InstancePage | Problem | None:
    """ List instances, by device and install order.

     A page of instances as they are now, in (device id, install number) order, optionally filtered.
    Filters
    combine; an unknown device or bundle id gives an empty page, not `404`. Pass the reply's `next` as
    `after` for the following page. Through a cluster's proxy, the page covers every node (with
    `device`, the
    device's own node), and names a node that did not answer in `unavailableNodes`.

    Args:
        limit (int | Unset):  Default: 100.
        scope (ListInstancesScope | Unset):  Default: ListInstancesScope.CLUSTER.
        after (str | Unset):
        device (str | Unset):
        state (LifecycleState | Unset): Where an app is in its life: `notRunning`; in the
            foreground `active` (receiving events) or `inactive`
            (launching, or interrupted by a call, an alert, the notification center or a lock);
            `background`
            (running code off screen); `suspended` (in memory, not running).
        bundle_id (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        InstancePage | Problem
     """


    return sync_detailed(
        client=client,
limit=limit,
scope=scope,
after=after,
device=device,
state=state,
bundle_id=bundle_id,

    ).parsed

async def asyncio_detailed(
    *,
    client: AuthenticatedClient | Client,
    limit: int | Unset = 100,
    scope: ListInstancesScope | Unset = ListInstancesScope.CLUSTER,
    after: str | Unset = UNSET,
    device: str | Unset = UNSET,
    state: LifecycleState | Unset = UNSET,
    bundle_id: str | Unset = UNSET,

) -> Response[InstancePage | Problem]:
    """ List instances, by device and install order.

     A page of instances as they are now, in (device id, install number) order, optionally filtered.
    Filters
    combine; an unknown device or bundle id gives an empty page, not `404`. Pass the reply's `next` as
    `after` for the following page. Through a cluster's proxy, the page covers every node (with
    `device`, the
    device's own node), and names a node that did not answer in `unavailableNodes`.

    Args:
        limit (int | Unset):  Default: 100.
        scope (ListInstancesScope | Unset):  Default: ListInstancesScope.CLUSTER.
        after (str | Unset):
        device (str | Unset):
        state (LifecycleState | Unset): Where an app is in its life: `notRunning`; in the
            foreground `active` (receiving events) or `inactive`
            (launching, or interrupted by a call, an alert, the notification center or a lock);
            `background`
            (running code off screen); `suspended` (in memory, not running).
        bundle_id (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[InstancePage | Problem]
     """


    kwargs = _get_kwargs(
        limit=limit,
scope=scope,
after=after,
device=device,
state=state,
bundle_id=bundle_id,

    )

    response = await client.get_async_httpx_client().request(
        **kwargs
    )

    return _build_response(client=client, response=response)

async def asyncio(
    *,
    client: AuthenticatedClient | Client,
    limit: int | Unset = 100,
    scope: ListInstancesScope | Unset = ListInstancesScope.CLUSTER,
    after: str | Unset = UNSET,
    device: str | Unset = UNSET,
    state: LifecycleState | Unset = UNSET,
    bundle_id: str | Unset = UNSET,

) -> InstancePage | Problem | None:
    """ List instances, by device and install order.

     A page of instances as they are now, in (device id, install number) order, optionally filtered.
    Filters
    combine; an unknown device or bundle id gives an empty page, not `404`. Pass the reply's `next` as
    `after` for the following page. Through a cluster's proxy, the page covers every node (with
    `device`, the
    device's own node), and names a node that did not answer in `unavailableNodes`.

    Args:
        limit (int | Unset):  Default: 100.
        scope (ListInstancesScope | Unset):  Default: ListInstancesScope.CLUSTER.
        after (str | Unset):
        device (str | Unset):
        state (LifecycleState | Unset): Where an app is in its life: `notRunning`; in the
            foreground `active` (receiving events) or `inactive`
            (launching, or interrupted by a call, an alert, the notification center or a lock);
            `background`
            (running code off screen); `suspended` (in memory, not running).
        bundle_id (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        InstancePage | Problem
     """


    return (await asyncio_detailed(
        client=client,
limit=limit,
scope=scope,
after=after,
device=device,
state=state,
bundle_id=bundle_id,

    )).parsed
