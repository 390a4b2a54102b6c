from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.task_kind import TaskKind
from ..models.task_request_status import TaskRequestStatus
from ..models.task_request_strategy import TaskRequestStrategy
from ..types import UNSET, Unset
from typing import cast

if TYPE_CHECKING:
  from ..models.task_request_progress import TaskRequestProgress





T = TypeVar("T", bound="TaskRequest")



@_attrs_define
class TaskRequest:
    """ A task the app asked BGTaskScheduler to run, pending until the system runs it (`runTask`); a continued task
    also while it runs, with what its Live Activity shows.

        Attributes:
            identifier (str):
            kind (TaskKind): `appRefresh` (BGAppRefreshTaskRequest, needs the `fetch` mode), `processing`
                (BGProcessingTaskRequest, needs the `processing` mode) or `continuedProcessing`
                (BGContinuedProcessingTaskRequest, iOS 26).
            earliest_begin_at (int): Device time (ms) before which the system does not run it (`runTask` is `409`); a
                continued task's submit time.
            requires_external_power (bool): A processing task that runs only while the device's `batteryState` is `charging`
                or `full`.
            status (TaskRequestStatus): `running` only for a continued task that has started.
            title (str | Unset): A continued task's title.
            subtitle (None | str | Unset):
            progress (TaskRequestProgress | Unset): A continued task's progress as the app last reported it.
            strategy (TaskRequestStrategy | Unset):
            requires_gpu (bool | Unset):
            started_at (int | None | Unset): Device time (ms) a continued task started; null while it waits.
     """

    identifier: str
    kind: TaskKind
    earliest_begin_at: int
    requires_external_power: bool
    status: TaskRequestStatus
    title: str | Unset = UNSET
    subtitle: None | str | Unset = UNSET
    progress: TaskRequestProgress | Unset = UNSET
    strategy: TaskRequestStrategy | Unset = UNSET
    requires_gpu: bool | Unset = UNSET
    started_at: int | None | Unset = UNSET





    def to_dict(self) -> dict[str, Any]:
        from ..models.task_request_progress import TaskRequestProgress # noqa: PLC0415
        identifier = self.identifier

        kind = self.kind.value

        earliest_begin_at = self.earliest_begin_at

        requires_external_power = self.requires_external_power

        status = self.status.value

        title = self.title

        subtitle: None | str | Unset
        if isinstance(self.subtitle, Unset):
            subtitle = UNSET
        else:
            subtitle = self.subtitle

        progress: dict[str, Any] | Unset = UNSET
        if not isinstance(self.progress, Unset):
            progress = self.progress.to_dict()

        strategy: str | Unset = UNSET
        if not isinstance(self.strategy, Unset):
            strategy = self.strategy.value


        requires_gpu = self.requires_gpu

        started_at: int | None | Unset
        if isinstance(self.started_at, Unset):
            started_at = UNSET
        else:
            started_at = self.started_at


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "identifier": identifier,
            "kind": kind,
            "earliestBeginAt": earliest_begin_at,
            "requiresExternalPower": requires_external_power,
            "status": status,
        })
        if title is not UNSET:
            field_dict["title"] = title
        if subtitle is not UNSET:
            field_dict["subtitle"] = subtitle
        if progress is not UNSET:
            field_dict["progress"] = progress
        if strategy is not UNSET:
            field_dict["strategy"] = strategy
        if requires_gpu is not UNSET:
            field_dict["requiresGPU"] = requires_gpu
        if started_at is not UNSET:
            field_dict["startedAt"] = started_at

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.task_request_progress import TaskRequestProgress # noqa: PLC0415
        d = dict(src_dict)
        identifier = d.pop("identifier")

        kind = TaskKind(d.pop("kind"))




        earliest_begin_at = d.pop("earliestBeginAt")

        requires_external_power = d.pop("requiresExternalPower")

        status = TaskRequestStatus(d.pop("status"))




        title = d.pop("title", UNSET)

        def _parse_subtitle(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        subtitle = _parse_subtitle(d.pop("subtitle", UNSET))


        _progress = d.pop("progress", UNSET)
        progress: TaskRequestProgress | Unset
        if isinstance(_progress,  Unset):
            progress = UNSET
        else:
            progress = TaskRequestProgress.from_dict(_progress)




        _strategy = d.pop("strategy", UNSET)
        strategy: TaskRequestStrategy | Unset
        if isinstance(_strategy,  Unset):
            strategy = UNSET
        else:
            strategy = TaskRequestStrategy(_strategy)




        requires_gpu = d.pop("requiresGPU", UNSET)

        def _parse_started_at(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        started_at = _parse_started_at(d.pop("startedAt", UNSET))


        task_request = cls(
            identifier=identifier,
            kind=kind,
            earliest_begin_at=earliest_begin_at,
            requires_external_power=requires_external_power,
            status=status,
            title=title,
            subtitle=subtitle,
            progress=progress,
            strategy=strategy,
            requires_gpu=requires_gpu,
            started_at=started_at,
        )

        return task_request

