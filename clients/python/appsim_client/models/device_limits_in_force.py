from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..types import UNSET, Unset






T = TypeVar("T", bound="DeviceLimitsInForce")



@_attrs_define
class DeviceLimitsInForce:
    """ The limits in force on a device (`DeviceLimits`, as a reply shows it), in seconds: each one set, or its
    default, with the OS version"s background task time where none was set.

        Attributes:
            suspend_delay_seconds (float):
            background_task_seconds (float):
            launch_seconds (float):
            background_seconds (float):
            terminate_seconds (float):
            fetch_seconds (float):
            app_refresh_task_seconds (float):
            processing_task_seconds (float):
            continued_processing_tasks (int):
            continued_processing_stall_seconds (float):
            background_pushes_per_hour (int | Unset):
     """

    suspend_delay_seconds: float
    background_task_seconds: float
    launch_seconds: float
    background_seconds: float
    terminate_seconds: float
    fetch_seconds: float
    app_refresh_task_seconds: float
    processing_task_seconds: float
    continued_processing_tasks: int
    continued_processing_stall_seconds: float
    background_pushes_per_hour: int | Unset = UNSET





    def to_dict(self) -> dict[str, Any]:
        suspend_delay_seconds = self.suspend_delay_seconds

        background_task_seconds = self.background_task_seconds

        launch_seconds = self.launch_seconds

        background_seconds = self.background_seconds

        terminate_seconds = self.terminate_seconds

        fetch_seconds = self.fetch_seconds

        app_refresh_task_seconds = self.app_refresh_task_seconds

        processing_task_seconds = self.processing_task_seconds

        continued_processing_tasks = self.continued_processing_tasks

        continued_processing_stall_seconds = self.continued_processing_stall_seconds

        background_pushes_per_hour = self.background_pushes_per_hour


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "suspendDelaySeconds": suspend_delay_seconds,
            "backgroundTaskSeconds": background_task_seconds,
            "launchSeconds": launch_seconds,
            "backgroundSeconds": background_seconds,
            "terminateSeconds": terminate_seconds,
            "fetchSeconds": fetch_seconds,
            "appRefreshTaskSeconds": app_refresh_task_seconds,
            "processingTaskSeconds": processing_task_seconds,
            "continuedProcessingTasks": continued_processing_tasks,
            "continuedProcessingStallSeconds": continued_processing_stall_seconds,
        })
        if background_pushes_per_hour is not UNSET:
            field_dict["backgroundPushesPerHour"] = background_pushes_per_hour

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        suspend_delay_seconds = d.pop("suspendDelaySeconds")

        background_task_seconds = d.pop("backgroundTaskSeconds")

        launch_seconds = d.pop("launchSeconds")

        background_seconds = d.pop("backgroundSeconds")

        terminate_seconds = d.pop("terminateSeconds")

        fetch_seconds = d.pop("fetchSeconds")

        app_refresh_task_seconds = d.pop("appRefreshTaskSeconds")

        processing_task_seconds = d.pop("processingTaskSeconds")

        continued_processing_tasks = d.pop("continuedProcessingTasks")

        continued_processing_stall_seconds = d.pop("continuedProcessingStallSeconds")

        background_pushes_per_hour = d.pop("backgroundPushesPerHour", UNSET)

        device_limits_in_force = cls(
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

        return device_limits_in_force

