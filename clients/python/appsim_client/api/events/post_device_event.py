from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...types import Response, UNSET
from ... import errors

from ...models.accessory_event import AccessoryEvent
from ...models.advance_clock_event import AdvanceClockEvent
from ...models.app_switcher_event import AppSwitcherEvent
from ...models.battery_event import BatteryEvent
from ...models.dismiss_app_switcher_event import DismissAppSwitcherEvent
from ...models.display_event import DisplayEvent
from ...models.event_result import EventResult
from ...models.i_cloud_account_event import ICloudAccountEvent
from ...models.locale_event import LocaleEvent
from ...models.lock_event import LockEvent
from ...models.memory_pressure_event import MemoryPressureEvent
from ...models.memory_warning_event import MemoryWarningEvent
from ...models.orientation_event import OrientationEvent
from ...models.problem import Problem
from ...models.proximity_event import ProximityEvent
from ...models.reboot_event import RebootEvent
from ...models.run_task_event import RunTaskEvent
from ...models.screen_mode_event import ScreenModeEvent
from ...models.settings_event import SettingsEvent
from ...models.time_change_event import TimeChangeEvent
from ...models.unlock_event import UnlockEvent
from typing import cast



def _get_kwargs(
    device_id: str,
    *,
    body: AccessoryEvent | AdvanceClockEvent | AppSwitcherEvent | BatteryEvent | DismissAppSwitcherEvent | DisplayEvent | ICloudAccountEvent | LocaleEvent | LockEvent | MemoryPressureEvent | MemoryWarningEvent | OrientationEvent | ProximityEvent | RebootEvent | RunTaskEvent | ScreenModeEvent | SettingsEvent | TimeChangeEvent | UnlockEvent,

) -> dict[str, Any]:
    headers: dict[str, Any] = {}


    

    

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/v1/devices/{device_id}/events".format(device_id=quote(str(device_id), safe=""),),
    }

    
    if isinstance(body, LockEvent):
        _kwargs["json"] = body.to_dict()
    elif isinstance(body, UnlockEvent):
        _kwargs["json"] = body.to_dict()
    elif isinstance(body, RebootEvent):
        _kwargs["json"] = body.to_dict()
    elif isinstance(body, AppSwitcherEvent):
        _kwargs["json"] = body.to_dict()
    elif isinstance(body, DismissAppSwitcherEvent):
        _kwargs["json"] = body.to_dict()
    elif isinstance(body, MemoryPressureEvent):
        _kwargs["json"] = body.to_dict()
    elif isinstance(body, MemoryWarningEvent):
        _kwargs["json"] = body.to_dict()
    elif isinstance(body, AdvanceClockEvent):
        _kwargs["json"] = body.to_dict()
    elif isinstance(body, RunTaskEvent):
        _kwargs["json"] = body.to_dict()
    elif isinstance(body, OrientationEvent):
        _kwargs["json"] = body.to_dict()
    elif isinstance(body, TimeChangeEvent):
        _kwargs["json"] = body.to_dict()
    elif isinstance(body, BatteryEvent):
        _kwargs["json"] = body.to_dict()
    elif isinstance(body, ProximityEvent):
        _kwargs["json"] = body.to_dict()
    elif isinstance(body, AccessoryEvent):
        _kwargs["json"] = body.to_dict()
    elif isinstance(body, DisplayEvent):
        _kwargs["json"] = body.to_dict()
    elif isinstance(body, ScreenModeEvent):
        _kwargs["json"] = body.to_dict()
    elif isinstance(body, SettingsEvent):
        _kwargs["json"] = body.to_dict()
    elif isinstance(body, LocaleEvent):
        _kwargs["json"] = body.to_dict()
    else:
        _kwargs["json"] = body.to_dict()


    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs



def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> EventResult | Problem | None:
    if response.status_code == 200:
        response_200 = EventResult.from_dict(response.json())



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

    if response.status_code == 413:
        response_413 = Problem.from_dict(response.json())



        return response_413

    if response.status_code == 415:
        response_415 = Problem.from_dict(response.json())



        return response_415

    if response.status_code == 421:
        response_421 = Problem.from_dict(response.json())



        return response_421

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


def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[EventResult | Problem]:
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
    body: AccessoryEvent | AdvanceClockEvent | AppSwitcherEvent | BatteryEvent | DismissAppSwitcherEvent | DisplayEvent | ICloudAccountEvent | LocaleEvent | LockEvent | MemoryPressureEvent | MemoryWarningEvent | OrientationEvent | ProximityEvent | RebootEvent | RunTaskEvent | ScreenModeEvent | SettingsEvent | TimeChangeEvent | UnlockEvent,

) -> Response[EventResult | Problem]:
    """ Post a device event.

     Applies a device event (`lock`, `unlock`, `reboot`, `memoryPressure`, `memoryWarning`,
    `advanceClock`,
    and the system notifications `orientation`, `timeChange`, `battery`, `proximity`, `accessory`,
    `display`, `screenMode`, `settings`, `locale`, `iCloudAccount`) to every app on the device. The
    reply
    lists the state changes and the callbacks of all of them, in the order they happened. `runTask` is
    the
    one device event for one app: the first app of the device (in install order) with a pending request
    for
    the identifier (`409` if none has one).

    App events and app actions are refused here with `422` (`field: type`): post them to
    `/v1/instances/{instanceId}/events`.

    On a realtime clock, timers that fell due before the event fire first, as a stored event of their
    own
    (type `timers`); their callbacks are in the history and the streams, not in this reply. They fire
    even
    when the event itself is refused.

    Args:
        device_id (str):
        body (AccessoryEvent | AdvanceClockEvent | AppSwitcherEvent | BatteryEvent |
            DismissAppSwitcherEvent | DisplayEvent | ICloudAccountEvent | LocaleEvent | LockEvent |
            MemoryPressureEvent | MemoryWarningEvent | OrientationEvent | ProximityEvent | RebootEvent
            | RunTaskEvent | ScreenModeEvent | SettingsEvent | TimeChangeEvent | UnlockEvent): What
            `/v1/devices/{deviceId}/events` takes, told apart by `type`. App events and actions are
            `422` here.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[EventResult | Problem]
     """


    kwargs = _get_kwargs(
        device_id=device_id,
body=body,

    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)

def sync(
    device_id: str,
    *,
    client: AuthenticatedClient | Client,
    body: AccessoryEvent | AdvanceClockEvent | AppSwitcherEvent | BatteryEvent | DismissAppSwitcherEvent | DisplayEvent | ICloudAccountEvent | LocaleEvent | LockEvent | MemoryPressureEvent | MemoryWarningEvent | OrientationEvent | ProximityEvent | RebootEvent | RunTaskEvent | ScreenModeEvent | SettingsEvent | TimeChangeEvent | UnlockEvent,

) -> EventResult | Problem | None:
    """ Post a device event.

     Applies a device event (`lock`, `unlock`, `reboot`, `memoryPressure`, `memoryWarning`,
    `advanceClock`,
    and the system notifications `orientation`, `timeChange`, `battery`, `proximity`, `accessory`,
    `display`, `screenMode`, `settings`, `locale`, `iCloudAccount`) to every app on the device. The
    reply
    lists the state changes and the callbacks of all of them, in the order they happened. `runTask` is
    the
    one device event for one app: the first app of the device (in install order) with a pending request
    for
    the identifier (`409` if none has one).

    App events and app actions are refused here with `422` (`field: type`): post them to
    `/v1/instances/{instanceId}/events`.

    On a realtime clock, timers that fell due before the event fire first, as a stored event of their
    own
    (type `timers`); their callbacks are in the history and the streams, not in this reply. They fire
    even
    when the event itself is refused.

    Args:
        device_id (str):
        body (AccessoryEvent | AdvanceClockEvent | AppSwitcherEvent | BatteryEvent |
            DismissAppSwitcherEvent | DisplayEvent | ICloudAccountEvent | LocaleEvent | LockEvent |
            MemoryPressureEvent | MemoryWarningEvent | OrientationEvent | ProximityEvent | RebootEvent
            | RunTaskEvent | ScreenModeEvent | SettingsEvent | TimeChangeEvent | UnlockEvent): What
            `/v1/devices/{deviceId}/events` takes, told apart by `type`. App events and actions are
            `422` here.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        EventResult | Problem
     """


    return sync_detailed(
        device_id=device_id,
client=client,
body=body,

    ).parsed

async def asyncio_detailed(
    device_id: str,
    *,
    client: AuthenticatedClient | Client,
    body: AccessoryEvent | AdvanceClockEvent | AppSwitcherEvent | BatteryEvent | DismissAppSwitcherEvent | DisplayEvent | ICloudAccountEvent | LocaleEvent | LockEvent | MemoryPressureEvent | MemoryWarningEvent | OrientationEvent | ProximityEvent | RebootEvent | RunTaskEvent | ScreenModeEvent | SettingsEvent | TimeChangeEvent | UnlockEvent,

) -> Response[EventResult | Problem]:
    """ Post a device event.

     Applies a device event (`lock`, `unlock`, `reboot`, `memoryPressure`, `memoryWarning`,
    `advanceClock`,
    and the system notifications `orientation`, `timeChange`, `battery`, `proximity`, `accessory`,
    `display`, `screenMode`, `settings`, `locale`, `iCloudAccount`) to every app on the device. The
    reply
    lists the state changes and the callbacks of all of them, in the order they happened. `runTask` is
    the
    one device event for one app: the first app of the device (in install order) with a pending request
    for
    the identifier (`409` if none has one).

    App events and app actions are refused here with `422` (`field: type`): post them to
    `/v1/instances/{instanceId}/events`.

    On a realtime clock, timers that fell due before the event fire first, as a stored event of their
    own
    (type `timers`); their callbacks are in the history and the streams, not in this reply. They fire
    even
    when the event itself is refused.

    Args:
        device_id (str):
        body (AccessoryEvent | AdvanceClockEvent | AppSwitcherEvent | BatteryEvent |
            DismissAppSwitcherEvent | DisplayEvent | ICloudAccountEvent | LocaleEvent | LockEvent |
            MemoryPressureEvent | MemoryWarningEvent | OrientationEvent | ProximityEvent | RebootEvent
            | RunTaskEvent | ScreenModeEvent | SettingsEvent | TimeChangeEvent | UnlockEvent): What
            `/v1/devices/{deviceId}/events` takes, told apart by `type`. App events and actions are
            `422` here.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[EventResult | Problem]
     """


    kwargs = _get_kwargs(
        device_id=device_id,
body=body,

    )

    response = await client.get_async_httpx_client().request(
        **kwargs
    )

    return _build_response(client=client, response=response)

async def asyncio(
    device_id: str,
    *,
    client: AuthenticatedClient | Client,
    body: AccessoryEvent | AdvanceClockEvent | AppSwitcherEvent | BatteryEvent | DismissAppSwitcherEvent | DisplayEvent | ICloudAccountEvent | LocaleEvent | LockEvent | MemoryPressureEvent | MemoryWarningEvent | OrientationEvent | ProximityEvent | RebootEvent | RunTaskEvent | ScreenModeEvent | SettingsEvent | TimeChangeEvent | UnlockEvent,

) -> EventResult | Problem | None:
    """ Post a device event.

     Applies a device event (`lock`, `unlock`, `reboot`, `memoryPressure`, `memoryWarning`,
    `advanceClock`,
    and the system notifications `orientation`, `timeChange`, `battery`, `proximity`, `accessory`,
    `display`, `screenMode`, `settings`, `locale`, `iCloudAccount`) to every app on the device. The
    reply
    lists the state changes and the callbacks of all of them, in the order they happened. `runTask` is
    the
    one device event for one app: the first app of the device (in install order) with a pending request
    for
    the identifier (`409` if none has one).

    App events and app actions are refused here with `422` (`field: type`): post them to
    `/v1/instances/{instanceId}/events`.

    On a realtime clock, timers that fell due before the event fire first, as a stored event of their
    own
    (type `timers`); their callbacks are in the history and the streams, not in this reply. They fire
    even
    when the event itself is refused.

    Args:
        device_id (str):
        body (AccessoryEvent | AdvanceClockEvent | AppSwitcherEvent | BatteryEvent |
            DismissAppSwitcherEvent | DisplayEvent | ICloudAccountEvent | LocaleEvent | LockEvent |
            MemoryPressureEvent | MemoryWarningEvent | OrientationEvent | ProximityEvent | RebootEvent
            | RunTaskEvent | ScreenModeEvent | SettingsEvent | TimeChangeEvent | UnlockEvent): What
            `/v1/devices/{deviceId}/events` takes, told apart by `type`. App events and actions are
            `422` here.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        EventResult | Problem
     """


    return (await asyncio_detailed(
        device_id=device_id,
client=client,
body=body,

    )).parsed
