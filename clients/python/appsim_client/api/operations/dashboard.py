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
        "url": "/",
    }


    return _kwargs



def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Problem | str | None:
    if response.status_code == 200:
        response_200 = response.text
        return response_200

    if response.status_code == 403:
        response_403 = Problem.from_dict(response.json())



        return response_403

    if response.status_code == 405:
        response_405 = Problem.from_dict(response.json())



        return response_405

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
    """ The dashboard, a web page for people.

     A page that shows the devices, their apps and their event journals, and follows them live through
    the
    streams: an app's lifecycle state on a diagram, its callbacks as they come, its background tasks,
    pending
    notifications and saved data. It also creates devices, installs apps and posts events. Its script
    and style
    are under `/ui/`, served by appsim itself with `Content-Security-Policy: default-src 'self'`: the
    page needs
    nothing from another host. The files need no token; with `--token`, the page asks for it and sends
    it as
    `Authorization: Bearer` with every API call, streams included.

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
    """ The dashboard, a web page for people.

     A page that shows the devices, their apps and their event journals, and follows them live through
    the
    streams: an app's lifecycle state on a diagram, its callbacks as they come, its background tasks,
    pending
    notifications and saved data. It also creates devices, installs apps and posts events. Its script
    and style
    are under `/ui/`, served by appsim itself with `Content-Security-Policy: default-src 'self'`: the
    page needs
    nothing from another host. The files need no token; with `--token`, the page asks for it and sends
    it as
    `Authorization: Bearer` with every API call, streams included.

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
    """ The dashboard, a web page for people.

     A page that shows the devices, their apps and their event journals, and follows them live through
    the
    streams: an app's lifecycle state on a diagram, its callbacks as they come, its background tasks,
    pending
    notifications and saved data. It also creates devices, installs apps and posts events. Its script
    and style
    are under `/ui/`, served by appsim itself with `Content-Security-Policy: default-src 'self'`: the
    page needs
    nothing from another host. The files need no token; with `--token`, the page asks for it and sends
    it as
    `Authorization: Bearer` with every API call, streams included.

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
    """ The dashboard, a web page for people.

     A page that shows the devices, their apps and their event journals, and follows them live through
    the
    streams: an app's lifecycle state on a diagram, its callbacks as they come, its background tasks,
    pending
    notifications and saved data. It also creates devices, installs apps and posts events. Its script
    and style
    are under `/ui/`, served by appsim itself with `Content-Security-Policy: default-src 'self'`: the
    page needs
    nothing from another host. The files need no token; with `--token`, the page asks for it and sends
    it as
    `Authorization: Bearer` with every API call, streams included.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Problem | str
     """


    return (await asyncio_detailed(
        client=client,

    )).parsed
