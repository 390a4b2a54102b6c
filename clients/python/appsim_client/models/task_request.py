from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.task_kind import TaskKind






T = TypeVar("T", bound="TaskRequest")



@_attrs_define
class TaskRequest:
    """ A task the app asked BGTaskScheduler to run, pending until the system runs it (`runTask`).

        Attributes:
            identifier (str):
            kind (TaskKind): `appRefresh` (BGAppRefreshTaskRequest, needs the `fetch` mode) or `processing`
                (BGProcessingTaskRequest, needs the `processing` mode).
            earliest_begin_at (int): Device time (ms) before which the system does not run it (`runTask` is `409`).
            requires_external_power (bool): A processing task that runs only while the device's `batteryState` is `charging`
                or `full`.
     """

    identifier: str
    kind: TaskKind
    earliest_begin_at: int
    requires_external_power: bool





    def to_dict(self) -> dict[str, Any]:
        identifier = self.identifier

        kind = self.kind.value

        earliest_begin_at = self.earliest_begin_at

        requires_external_power = self.requires_external_power


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "identifier": identifier,
            "kind": kind,
            "earliestBeginAt": earliest_begin_at,
            "requiresExternalPower": requires_external_power,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        identifier = d.pop("identifier")

        kind = TaskKind(d.pop("kind"))




        earliest_begin_at = d.pop("earliestBeginAt")

        requires_external_power = d.pop("requiresExternalPower")

        task_request = cls(
            identifier=identifier,
            kind=kind,
            earliest_begin_at=earliest_begin_at,
            requires_external_power=requires_external_power,
        )

        return task_request

