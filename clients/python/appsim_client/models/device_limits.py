from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..types import UNSET, Unset
from typing import cast






T = TypeVar("T", bound="DeviceLimits")



@_attrs_define
class DeviceLimits:
    """ The system's time limits, in seconds (0–86400, fractions allowed). Replies list all of them.

        Attributes:
            suspend_delay_seconds (float | None | Unset): How long after `applicationDidEnterBackground:` an idle app is
                suspended. Default: 5.0.
            background_task_seconds (float | None | Unset): Background task time, shared by an app's tasks. Default by OS
                version: 600 before 7.0, 180 to 12.x, 30 from 13.0.
            launch_seconds (float | None | Unset): Watchdog limit of the launch callbacks. Default: 5.0.
            background_seconds (float | None | Unset): Watchdog limit of `applicationDidEnterBackground:`. Default: 5.0.
            terminate_seconds (float | None | Unset): Watchdog limit of `applicationWillTerminate:`. Default: 5.0.
            fetch_seconds (float | None | Unset): Watchdog limit of a background fetch or silent push; not completed by
                then, the app is killed. Default: 30.0.
            app_refresh_task_seconds (float | None | Unset): How long an app-refresh task (BGTaskScheduler) may run; not
                completed by then, it expires (`backgroundTaskExpired`) and the app is suspended. Default: 30.0.
            processing_task_seconds (float | None | Unset): How long a processing task (BGTaskScheduler) may run; not
                completed by then, it expires and the app is suspended. Default: 300.0.
            continued_processing_tasks (int | None | Unset): Continued processing tasks the device runs at once; more wait
                or are refused, by their `strategy`. Default: 1.
            continued_processing_stall_seconds (float | None | Unset): A continued task that reports no progress for this
                long (device time) expires, reason `noProgress`. Default: 30.0.
            background_pushes_per_hour (int | None | Unset): Silent pushes (only `content-available`) an app in the
                background may receive per hour of device time;
                beyond that many in the last hour, a silent push is `dropped` with reason `throttled`. Null (the default):
                no budget. Replies show it only when set.
     """

    suspend_delay_seconds: float | None | Unset = 5.0
    background_task_seconds: float | None | Unset = UNSET
    launch_seconds: float | None | Unset = 5.0
    background_seconds: float | None | Unset = 5.0
    terminate_seconds: float | None | Unset = 5.0
    fetch_seconds: float | None | Unset = 30.0
    app_refresh_task_seconds: float | None | Unset = 30.0
    processing_task_seconds: float | None | Unset = 300.0
    continued_processing_tasks: int | None | Unset = 1
    continued_processing_stall_seconds: float | None | Unset = 30.0
    background_pushes_per_hour: int | None | Unset = UNSET





    def to_dict(self) -> dict[str, Any]:
        suspend_delay_seconds: float | None | Unset
        if isinstance(self.suspend_delay_seconds, Unset):
            suspend_delay_seconds = UNSET
        else:
            suspend_delay_seconds = self.suspend_delay_seconds

        background_task_seconds: float | None | Unset
        if isinstance(self.background_task_seconds, Unset):
            background_task_seconds = UNSET
        else:
            background_task_seconds = self.background_task_seconds

        launch_seconds: float | None | Unset
        if isinstance(self.launch_seconds, Unset):
            launch_seconds = UNSET
        else:
            launch_seconds = self.launch_seconds

        background_seconds: float | None | Unset
        if isinstance(self.background_seconds, Unset):
            background_seconds = UNSET
        else:
            background_seconds = self.background_seconds

        terminate_seconds: float | None | Unset
        if isinstance(self.terminate_seconds, Unset):
            terminate_seconds = UNSET
        else:
            terminate_seconds = self.terminate_seconds

        fetch_seconds: float | None | Unset
        if isinstance(self.fetch_seconds, Unset):
            fetch_seconds = UNSET
        else:
            fetch_seconds = self.fetch_seconds

        app_refresh_task_seconds: float | None | Unset
        if isinstance(self.app_refresh_task_seconds, Unset):
            app_refresh_task_seconds = UNSET
        else:
            app_refresh_task_seconds = self.app_refresh_task_seconds

        processing_task_seconds: float | None | Unset
        if isinstance(self.processing_task_seconds, Unset):
            processing_task_seconds = UNSET
        else:
            processing_task_seconds = self.processing_task_seconds

        continued_processing_tasks: int | None | Unset
        if isinstance(self.continued_processing_tasks, Unset):
            continued_processing_tasks = UNSET
        else:
            continued_processing_tasks = self.continued_processing_tasks

        continued_processing_stall_seconds: float | None | Unset
        if isinstance(self.continued_processing_stall_seconds, Unset):
            continued_processing_stall_seconds = UNSET
        else:
            continued_processing_stall_seconds = self.continued_processing_stall_seconds

        background_pushes_per_hour: int | None | Unset
        if isinstance(self.background_pushes_per_hour, Unset):
            background_pushes_per_hour = UNSET
        else:
            background_pushes_per_hour = self.background_pushes_per_hour


        field_dict: dict[str, Any] = {}

        field_dict.update({
        })
        if suspend_delay_seconds is not UNSET:
            field_dict["suspendDelaySeconds"] = suspend_delay_seconds
        if background_task_seconds is not UNSET:
            field_dict["backgroundTaskSeconds"] = background_task_seconds
        if launch_seconds is not UNSET:
            field_dict["launchSeconds"] = launch_seconds
        if background_seconds is not UNSET:
            field_dict["backgroundSeconds"] = background_seconds
        if terminate_seconds is not UNSET:
            field_dict["terminateSeconds"] = terminate_seconds
        if fetch_seconds is not UNSET:
            field_dict["fetchSeconds"] = fetch_seconds
        if app_refresh_task_seconds is not UNSET:
            field_dict["appRefreshTaskSeconds"] = app_refresh_task_seconds
        if processing_task_seconds is not UNSET:
            field_dict["processingTaskSeconds"] = processing_task_seconds
        if continued_processing_tasks is not UNSET:
            field_dict["continuedProcessingTasks"] = continued_processing_tasks
        if continued_processing_stall_seconds is not UNSET:
            field_dict["continuedProcessingStallSeconds"] = continued_processing_stall_seconds
        if background_pushes_per_hour is not UNSET:
            field_dict["backgroundPushesPerHour"] = background_pushes_per_hour

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        def _parse_suspend_delay_seconds(data: object) -> float | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(float | None | Unset, data)

        suspend_delay_seconds = _parse_suspend_delay_seconds(d.pop("suspendDelaySeconds", UNSET))


        def _parse_background_task_seconds(data: object) -> float | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(float | None | Unset, data)

        background_task_seconds = _parse_background_task_seconds(d.pop("backgroundTaskSeconds", UNSET))


        def _parse_launch_seconds(data: object) -> float | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(float | None | Unset, data)

        launch_seconds = _parse_launch_seconds(d.pop("launchSeconds", UNSET))


        def _parse_background_seconds(data: object) -> float | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(float | None | Unset, data)

        background_seconds = _parse_background_seconds(d.pop("backgroundSeconds", UNSET))


        def _parse_terminate_seconds(data: object) -> float | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(float | None | Unset, data)

        terminate_seconds = _parse_terminate_seconds(d.pop("terminateSeconds", UNSET))


        def _parse_fetch_seconds(data: object) -> float | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(float | None | Unset, data)

        fetch_seconds = _parse_fetch_seconds(d.pop("fetchSeconds", UNSET))


        def _parse_app_refresh_task_seconds(data: object) -> float | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(float | None | Unset, data)

        app_refresh_task_seconds = _parse_app_refresh_task_seconds(d.pop("appRefreshTaskSeconds", UNSET))


        def _parse_processing_task_seconds(data: object) -> float | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(float | None | Unset, data)

        processing_task_seconds = _parse_processing_task_seconds(d.pop("processingTaskSeconds", UNSET))


        def _parse_continued_processing_tasks(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        continued_processing_tasks = _parse_continued_processing_tasks(d.pop("continuedProcessingTasks", UNSET))


        def _parse_continued_processing_stall_seconds(data: object) -> float | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(float | None | Unset, data)

        continued_processing_stall_seconds = _parse_continued_processing_stall_seconds(d.pop("continuedProcessingStallSeconds", UNSET))


        def _parse_background_pushes_per_hour(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        background_pushes_per_hour = _parse_background_pushes_per_hour(d.pop("backgroundPushesPerHour", UNSET))


        device_limits = cls(
            suspend_delay_seconds=suspend_delay_seconds,
            background_task_seconds=background_task_seconds,
            launch_seconds=launch_seconds,
            background_seconds=background_seconds,
            terminate_seconds=terminate_seconds,
            fetch_seconds=fetch_seconds,
            app_refresh_task_seconds=app_refresh_task_seconds,
            processing_task_seconds=processing_task_seconds,
            continued_processing_tasks=continued_processing_tasks,
            continued_processing_stall_seconds=continued_processing_stall_seconds,
            background_pushes_per_hour=background_pushes_per_hour,
        )

        return device_limits

