from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset







T = TypeVar("T", bound="TaskRequestProgress")



@_attrs_define
class TaskRequestProgress:
    """ A continued task's progress as the app last reported it.

        Attributes:
            completed (int):
            total (int):
     """

    completed: int
    total: int





    def to_dict(self) -> dict[str, Any]:
        completed = self.completed

        total = self.total


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "completed": completed,
            "total": total,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        completed = d.pop("completed")

        total = d.pop("total")

        task_request_progress = cls(
            completed=completed,
            total=total,
        )

        return task_request_progress

