from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...types import Response, UNSET
from ... import errors

from ...models.problem import Problem
from typing import cast



def _get_kwargs(
    
) -> dict[str, Any]:
    

    

    

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/metrics",
    }


    return _kwargs



def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Problem | str | None:
    if response.status_code == 200:
        response_200 = response.text
        return response_200

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


def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[Problem | str]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient | Client,

) -> Response[Problem | str]:
    """ Prometheus metrics.

     Prometheus text exposition format 0.0.4: `appsim_http_requests_total{method,status}`,
    `appsim_events_total{type}` (events applied), `appsim_store_failures_total` (writes refused with
    503),
    `appsim_store_transactions_total` and `appsim_store_writes_total` (group commit),
    `appsim_store_log_restarts_total` and `appsim_store_log_restart_seconds_total` (how often, and how
    long, the
    writer finished a long write-ahead log so that it could start over; replies to writes wait
    meanwhile),
    `appsim_devices`, and `appsim_instances{state}`. Never needs a token.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Problem | str]
     """


    kwargs = _get_kwargs(
        
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)

def sync(
    *,
    client: AuthenticatedClient | Client,

) -> Problem | str | None:
    """ Prometheus metrics.

     Prometheus text exposition format 0.0.4: `appsim_http_requests_total{method,status}`,
    `appsim_events_total{type}` (events applied), `appsim_store_failures_total` (writes refused with
    503),
    `appsim_store_transactions_total` and `appsim_store_writes_total` (group commit),
    `appsim_store_log_restarts_total` and `appsim_store_log_restart_seconds_total` (how often, and how
    long, the
    writer finished a long write-ahead log so that it could start over; replies to writes wait
    meanwhile),
    `appsim_devices`, and `appsim_instances{state}`. Never needs a token.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Problem | str
     """


    return sync_detailed(
        client=client,

    ).parsed

async def asyncio_detailed(
    *,
    client: AuthenticatedClient | Client,

) -> Response[Problem | str]:
    """ Prometheus metrics.

     Prometheus text exposition format 0.0.4: `appsim_http_requests_total{method,status}`,
    `appsim_events_total{type}` (events applied), `appsim_store_failures_total` (writes refused with
    503),
    `appsim_store_transactions_total` and `appsim_store_writes_total` (group commit),
    `appsim_store_log_restarts_total` and `appsim_store_log_restart_seconds_total` (how often, and how
    long, the
    writer finished a long write-ahead log so that it could start over; replies to writes wait
    meanwhile),
    `appsim_devices`, and `appsim_instances{state}`. Never needs a token.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Problem | str]
     """


    kwargs = _get_kwargs(
        
    )

    response = await client.get_async_httpx_client().request(
        **kwargs
    )

    return _build_response(client=client, response=response)

async def asyncio(
    *,
    client: AuthenticatedClient | Client,

) -> Problem | str | None:
    """ Prometheus metrics.

     Prometheus text exposition format 0.0.4: `appsim_http_requests_total{method,status}`,
    `appsim_events_total{type}` (events applied), `appsim_store_failures_total` (writes refused with
    503),
    `appsim_store_transactions_total` and `appsim_store_writes_total` (group commit),
    `appsim_store_log_restarts_total` and `appsim_store_log_restart_seconds_total` (how often, and how
    long, the
    writer finished a long write-ahead log so that it could start over; replies to writes wait
    meanwhile),
    `appsim_devices`, and `appsim_instances{state}`. Never needs a token.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Problem | str
     """


    return (await asyncio_detailed(
        client=client,

    )).parsed
