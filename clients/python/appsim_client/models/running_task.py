from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.task_kind import TaskKind
from typing import cast






T = TypeVar("T", bound="RunningTask")



@_attrs_define
class RunningTask:
    """ The scheduled task an app runs.

        Attributes:
            identifier (str):
            kind (TaskKind): `appRefresh` (BGAppRefreshTaskRequest, needs the `fetch` mode), `processing`
                (BGProcessingTaskRequest, needs the `processing` mode) or `continuedProcessing`
                (BGContinuedProcessingTaskRequest, iOS 26).
            started_at (int): Device time (ms) when `runTask` started it.
            expires_at (int | None): Device time (ms) when it expires if not completed; null once the app came to the
                foreground, where it never expires.
     """

    identifier: str
    kind: TaskKind
    started_at: int
    expires_at: int | None





    def to_dict(self) -> dict[str, Any]:
        identifier = self.identifier

        kind = self.kind.value

        started_at = self.started_at

        expires_at: int | None
        expires_at = self.expires_at


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "identifier": identifier,
            "kind": kind,
            "startedAt": started_at,
            "expiresAt": expires_at,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        identifier = d.pop("identifier")

        kind = TaskKind(d.pop("kind"))




        started_at = d.pop("startedAt")

        def _parse_expires_at(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        expires_at = _parse_expires_at(d.pop("expiresAt"))


        running_task = cls(
            identifier=identifier,
            kind=kind,
            started_at=started_at,
            expires_at=expires_at,
        )

        return running_task

