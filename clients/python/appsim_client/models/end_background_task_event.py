from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import Literal, cast






T = TypeVar("T", bound="EndBackgroundTaskEvent")



@_attrs_define
class EndBackgroundTaskEvent:
    """ App action: the app ends a background task; once none is left, an idle app in the background is suspended
    after the suspend delay. `409` when no task with that id is running.

        Attributes:
            type_ (Literal['endBackgroundTask']):
            task_id (int):
     """

    type_: Literal['endBackgroundTask']
    task_id: int





    def to_dict(self) -> dict[str, Any]:
        type_ = self.type_

        task_id = self.task_id


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "type": type_,
            "taskId": task_id,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        type_ = cast(Literal['endBackgroundTask'] , d.pop("type"))
        if type_ != 'endBackgroundTask':
            raise ValueError(f"type must match const 'endBackgroundTask', got '{type_}'")

        task_id = d.pop("taskId")

        end_background_task_event = cls(
            type_=type_,
            task_id=task_id,
        )

        return end_background_task_event

