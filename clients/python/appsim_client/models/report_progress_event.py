from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import Literal, cast






T = TypeVar("T", bound="ReportProgressEvent")



@_attrs_define
class ReportProgressEvent:
    """ App action (iOS 26): the app reports its running continued task's progress, which its Live Activity and the
    task request show; a task that reports none for `limits.continuedProcessingStallSeconds` expires
    (`noProgress`). No callback. `422 invalid-field` when `completed` is more than `total`; `409` when the app runs
    no such continued task.

        Attributes:
            type_ (Literal['reportProgress']):
            identifier (str): The running continued task. Example: com.example.news.export.1.
            completed (int): Units done. Example: 3.
            total (int): Units in all. Example: 10.
     """

    type_: Literal['reportProgress']
    identifier: str
    completed: int
    total: int





    def to_dict(self) -> dict[str, Any]:
        type_ = self.type_

        identifier = self.identifier

        completed = self.completed

        total = self.total


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "type": type_,
            "identifier": identifier,
            "completed": completed,
            "total": total,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        type_ = cast(Literal['reportProgress'] , d.pop("type"))
        if type_ != 'reportProgress':
            raise ValueError(f"type must match const 'reportProgress', got '{type_}'")

        identifier = d.pop("identifier")

        completed = d.pop("completed")

        total = d.pop("total")

        report_progress_event = cls(
            type_=type_,
            identifier=identifier,
            completed=completed,
            total=total,
        )

        return report_progress_event

