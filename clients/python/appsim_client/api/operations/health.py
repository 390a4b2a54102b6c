from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...types import Response, UNSET
from ... import errors

from ...models.health_response_200 import HealthResponse200
from ...models.problem import Problem
from typing import cast



def _get_kwargs(
    
) -> dict[str, Any]:
    

    

    

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/healthz",
    }


    return _kwargs



def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> HealthResponse200 | Problem | None:
    if response.status_code == 200:
        response_200 = HealthResponse200.from_dict(response.json())



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


def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[HealthResponse200 | Problem]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient | Client,

) -> Response[HealthResponse200 | Problem]:
    """ Check that the server can write its store.

     For load balancers and container health checks. Never needs a token. `200` only when a write would
    succeed
    now; otherwise `503` with a `detail` that says why and what to do:

    - the database file is corrupt (found by the first statement that reads the damage, or by the check
    that
      reads the whole file in the background after start-up): nothing more is written to it until it is
      recovered and appsim restarted;
    - the disk failed to store what was written: writes are refused until a restart, which replays the
    log;
    - the disk is full, or the database is at its size limit, or the last write failed for lack of room;
    - the database file cannot be written: it was opened read-only (its permissions, or it is immutable)
    or its
      file system is mounted read-only;
    - another process holds the database's write lock;
    - the checkpointer could not open its connection (writes still go, but the log is not copied back).

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[HealthResponse200 | Problem]
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

) -> HealthResponse200 | Problem | None:
    """ Check that the server can write its store.

     For load balancers and container health checks. Never needs a token. `200` only when a write would
    succeed
    now; otherwise `503` with a `detail` that says why and what to do:

    - the database file is corrupt (found by the first statement that reads the damage, or by the check
    that
      reads the whole file in the background after start-up): nothing more is written to it until it is
      recovered and appsim restarted;
    - the disk failed to store what was written: writes are refused until a restart, which replays the
    log;
    - the disk is full, or the database is at its size limit, or the last write failed for lack of room;
    - the database file cannot be written: it was opened read-only (its permissions, or it is immutable)
    or its
      file system is mounted read-only;
    - another process holds the database's write lock;
    - the checkpointer could not open its connection (writes still go, but the log is not copied back).

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        HealthResponse200 | Problem
     """


    return sync_detailed(
        client=client,

    ).parsed

async def asyncio_detailed(
    *,
    client: AuthenticatedClient | Client,

) -> Response[HealthResponse200 | Problem]:
    """ Check that the server can write its store.

     For load balancers and container health checks. Never needs a token. `200` only when a write would
    succeed
    now; otherwise `503` with a `detail` that says why and what to do:

    - the database file is corrupt (found by the first statement that reads the damage, or by the check
    that
      reads the whole file in the background after start-up): nothing more is written to it until it is
      recovered and appsim restarted;
    - the disk failed to store what was written: writes are refused until a restart, which replays the
    log;
    - the disk is full, or the database is at its size limit, or the last write failed for lack of room;
    - the database file cannot be written: it was opened read-only (its permissions, or it is immutable)
    or its
      file system is mounted read-only;
    - another process holds the database's write lock;
    - the checkpointer could not open its connection (writes still go, but the log is not copied back).

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[HealthResponse200 | Problem]
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

) -> HealthResponse200 | Problem | None:
    """ Check that the server can write its store.

     For load balancers and container health checks. Never needs a token. `200` only when a write would
    succeed
    now; otherwise `503` with a `detail` that says why and what to do:

    - the database file is corrupt (found by the first statement that reads the damage, or by the check
    that
      reads the whole file in the background after start-up): nothing more is written to it until it is
      recovered and appsim restarted;
    - the disk failed to store what was written: writes are refused until a restart, which replays the
    log;
    - the disk is full, or the database is at its size limit, or the last write failed for lack of room;
    - the database file cannot be written: it was opened read-only (its permissions, or it is immutable)
    or its
      file system is mounted read-only;
    - another process holds the database's write lock;
    - the checkpointer could not open its connection (writes still go, but the log is not copied back).

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        HealthResponse200 | Problem
     """


    return (await asyncio_detailed(
        client=client,

    )).parsed
