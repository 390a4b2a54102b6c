from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.submit_task_event_strategy_type_1 import SubmitTaskEventStrategyType1
from ..models.submit_task_event_strategy_type_2_type_1 import SubmitTaskEventStrategyType2Type1
from ..models.submit_task_event_strategy_type_3_type_1 import SubmitTaskEventStrategyType3Type1
from ..models.task_kind import TaskKind
from ..types import UNSET, Unset
from typing import cast
from typing import Literal, cast






T = TypeVar("T", bound="SubmitTaskEvent")



@_attrs_define
class SubmitTaskEvent:
    """ App action (docs/lifecycle.md, Scheduled tasks): the running app's code submits a BGTaskScheduler request. It is
    pending in
    the instance's `taskRequests` (one per identifier: a new one replaces it) until the system runs it
    (`runTask`). No callbacks. An app holds at most 1 pending `appRefresh` and 10 pending `processing` requests
    (`409`, `reason: tooManyPendingTaskRequests`).

    `kind: continuedProcessing` (iOS 26; docs/lifecycle.md, Continued processing tasks) needs `title`, takes
    `subtitle`, `strategy` and `requiresGPU`, not `earliestBeginSeconds`; its identifier may match an entry of
    `info.taskIdentifiers` ending in `.*`. The app must be `active` (`409`); `requiresGPU` needs the device's
    `supportsBackgroundGPU` (`422`). With room on the device (`limits.continuedProcessingTasks`) it starts at
    once (`BGTaskScheduler launchHandler`); without, `strategy: fail` is `409` with `reason: unavailable` and
    `queue` keeps it pending until room frees. `422 event-unusable` before iOS 13, for an identifier not in
    `info.taskIdentifiers`, or without the background mode the kind needs (`fetch` for `appRefresh`,
    `processing` for `processing`); `422 invalid-field` for `requiresExternalPower` on an app-refresh task;
    `409` unless the app is running.

        Attributes:
            type_ (Literal['submitTask']):
            identifier (str): One of the app's `info.taskIdentifiers`. Example: com.example.news.refresh.
            kind (TaskKind): `appRefresh` (BGAppRefreshTaskRequest, needs the `fetch` mode), `processing`
                (BGProcessingTaskRequest, needs the `processing` mode) or `continuedProcessing`
                (BGContinuedProcessingTaskRequest, iOS 26).
            earliest_begin_seconds (float | None | Unset): `earliestBeginDate`, in seconds from now on the device clock
                (0–31536000, fractions allowed). Default: 0.0.
            requires_external_power (bool | None | Unset): `BGProcessingTaskRequest.requiresExternalPower`: the task runs
                only while the device's `batteryState` is `charging` or `full`. Processing tasks only. Default: False.
            title (None | str | Unset): What the continued task's Live Activity says (continuedProcessing only, and required
                there). Example: Exporting video.
            subtitle (None | str | Unset): Its second line (continuedProcessing only). Example: 3 clips.
            strategy (None | SubmitTaskEventStrategyType1 | SubmitTaskEventStrategyType2Type1 |
                SubmitTaskEventStrategyType3Type1 | Unset): With no room on the device: wait for it (`queue`) or be refused
                (`fail`) (continuedProcessing only). Default: SubmitTaskEventStrategyType1.QUEUE.
            requires_gpu (bool | None | Unset): The task uses the GPU in the background, which the device must support
                (continuedProcessing only). Default: False.
     """

    type_: Literal['submitTask']
    identifier: str
    kind: TaskKind
    earliest_begin_seconds: float | None | Unset = 0.0
    requires_external_power: bool | None | Unset = False
    title: None | str | Unset = UNSET
    subtitle: None | str | Unset = UNSET
    strategy: None | SubmitTaskEventStrategyType1 | SubmitTaskEventStrategyType2Type1 | SubmitTaskEventStrategyType3Type1 | Unset = SubmitTaskEventStrategyType1.QUEUE
    requires_gpu: bool | None | Unset = False





    def to_dict(self) -> dict[str, Any]:
        type_ = self.type_

        identifier = self.identifier

        kind = self.kind.value

        earliest_begin_seconds: float | None | Unset
        if isinstance(self.earliest_begin_seconds, Unset):
            earliest_begin_seconds = UNSET
        else:
            earliest_begin_seconds = self.earliest_begin_seconds

        requires_external_power: bool | None | Unset
        if isinstance(self.requires_external_power, Unset):
            requires_external_power = UNSET
        else:
            requires_external_power = self.requires_external_power

        title: None | str | Unset
        if isinstance(self.title, Unset):
            title = UNSET
        else:
            title = self.title

        subtitle: None | str | Unset
        if isinstance(self.subtitle, Unset):
            subtitle = UNSET
        else:
            subtitle = self.subtitle

        strategy: None | str | Unset
        if isinstance(self.strategy, Unset):
            strategy = UNSET
        elif isinstance(self.strategy, SubmitTaskEventStrategyType1):
            strategy = self.strategy.value
        elif isinstance(self.strategy, SubmitTaskEventStrategyType2Type1):
            strategy = self.strategy.value
        elif isinstance(self.strategy, SubmitTaskEventStrategyType3Type1):
            strategy = self.strategy.value
        else:
            strategy = self.strategy

        requires_gpu: bool | None | Unset
        if isinstance(self.requires_gpu, Unset):
            requires_gpu = UNSET
        else:
            requires_gpu = self.requires_gpu


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "type": type_,
            "identifier": identifier,
            "kind": kind,
        })
        if earliest_begin_seconds is not UNSET:
            field_dict["earliestBeginSeconds"] = earliest_begin_seconds
        if requires_external_power is not UNSET:
            field_dict["requiresExternalPower"] = requires_external_power
        if title is not UNSET:
            field_dict["title"] = title
        if subtitle is not UNSET:
            field_dict["subtitle"] = subtitle
        if strategy is not UNSET:
            field_dict["strategy"] = strategy
        if requires_gpu is not UNSET:
            field_dict["requiresGPU"] = requires_gpu

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        type_ = cast(Literal['submitTask'] , d.pop("type"))
        if type_ != 'submitTask':
            raise ValueError(f"type must match const 'submitTask', got '{type_}'")

        identifier = d.pop("identifier")

        kind = TaskKind(d.pop("kind"))




        def _parse_earliest_begin_seconds(data: object) -> float | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(float | None | Unset, data)

        earliest_begin_seconds = _parse_earliest_begin_seconds(d.pop("earliestBeginSeconds", UNSET))


        def _parse_requires_external_power(data: object) -> bool | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(bool | None | Unset, data)

        requires_external_power = _parse_requires_external_power(d.pop("requiresExternalPower", UNSET))


        def _parse_title(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        title = _parse_title(d.pop("title", UNSET))


        def _parse_subtitle(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        subtitle = _parse_subtitle(d.pop("subtitle", UNSET))


        def _parse_strategy(data: object) -> None | SubmitTaskEventStrategyType1 | SubmitTaskEventStrategyType2Type1 | SubmitTaskEventStrategyType3Type1 | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                strategy_type_1 = SubmitTaskEventStrategyType1(data)



                return strategy_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, str):
                    raise TypeError()
                strategy_type_2_type_1 = SubmitTaskEventStrategyType2Type1(data)



                return strategy_type_2_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, str):
                    raise TypeError()
                strategy_type_3_type_1 = SubmitTaskEventStrategyType3Type1(data)



                return strategy_type_3_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | SubmitTaskEventStrategyType1 | SubmitTaskEventStrategyType2Type1 | SubmitTaskEventStrategyType3Type1 | Unset, data)

        strategy = _parse_strategy(d.pop("strategy", UNSET))


        def _parse_requires_gpu(data: object) -> bool | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(bool | None | Unset, data)

        requires_gpu = _parse_requires_gpu(d.pop("requiresGPU", UNSET))


        submit_task_event = cls(
            type_=type_,
            identifier=identifier,
            kind=kind,
            earliest_begin_seconds=earliest_begin_seconds,
            requires_external_power=requires_external_power,
            title=title,
            subtitle=subtitle,
            strategy=strategy,
            requires_gpu=requires_gpu,
        )

        return submit_task_event

