from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset







T = TypeVar("T", bound="BackgroundTaskStarted")



@_attrs_define
class BackgroundTaskStarted:
    """ 
        Attributes:
            task_id (int):
     """

    task_id: int





    def to_dict(self) -> dict[str, Any]:
        task_id = self.task_id


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "taskId": task_id,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        task_id = d.pop("taskId")

        background_task_started = cls(
            task_id=task_id,
        )

        return background_task_started

