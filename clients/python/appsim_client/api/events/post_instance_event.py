from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...types import Response, UNSET
from ... import errors

from ...models.accessory_event import AccessoryEvent
from ...models.advance_clock_event import AdvanceClockEvent
from ...models.alert_event import AlertEvent
from ...models.answer_call_event import AnswerCallEvent
from ...models.app_switcher_event import AppSwitcherEvent
from ...models.background_fetch_event import BackgroundFetchEvent
from ...models.battery_event import BatteryEvent
from ...models.begin_background_task_event import BeginBackgroundTaskEvent
from ...models.cancel_task_event import CancelTaskEvent
from ...models.close_scene_event import CloseSceneEvent
from ...models.complete_fetch_event import CompleteFetchEvent
from ...models.complete_task_event import CompleteTaskEvent
from ...models.crash_event import CrashEvent
from ...models.decline_call_event import DeclineCallEvent
from ...models.disconnect_scene_event import DisconnectSceneEvent
from ...models.dismiss_alert_event import DismissAlertEvent
from ...models.dismiss_app_switcher_event import DismissAppSwitcherEvent
from ...models.dismiss_notification_center_event import DismissNotificationCenterEvent
from ...models.display_event import DisplayEvent
from ...models.edit_event import EditEvent
from ...models.end_background_task_event import EndBackgroundTaskEvent
from ...models.end_call_event import EndCallEvent
from ...models.event_result import EventResult
from ...models.force_quit_event import ForceQuitEvent
from ...models.home_event import HomeEvent
from ...models.i_cloud_account_event import ICloudAccountEvent
from ...models.incoming_call_event import IncomingCallEvent
from ...models.launch_event import LaunchEvent
from ...models.locale_event import LocaleEvent
from ...models.lock_event import LockEvent
from ...models.memory_pressure_event import MemoryPressureEvent
from ...models.memory_warning_event import MemoryWarningEvent
from ...models.notification_center_event import NotificationCenterEvent
from ...models.open_scene_event import OpenSceneEvent
from ...models.open_url_event import OpenURLEvent
from ...models.orientation_event import OrientationEvent
from ...models.problem import Problem
from ...models.proximity_event import ProximityEvent
from ...models.push_event import PushEvent
from ...models.reboot_event import RebootEvent
from ...models.report_progress_event import ReportProgressEvent
from ...models.run_task_event import RunTaskEvent
from ...models.screen_mode_event import ScreenModeEvent
from ...models.set_minimum_fetch_interval_event import SetMinimumFetchIntervalEvent
from ...models.settings_event import SettingsEvent
from ...models.submit_task_event import SubmitTaskEvent
from ...models.tap_notification_event import TapNotificationEvent
from ...models.terminate_event import TerminateEvent
from ...models.time_change_event import TimeChangeEvent
from ...models.unlock_event import UnlockEvent
from ...models.update_title_event import UpdateTitleEvent
from typing import cast



def _get_kwargs(
    instance_id: str,
    *,
    body: AccessoryEvent | AdvanceClockEvent | AlertEvent | AnswerCallEvent | AppSwitcherEvent | BackgroundFetchEvent | BatteryEvent | BeginBackgroundTaskEvent | CancelTaskEvent | CloseSceneEvent | CompleteFetchEvent | CompleteTaskEvent | CrashEvent | DeclineCallEvent | DisconnectSceneEvent | DismissAlertEvent | DismissAppSwitcherEvent | DismissNotificationCenterEvent | DisplayEvent | EditEvent | EndBackgroundTaskEvent | EndCallEvent | ForceQuitEvent | HomeEvent | ICloudAccountEvent | IncomingCallEvent | LaunchEvent | LocaleEvent | LockEvent | MemoryPressureEvent | MemoryWarningEvent | NotificationCenterEvent | OpenSceneEvent | OpenURLEvent | OrientationEvent | ProximityEvent | PushEvent | RebootEvent | ReportProgressEvent | RunTaskEvent | ScreenModeEvent | SetMinimumFetchIntervalEvent | SettingsEvent | SubmitTaskEvent | TapNotificationEvent | TerminateEvent | TimeChangeEvent | UnlockEvent | UpdateTitleEvent,

) -> dict[str, Any]:
    headers: dict[str, Any] = {}


    

    

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/v1/instances/{instance_id}/events".format(instance_id=quote(str(instance_id), safe=""),),
    }

    
    if isinstance(body, LaunchEvent):
        _kwargs["json"] = body.to_dict()
    elif isinstance(body, HomeEvent):
        _kwargs["json"] = body.to_dict()
    elif isinstance(body, OpenURLEvent):
        _kwargs["json"] = body.to_dict()
    elif isinstance(body, PushEvent):
        _kwargs["json"] = body.to_dict()
    elif isinstance(body, TapNotificationEvent):
        _kwargs["json"] = body.to_dict()
    elif isinstance(body, BackgroundFetchEvent):
        _kwargs["json"] = body.to_dict()
    elif isinstance(body, IncomingCallEvent):
        _kwargs["json"] = body.to_dict()
    elif isinstance(body, AnswerCallEvent):
        _kwargs["json"] = body.to_dict()
    elif isinstance(body, DeclineCallEvent):
        _kwargs["json"] = body.to_dict()
    elif isinstance(body, EndCallEvent):
        _kwargs["json"] = body.to_dict()
    elif isinstance(body, AlertEvent):
        _kwargs["json"] = body.to_dict()
    elif isinstance(body, DismissAlertEvent):
        _kwargs["json"] = body.to_dict()
    elif isinstance(body, NotificationCenterEvent):
        _kwargs["json"] = body.to_dict()
    elif isinstance(body, DismissNotificationCenterEvent):
        _kwargs["json"] = body.to_dict()
    elif isinstance(body, MemoryWarningEvent):
        _kwargs["json"] = body.to_dict()
    elif isinstance(body, ForceQuitEvent):
        _kwargs["json"] = body.to_dict()
    elif isinstance(body, TerminateEvent):
        _kwargs["json"] = body.to_dict()
    elif isinstance(body, CrashEvent):
        _kwargs["json"] = body.to_dict()
    elif isinstance(body, OpenSceneEvent):
        _kwargs["json"] = body.to_dict()
    elif isinstance(body, CloseSceneEvent):
        _kwargs["json"] = body.to_dict()
    elif isinstance(body, DisconnectSceneEvent):
        _kwargs["json"] = body.to_dict()
    elif isinstance(body, CancelTaskEvent):
        _kwargs["json"] = body.to_dict()
    elif isinstance(body, EditEvent):
        _kwargs["json"] = body.to_dict()
    elif isinstance(body, BeginBackgroundTaskEvent):
        _kwargs["json"] = body.to_dict()
    elif isinstance(body, EndBackgroundTaskEvent):
        _kwargs["json"] = body.to_dict()
    elif isinstance(body, CompleteFetchEvent):
        _kwargs["json"] = body.to_dict()
    elif isinstance(body, SetMinimumFetchIntervalEvent):
        _kwargs["json"] = body.to_dict()
    elif isinstance(body, SubmitTaskEvent):
        _kwargs["json"] = body.to_dict()
    elif isinstance(body, CompleteTaskEvent):
        _kwargs["json"] = body.to_dict()
    elif isinstance(body, ReportProgressEvent):
        _kwargs["json"] = body.to_dict()
    elif isinstance(body, UpdateTitleEvent):
        _kwargs["json"] = body.to_dict()
    elif isinstance(body, LockEvent):
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
    instance_id: str,
    *,
    client: AuthenticatedClient | Client,
    body: AccessoryEvent | AdvanceClockEvent | AlertEvent | AnswerCallEvent | AppSwitcherEvent | BackgroundFetchEvent | BatteryEvent | BeginBackgroundTaskEvent | CancelTaskEvent | CloseSceneEvent | CompleteFetchEvent | CompleteTaskEvent | CrashEvent | DeclineCallEvent | DisconnectSceneEvent | DismissAlertEvent | DismissAppSwitcherEvent | DismissNotificationCenterEvent | DisplayEvent | EditEvent | EndBackgroundTaskEvent | EndCallEvent | ForceQuitEvent | HomeEvent | ICloudAccountEvent | IncomingCallEvent | LaunchEvent | LocaleEvent | LockEvent | MemoryPressureEvent | MemoryWarningEvent | NotificationCenterEvent | OpenSceneEvent | OpenURLEvent | OrientationEvent | ProximityEvent | PushEvent | RebootEvent | ReportProgressEvent | RunTaskEvent | ScreenModeEvent | SetMinimumFetchIntervalEvent | SettingsEvent | SubmitTaskEvent | TapNotificationEvent | TerminateEvent | TimeChangeEvent | UnlockEvent | UpdateTitleEvent,

) -> Response[EventResult | Problem]:
    """ Post an app event, an app action, or a device event.

     Applies an event to this app: an app event (the user or the system acting on it, e.g. `launch`,
    `home`,
    `push`) or an app action (the app's own code, e.g. `edit`, `beginBackgroundTask`). A device event
    posted
    here applies to the app's whole device, exactly as if posted to `/v1/devices/{deviceId}/events`,
    with two
    exceptions: here `memoryWarning` goes to this app only, and `runTask` runs this app's task request.

    The reply (`200`) is sent once the event is stored and lists every state change and callback it
    caused,
    on every app of the device, in order. An event that makes no sense in the app's state (e.g. `home`
    when
    the app is not in the foreground) is refused with `409`: nothing changed, and `allowedEvents` lists
    what
    the app accepts now. An event that can never apply to this app (a URL scheme it does not declare,
    `backgroundFetch` without the `fetch` mode) is `422` `event-unusable`.

    On a realtime clock, timers that fell due before the event fire first, as a stored event of their
    own
    (type `timers`); their callbacks are in the history and the streams, not in this reply. They fire
    even
    when the event itself is refused.

    Args:
        instance_id (str):
        body (AccessoryEvent | AdvanceClockEvent | AlertEvent | AnswerCallEvent | AppSwitcherEvent
            | BackgroundFetchEvent | BatteryEvent | BeginBackgroundTaskEvent | CancelTaskEvent |
            CloseSceneEvent | CompleteFetchEvent | CompleteTaskEvent | CrashEvent | DeclineCallEvent |
            DisconnectSceneEvent | DismissAlertEvent | DismissAppSwitcherEvent |
            DismissNotificationCenterEvent | DisplayEvent | EditEvent | EndBackgroundTaskEvent |
            EndCallEvent | ForceQuitEvent | HomeEvent | ICloudAccountEvent | IncomingCallEvent |
            LaunchEvent | LocaleEvent | LockEvent | MemoryPressureEvent | MemoryWarningEvent |
            NotificationCenterEvent | OpenSceneEvent | OpenURLEvent | OrientationEvent |
            ProximityEvent | PushEvent | RebootEvent | ReportProgressEvent | RunTaskEvent |
            ScreenModeEvent | SetMinimumFetchIntervalEvent | SettingsEvent | SubmitTaskEvent |
            TapNotificationEvent | TerminateEvent | TimeChangeEvent | UnlockEvent | UpdateTitleEvent):
            What `/v1/instances/{instanceId}/events` takes: an app event, an app action, or a device
            event (applied to
            the app's device), told apart by `type`.

            A scene app (`info.scenes`, iOS ≥ 13; docs/lifecycle.md, Scenes) gets the scene delegate's
            callbacks where the others
            get `applicationDidBecomeActive:`, `applicationWillResignActive:`,
            `applicationDidEnterBackground:` and
            `applicationWillEnterForeground:`, each followed by the app's UIApplication notification
            when the app as a
            whole changes; a launch connects its scenes (`scene:willConnectToSession:options:`, after
            `application:configurationForConnectingSceneSession:options:` for a new session), a URL
            reaches the running
            app through `scene:openURLContexts:` (a launch, in the connection's options), memory
            pressure disconnects background scenes first, and force quit
            discards its sessions (`application:didDiscardSceneSessions:`). Events that name no scene
            act on every
            connected scene, in the order they were connected.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[EventResult | Problem]
     """


    kwargs = _get_kwargs(
        instance_id=instance_id,
body=body,

    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)

def sync(
    instance_id: str,
    *,
    client: AuthenticatedClient | Client,
    body: AccessoryEvent | AdvanceClockEvent | AlertEvent | AnswerCallEvent | AppSwitcherEvent | BackgroundFetchEvent | BatteryEvent | BeginBackgroundTaskEvent | CancelTaskEvent | CloseSceneEvent | CompleteFetchEvent | CompleteTaskEvent | CrashEvent | DeclineCallEvent | DisconnectSceneEvent | DismissAlertEvent | DismissAppSwitcherEvent | DismissNotificationCenterEvent | DisplayEvent | EditEvent | EndBackgroundTaskEvent | EndCallEvent | ForceQuitEvent | HomeEvent | ICloudAccountEvent | IncomingCallEvent | LaunchEvent | LocaleEvent | LockEvent | MemoryPressureEvent | MemoryWarningEvent | NotificationCenterEvent | OpenSceneEvent | OpenURLEvent | OrientationEvent | ProximityEvent | PushEvent | RebootEvent | ReportProgressEvent | RunTaskEvent | ScreenModeEvent | SetMinimumFetchIntervalEvent | SettingsEvent | SubmitTaskEvent | TapNotificationEvent | TerminateEvent | TimeChangeEvent | UnlockEvent | UpdateTitleEvent,

) -> EventResult | Problem | None:
    """ Post an app event, an app action, or a device event.

     Applies an event to this app: an app event (the user or the system acting on it, e.g. `launch`,
    `home`,
    `push`) or an app action (the app's own code, e.g. `edit`, `beginBackgroundTask`). A device event
    posted
    here applies to the app's whole device, exactly as if posted to `/v1/devices/{deviceId}/events`,
    with two
    exceptions: here `memoryWarning` goes to this app only, and `runTask` runs this app's task request.

    The reply (`200`) is sent once the event is stored and lists every state change and callback it
    caused,
    on every app of the device, in order. An event that makes no sense in the app's state (e.g. `home`
    when
    the app is not in the foreground) is refused with `409`: nothing changed, and `allowedEvents` lists
    what
    the app accepts now. An event that can never apply to this app (a URL scheme it does not declare,
    `backgroundFetch` without the `fetch` mode) is `422` `event-unusable`.

    On a realtime clock, timers that fell due before the event fire first, as a stored event of their
    own
    (type `timers`); their callbacks are in the history and the streams, not in this reply. They fire
    even
    when the event itself is refused.

    Args:
        instance_id (str):
        body (AccessoryEvent | AdvanceClockEvent | AlertEvent | AnswerCallEvent | AppSwitcherEvent
            | BackgroundFetchEvent | BatteryEvent | BeginBackgroundTaskEvent | CancelTaskEvent |
            CloseSceneEvent | CompleteFetchEvent | CompleteTaskEvent | CrashEvent | DeclineCallEvent |
            DisconnectSceneEvent | DismissAlertEvent | DismissAppSwitcherEvent |
            DismissNotificationCenterEvent | DisplayEvent | EditEvent | EndBackgroundTaskEvent |
            EndCallEvent | ForceQuitEvent | HomeEvent | ICloudAccountEvent | IncomingCallEvent |
            LaunchEvent | LocaleEvent | LockEvent | MemoryPressureEvent | MemoryWarningEvent |
            NotificationCenterEvent | OpenSceneEvent | OpenURLEvent | OrientationEvent |
            ProximityEvent | PushEvent | RebootEvent | ReportProgressEvent | RunTaskEvent |
            ScreenModeEvent | SetMinimumFetchIntervalEvent | SettingsEvent | SubmitTaskEvent |
            TapNotificationEvent | TerminateEvent | TimeChangeEvent | UnlockEvent | UpdateTitleEvent):
            What `/v1/instances/{instanceId}/events` takes: an app event, an app action, or a device
            event (applied to
            the app's device), told apart by `type`.

            A scene app (`info.scenes`, iOS ≥ 13; docs/lifecycle.md, Scenes) gets the scene delegate's
            callbacks where the others
            get `applicationDidBecomeActive:`, `applicationWillResignActive:`,
            `applicationDidEnterBackground:` and
            `applicationWillEnterForeground:`, each followed by the app's UIApplication notification
            when the app as a
            whole changes; a launch connects its scenes (`scene:willConnectToSession:options:`, after
            `application:configurationForConnectingSceneSession:options:` for a new session), a URL
            reaches the running
            app through `scene:openURLContexts:` (a launch, in the connection's options), memory
            pressure disconnects background scenes first, and force quit
            discards its sessions (`application:didDiscardSceneSessions:`). Events that name no scene
            act on every
            connected scene, in the order they were connected.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        EventResult | Problem
     """


    return sync_detailed(
        instance_id=instance_id,
client=client,
body=body,

    ).parsed

async def asyncio_detailed(
    instance_id: str,
    *,
    client: AuthenticatedClient | Client,
    body: AccessoryEvent | AdvanceClockEvent | AlertEvent | AnswerCallEvent | AppSwitcherEvent | BackgroundFetchEvent | BatteryEvent | BeginBackgroundTaskEvent | CancelTaskEvent | CloseSceneEvent | CompleteFetchEvent | CompleteTaskEvent | CrashEvent | DeclineCallEvent | DisconnectSceneEvent | DismissAlertEvent | DismissAppSwitcherEvent | DismissNotificationCenterEvent | DisplayEvent | EditEvent | EndBackgroundTaskEvent | EndCallEvent | ForceQuitEvent | HomeEvent | ICloudAccountEvent | IncomingCallEvent | LaunchEvent | LocaleEvent | LockEvent | MemoryPressureEvent | MemoryWarningEvent | NotificationCenterEvent | OpenSceneEvent | OpenURLEvent | OrientationEvent | ProximityEvent | PushEvent | RebootEvent | ReportProgressEvent | RunTaskEvent | ScreenModeEvent | SetMinimumFetchIntervalEvent | SettingsEvent | SubmitTaskEvent | TapNotificationEvent | TerminateEvent | TimeChangeEvent | UnlockEvent | UpdateTitleEvent,

) -> Response[EventResult | Problem]:
    """ Post an app event, an app action, or a device event.

     Applies an event to this app: an app event (the user or the system acting on it, e.g. `launch`,
    `home`,
    `push`) or an app action (the app's own code, e.g. `edit`, `beginBackgroundTask`). A device event
    posted
    here applies to the app's whole device, exactly as if posted to `/v1/devices/{deviceId}/events`,
    with two
    exceptions: here `memoryWarning` goes to this app only, and `runTask` runs this app's task request.

    The reply (`200`) is sent once the event is stored and lists every state change and callback it
    caused,
    on every app of the device, in order. An event that makes no sense in the app's state (e.g. `home`
    when
    the app is not in the foreground) is refused with `409`: nothing changed, and `allowedEvents` lists
    what
    the app accepts now. An event that can never apply to this app (a URL scheme it does not declare,
    `backgroundFetch` without the `fetch` mode) is `422` `event-unusable`.

    On a realtime clock, timers that fell due before the event fire first, as a stored event of their
    own
    (type `timers`); their callbacks are in the history and the streams, not in this reply. They fire
    even
    when the event itself is refused.

    Args:
        instance_id (str):
        body (AccessoryEvent | AdvanceClockEvent | AlertEvent | AnswerCallEvent | AppSwitcherEvent
            | BackgroundFetchEvent | BatteryEvent | BeginBackgroundTaskEvent | CancelTaskEvent |
            CloseSceneEvent | CompleteFetchEvent | CompleteTaskEvent | CrashEvent | DeclineCallEvent |
            DisconnectSceneEvent | DismissAlertEvent | DismissAppSwitcherEvent |
            DismissNotificationCenterEvent | DisplayEvent | EditEvent | EndBackgroundTaskEvent |
            EndCallEvent | ForceQuitEvent | HomeEvent | ICloudAccountEvent | IncomingCallEvent |
            LaunchEvent | LocaleEvent | LockEvent | MemoryPressureEvent | MemoryWarningEvent |
            NotificationCenterEvent | OpenSceneEvent | OpenURLEvent | OrientationEvent |
            ProximityEvent | PushEvent | RebootEvent | ReportProgressEvent | RunTaskEvent |
            ScreenModeEvent | SetMinimumFetchIntervalEvent | SettingsEvent | SubmitTaskEvent |
            TapNotificationEvent | TerminateEvent | TimeChangeEvent | UnlockEvent | UpdateTitleEvent):
            What `/v1/instances/{instanceId}/events` takes: an app event, an app action, or a device
            event (applied to
            the app's device), told apart by `type`.

            A scene app (`info.scenes`, iOS ≥ 13; docs/lifecycle.md, Scenes) gets the scene delegate's
            callbacks where the others
            get `applicationDidBecomeActive:`, `applicationWillResignActive:`,
            `applicationDidEnterBackground:` and
            `applicationWillEnterForeground:`, each followed by the app's UIApplication notification
            when the app as a
            whole changes; a launch connects its scenes (`scene:willConnectToSession:options:`, after
            `application:configurationForConnectingSceneSession:options:` for a new session), a URL
            reaches the running
            app through `scene:openURLContexts:` (a launch, in the connection's options), memory
            pressure disconnects background scenes first, and force quit
            discards its sessions (`application:didDiscardSceneSessions:`). Events that name no scene
            act on every
            connected scene, in the order they were connected.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[EventResult | Problem]
     """


    kwargs = _get_kwargs(
        instance_id=instance_id,
body=body,

    )

    response = await client.get_async_httpx_client().request(
        **kwargs
    )

    return _build_response(client=client, response=response)

async def asyncio(
    instance_id: str,
    *,
    client: AuthenticatedClient | Client,
    body: AccessoryEvent | AdvanceClockEvent | AlertEvent | AnswerCallEvent | AppSwitcherEvent | BackgroundFetchEvent | BatteryEvent | BeginBackgroundTaskEvent | CancelTaskEvent | CloseSceneEvent | CompleteFetchEvent | CompleteTaskEvent | CrashEvent | DeclineCallEvent | DisconnectSceneEvent | DismissAlertEvent | DismissAppSwitcherEvent | DismissNotificationCenterEvent | DisplayEvent | EditEvent | EndBackgroundTaskEvent | EndCallEvent | ForceQuitEvent | HomeEvent | ICloudAccountEvent | IncomingCallEvent | LaunchEvent | LocaleEvent | LockEvent | MemoryPressureEvent | MemoryWarningEvent | NotificationCenterEvent | OpenSceneEvent | OpenURLEvent | OrientationEvent | ProximityEvent | PushEvent | RebootEvent | ReportProgressEvent | RunTaskEvent | ScreenModeEvent | SetMinimumFetchIntervalEvent | SettingsEvent | SubmitTaskEvent | TapNotificationEvent | TerminateEvent | TimeChangeEvent | UnlockEvent | UpdateTitleEvent,

) -> EventResult | Problem | None:
    """ Post an app event, an app action, or a device event.

     Applies an event to this app: an app event (the user or the system acting on it, e.g. `launch`,
    `home`,
    `push`) or an app action (the app's own code, e.g. `edit`, `beginBackgroundTask`). A device event
    posted
    here applies to the app's whole device, exactly as if posted to `/v1/devices/{deviceId}/events`,
    with two
    exceptions: here `memoryWarning` goes to this app only, and `runTask` runs this app's task request.

    The reply (`200`) is sent once the event is stored and lists every state change and callback it
    caused,
    on every app of the device, in order. An event that makes no sense in the app's state (e.g. `home`
    when
    the app is not in the foreground) is refused with `409`: nothing changed, and `allowedEvents` lists
    what
    the app accepts now. An event that can never apply to this app (a URL scheme it does not declare,
    `backgroundFetch` without the `fetch` mode) is `422` `event-unusable`.

    On a realtime clock, timers that fell due before the event fire first, as a stored event of their
    own
    (type `timers`); their callbacks are in the history and the streams, not in this reply. They fire
    even
    when the event itself is refused.

    Args:
        instance_id (str):
        body (AccessoryEvent | AdvanceClockEvent | AlertEvent | AnswerCallEvent | AppSwitcherEvent
            | BackgroundFetchEvent | BatteryEvent | BeginBackgroundTaskEvent | CancelTaskEvent |
            CloseSceneEvent | CompleteFetchEvent | CompleteTaskEvent | CrashEvent | DeclineCallEvent |
            DisconnectSceneEvent | DismissAlertEvent | DismissAppSwitcherEvent |
            DismissNotificationCenterEvent | DisplayEvent | EditEvent | EndBackgroundTaskEvent |
            EndCallEvent | ForceQuitEvent | HomeEvent | ICloudAccountEvent | IncomingCallEvent |
            LaunchEvent | LocaleEvent | LockEvent | MemoryPressureEvent | MemoryWarningEvent |
            NotificationCenterEvent | OpenSceneEvent | OpenURLEvent | OrientationEvent |
            ProximityEvent | PushEvent | RebootEvent | ReportProgressEvent | RunTaskEvent |
            ScreenModeEvent | SetMinimumFetchIntervalEvent | SettingsEvent | SubmitTaskEvent |
            TapNotificationEvent | TerminateEvent | TimeChangeEvent | UnlockEvent | UpdateTitleEvent):
            What `/v1/instances/{instanceId}/events` takes: an app event, an app action, or a device
            event (applied to
            the app's device), told apart by `type`.

            A scene app (`info.scenes`, iOS ≥ 13; docs/lifecycle.md, Scenes) gets the scene delegate's
            callbacks where the others
            get `applicationDidBecomeActive:`, `applicationWillResignActive:`,
            `applicationDidEnterBackground:` and
            `applicationWillEnterForeground:`, each followed by the app's UIApplication notification
            when the app as a
            whole changes; a launch connects its scenes (`scene:willConnectToSession:options:`, after
            `application:configurationForConnectingSceneSession:options:` for a new session), a URL
            reaches the running
            app through `scene:openURLContexts:` (a launch, in the connection's options), memory
            pressure disconnects background scenes first, and force quit
            discards its sessions (`application:didDiscardSceneSessions:`). Events that name no scene
            act on every
            connected scene, in the order they were connected.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        EventResult | Problem
     """


    return (await asyncio_detailed(
        instance_id=instance_id,
client=client,
body=body,

    )).parsed
