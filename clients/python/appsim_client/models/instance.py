from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.application_state import ApplicationState
from ..models.fetch_interval_type_1 import FetchIntervalType1
from ..models.instance_lifecycle_model import InstanceLifecycleModel
from ..models.instance_xcui_state import InstanceXcuiState
from ..models.lifecycle_state import LifecycleState
from ..types import UNSET, Unset
from typing import cast

if TYPE_CHECKING:
  from ..models.background_task import BackgroundTask
  from ..models.installed_app_behavior import InstalledAppBehavior
  from ..models.installed_app_info import InstalledAppInfo
  from ..models.instance_data import InstanceData
  from ..models.instance_shown_notification_type_0 import InstanceShownNotificationType0
  from ..models.pending_notification import PendingNotification
  from ..models.running_task import RunningTask
  from ..models.scene import Scene
  from ..models.task_request import TaskRequest





T = TypeVar("T", bound="Instance")



@_attrs_define
class Instance:
    """ One app installed on one device, as it is now.

        Attributes:
            id (str): The device id, a dot and the install number.
            device (str):
            info (InstalledAppInfo): What an installed app declares (`AppInfo`, as a reply shows it): every default filled
                in, no member null;
                `taskIdentifiers` only when there are some, `userNotifications` only when true, `scenes` only when given. Each
                member means what it means in `AppInfo`.
            behavior (InstalledAppBehavior): How an installed app behaves (`AppBehavior`, as a reply shows it): every
                default filled in (seconds), no
                member null. Each member means what it means in `AppBehavior`.
            state (LifecycleState): Where an app is in its life: `notRunning`; in the foreground `active` (receiving events)
                or `inactive`
                (launching, or interrupted by a call, an alert, the notification center or a lock); `background`
                (running code off screen); `suspended` (in memory, not running).
            application_state (ApplicationState): What `UIApplication.applicationState` reads. `notRunning` and `suspended`
                read `background`; on iOS 5–6
                the app that was in the foreground reads `inactive` while the device is locked.
            xcui_state (InstanceXcuiState): `XCUIApplication.State`: 1 notRunning, 2 suspended, 3 background, 4 foreground
                (active or inactive).
            launch_count (int): How many times the app's process has started (foreground and background launches).
            force_quit (bool): The user swiped the app away; it is not launched in the background until the user launches it
                or the device reboots.
            background_time_remaining (float | None): Seconds of background task time left, while the app runs in the
                background with tasks; else null.
            background_tasks (list[BackgroundTask]):
            pending_notifications (list[PendingNotification]):
            shown_notification (InstanceShownNotificationType0 | None): The push payload shown for the app, which
                `tapNotification` opens; null if none.
            minimum_fetch_interval (FetchIntervalType1 | float): `UIApplication.setMinimumBackgroundFetchInterval`:
                `"never"` (no background fetches) or a number of seconds
                (0–31536000, fractions allowed). Another string is `422`, as a wrong `fetchResult` is; another JSON type `400`.
            data (InstanceData):
            restoration_archive (Any): The UI state (`data.memory.ui`, any JSON value) that state preservation saved,
                restored (and cleared) at
                the next launch after the system ended the app. Null until the app had UI state to keep when it was
                preserved; a force quit or a crash during launch deletes it.
            memory_mb (int): Memory the app uses now (0 when not running).
            updated_at (int): Device time (ms) of the last event that changed the app.
            lifecycle_model (InstanceLifecycleModel): The life cycle the app's code follows, as built: `swiftui` for an app
                with `info.ui: swiftui`, `scenes`
                for another app with `info.scenes`, `appDelegate` otherwise (docs/lifecycle.md, iOS 18 to 27).
            scenes (list[Scene] | Unset): Only for an app with `info.scenes`: its scenes with their sessions
                (docs/lifecycle.md, Scenes), in the order they
                were connected. A session outlives the process (kills, server restarts) until it is discarded (force quit,
                `closeScene`); its scene is `unattached` while not connected. Empty until the first foreground launch, and
                on an OS before 13.
            task_requests (list[TaskRequest] | Unset): Only for an app with `info.taskIdentifiers`: its pending
                BGTaskScheduler requests (`submitTask`), one per identifier, in the order they were submitted.
            running_task (None | RunningTask | Unset): Only for an app with `info.taskIdentifiers`: the scheduled task it
                runs now (`runTask`), until it completes or expires; null if none.
     """

    id: str
    device: str
    info: InstalledAppInfo
    behavior: InstalledAppBehavior
    state: LifecycleState
    application_state: ApplicationState
    xcui_state: InstanceXcuiState
    launch_count: int
    force_quit: bool
    background_time_remaining: float | None
    background_tasks: list[BackgroundTask]
    pending_notifications: list[PendingNotification]
    shown_notification: InstanceShownNotificationType0 | None
    minimum_fetch_interval: FetchIntervalType1 | float
    data: InstanceData
    restoration_archive: Any
    memory_mb: int
    updated_at: int
    lifecycle_model: InstanceLifecycleModel
    scenes: list[Scene] | Unset = UNSET
    task_requests: list[TaskRequest] | Unset = UNSET
    running_task: None | RunningTask | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.background_task import BackgroundTask # noqa: PLC0415
        from ..models.installed_app_behavior import InstalledAppBehavior # noqa: PLC0415
        from ..models.installed_app_info import InstalledAppInfo # noqa: PLC0415
        from ..models.instance_data import InstanceData # noqa: PLC0415
        from ..models.instance_shown_notification_type_0 import InstanceShownNotificationType0 # noqa: PLC0415
        from ..models.pending_notification import PendingNotification # noqa: PLC0415
        from ..models.running_task import RunningTask # noqa: PLC0415
        from ..models.scene import Scene # noqa: PLC0415
        from ..models.task_request import TaskRequest # noqa: PLC0415
        id = self.id

        device = self.device

        info = self.info.to_dict()

        behavior = self.behavior.to_dict()

        state = self.state.value

        application_state = self.application_state.value

        xcui_state = self.xcui_state.value

        launch_count = self.launch_count

        force_quit = self.force_quit

        background_time_remaining: float | None
        background_time_remaining = self.background_time_remaining

        background_tasks = []
        for background_tasks_item_data in self.background_tasks:
            background_tasks_item = background_tasks_item_data.to_dict()
            background_tasks.append(background_tasks_item)



        pending_notifications = []
        for pending_notifications_item_data in self.pending_notifications:
            pending_notifications_item = pending_notifications_item_data.to_dict()
            pending_notifications.append(pending_notifications_item)



        shown_notification: dict[str, Any] | None
        if isinstance(self.shown_notification, InstanceShownNotificationType0):
            shown_notification = self.shown_notification.to_dict()
        else:
            shown_notification = self.shown_notification

        minimum_fetch_interval: float | str
        if isinstance(self.minimum_fetch_interval, FetchIntervalType1):
            minimum_fetch_interval = self.minimum_fetch_interval.value
        else:
            minimum_fetch_interval = self.minimum_fetch_interval

        data = self.data.to_dict()

        restoration_archive = self.restoration_archive

        memory_mb = self.memory_mb

        updated_at = self.updated_at

        lifecycle_model = self.lifecycle_model.value

        scenes: list[dict[str, Any]] | Unset = UNSET
        if not isinstance(self.scenes, Unset):
            scenes = []
            for scenes_item_data in self.scenes:
                scenes_item = scenes_item_data.to_dict()
                scenes.append(scenes_item)



        task_requests: list[dict[str, Any]] | Unset = UNSET
        if not isinstance(self.task_requests, Unset):
            task_requests = []
            for task_requests_item_data in self.task_requests:
                task_requests_item = task_requests_item_data.to_dict()
                task_requests.append(task_requests_item)



        running_task: dict[str, Any] | None | Unset
        if isinstance(self.running_task, Unset):
            running_task = UNSET
        elif isinstance(self.running_task, RunningTask):
            running_task = self.running_task.to_dict()
        else:
            running_task = self.running_task


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "id": id,
            "device": device,
            "info": info,
            "behavior": behavior,
            "state": state,
            "applicationState": application_state,
            "xcuiState": xcui_state,
            "launchCount": launch_count,
            "forceQuit": force_quit,
            "backgroundTimeRemaining": background_time_remaining,
            "backgroundTasks": background_tasks,
            "pendingNotifications": pending_notifications,
            "shownNotification": shown_notification,
            "minimumFetchInterval": minimum_fetch_interval,
            "data": data,
            "restorationArchive": restoration_archive,
            "memoryMB": memory_mb,
            "updatedAt": updated_at,
            "lifecycleModel": lifecycle_model,
        })
        if scenes is not UNSET:
            field_dict["scenes"] = scenes
        if task_requests is not UNSET:
            field_dict["taskRequests"] = task_requests
        if running_task is not UNSET:
            field_dict["runningTask"] = running_task

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.background_task import BackgroundTask # noqa: PLC0415
        from ..models.installed_app_behavior import InstalledAppBehavior # noqa: PLC0415
        from ..models.installed_app_info import InstalledAppInfo # noqa: PLC0415
        from ..models.instance_data import InstanceData # noqa: PLC0415
        from ..models.instance_shown_notification_type_0 import InstanceShownNotificationType0 # noqa: PLC0415
        from ..models.pending_notification import PendingNotification # noqa: PLC0415
        from ..models.running_task import RunningTask # noqa: PLC0415
        from ..models.scene import Scene # noqa: PLC0415
        from ..models.task_request import TaskRequest # noqa: PLC0415
        d = dict(src_dict)
        id = d.pop("id")

        device = d.pop("device")

        info = InstalledAppInfo.from_dict(d.pop("info"))




        behavior = InstalledAppBehavior.from_dict(d.pop("behavior"))




        state = LifecycleState(d.pop("state"))




        application_state = ApplicationState(d.pop("applicationState"))




        xcui_state = InstanceXcuiState(d.pop("xcuiState"))




        launch_count = d.pop("launchCount")

        force_quit = d.pop("forceQuit")

        def _parse_background_time_remaining(data: object) -> float | None:
            if data is None:
                return data
            return cast(float | None, data)

        background_time_remaining = _parse_background_time_remaining(d.pop("backgroundTimeRemaining"))


        background_tasks = []
        _background_tasks = d.pop("backgroundTasks")
        for background_tasks_item_data in (_background_tasks):
            background_tasks_item = BackgroundTask.from_dict(background_tasks_item_data)



            background_tasks.append(background_tasks_item)


        pending_notifications = []
        _pending_notifications = d.pop("pendingNotifications")
        for pending_notifications_item_data in (_pending_notifications):
            pending_notifications_item = PendingNotification.from_dict(pending_notifications_item_data)



            pending_notifications.append(pending_notifications_item)


        def _parse_shown_notification(data: object) -> InstanceShownNotificationType0 | None:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                shown_notification_type_0 = InstanceShownNotificationType0.from_dict(data)



                return shown_notification_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(InstanceShownNotificationType0 | None, data)

        shown_notification = _parse_shown_notification(d.pop("shownNotification"))


        def _parse_minimum_fetch_interval(data: object) -> FetchIntervalType1 | float:
            try:
                if not isinstance(data, str):
                    raise TypeError()
                componentsschemas_fetch_interval_type_1 = FetchIntervalType1(data)



                return componentsschemas_fetch_interval_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(FetchIntervalType1 | float, data)

        minimum_fetch_interval = _parse_minimum_fetch_interval(d.pop("minimumFetchInterval"))


        data = InstanceData.from_dict(d.pop("data"))




        restoration_archive = d.pop("restorationArchive")

        memory_mb = d.pop("memoryMB")

        updated_at = d.pop("updatedAt")

        lifecycle_model = InstanceLifecycleModel(d.pop("lifecycleModel"))




        _scenes = d.pop("scenes", UNSET)
        scenes: list[Scene] | Unset = UNSET
        if _scenes is not UNSET:
            scenes = []
            for scenes_item_data in _scenes:
                scenes_item = Scene.from_dict(scenes_item_data)



                scenes.append(scenes_item)


        _task_requests = d.pop("taskRequests", UNSET)
        task_requests: list[TaskRequest] | Unset = UNSET
        if _task_requests is not UNSET:
            task_requests = []
            for task_requests_item_data in _task_requests:
                task_requests_item = TaskRequest.from_dict(task_requests_item_data)



                task_requests.append(task_requests_item)


        def _parse_running_task(data: object) -> None | RunningTask | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                running_task_type_0 = RunningTask.from_dict(data)



                return running_task_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | RunningTask | Unset, data)

        running_task = _parse_running_task(d.pop("runningTask", UNSET))


        instance = cls(
            id=id,
            device=device,
            info=info,
            behavior=behavior,
            state=state,
            application_state=application_state,
            xcui_state=xcui_state,
            launch_count=launch_count,
            force_quit=force_quit,
            background_time_remaining=background_time_remaining,
            background_tasks=background_tasks,
            pending_notifications=pending_notifications,
            shown_notification=shown_notification,
            minimum_fetch_interval=minimum_fetch_interval,
            data=data,
            restoration_archive=restoration_archive,
            memory_mb=memory_mb,
            updated_at=updated_at,
            lifecycle_model=lifecycle_model,
            scenes=scenes,
            task_requests=task_requests,
            running_task=running_task,
        )


        instance.additional_properties = d
        return instance

    @property
    def additional_keys(self) -> list[str]:
        return list(self.additional_properties.keys())

    def __getitem__(self, key: str) -> Any:
        return self.additional_properties[key]

    def __setitem__(self, key: str, value: Any) -> None:
        self.additional_properties[key] = value

    def __delitem__(self, key: str) -> None:
        del self.additional_properties[key]

    def __contains__(self, key: str) -> bool:
        return key in self.additional_properties
