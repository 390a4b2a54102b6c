from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

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
    (`runTask`). No callbacks. `422 event-unusable` before iOS 13, for an identifier not in
    `info.taskIdentifiers`, or without the background mode the kind needs (`fetch` for `appRefresh`,
    `processing` for `processing`); `422 invalid-field` for `requiresExternalPower` on an app-refresh task;
    `409` unless the app is running.

        Attributes:
            type_ (Literal['submitTask']):
            identifier (str): One of the app's `info.taskIdentifiers`. Example: com.example.news.refresh.
            kind (TaskKind): `appRefresh` (BGAppRefreshTaskRequest, needs the `fetch` mode) or `processing`
                (BGProcessingTaskRequest, needs the `processing` mode).
            earliest_begin_seconds (float | None | Unset): `earliestBeginDate`, in seconds from now on the device clock
                (0–31536000, fractions allowed). Default: 0.0.
            requires_external_power (bool | None | Unset): `BGProcessingTaskRequest.requiresExternalPower`: the task runs
                only while the device's `batteryState` is `charging` or `full`. Processing tasks only. Default: False.
     """

    type_: Literal['submitTask']
    identifier: str
    kind: TaskKind
    earliest_begin_seconds: float | None | Unset = 0.0
    requires_external_power: bool | None | Unset = False





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


        submit_task_event = cls(
            type_=type_,
            identifier=identifier,
            kind=kind,
            earliest_begin_seconds=earliest_begin_seconds,
            requires_external_power=requires_external_power,
        )

        return submit_task_event

