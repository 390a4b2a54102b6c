from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..types import UNSET, Unset
from typing import cast
from typing import Literal, cast






T = TypeVar("T", bound="CompleteTaskEvent")



@_attrs_define
class CompleteTaskEvent:
    """ App action: the app calls `setTaskCompleted(success:)` for the scheduled task it runs (a `setTaskCompleted`
    record; with `behavior.taskSeconds: manual` this is the only way it completes); an idle app in the background
    is then suspended after the suspend delay. With `identifier`, or when the app runs one continued task and no
    scheduled one, it completes that continued task, and a waiting one may start. `409` when no such task runs.

        Attributes:
            type_ (Literal['completeTask']):
            success (bool | None | Unset):  Default: True.
            identifier (None | str | Unset): The continued task to complete, when the app runs more than one. Example:
                com.example.news.export.1.
     """

    type_: Literal['completeTask']
    success: bool | None | Unset = True
    identifier: None | str | Unset = UNSET





    def to_dict(self) -> dict[str, Any]:
        type_ = self.type_

        success: bool | None | Unset
        if isinstance(self.success, Unset):
            success = UNSET
        else:
            success = self.success

        identifier: None | str | Unset
        if isinstance(self.identifier, Unset):
            identifier = UNSET
        else:
            identifier = self.identifier


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "type": type_,
        })
        if success is not UNSET:
            field_dict["success"] = success
        if identifier is not UNSET:
            field_dict["identifier"] = identifier

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        type_ = cast(Literal['completeTask'] , d.pop("type"))
        if type_ != 'completeTask':
            raise ValueError(f"type must match const 'completeTask', got '{type_}'")

        def _parse_success(data: object) -> bool | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(bool | None | Unset, data)

        success = _parse_success(d.pop("success", UNSET))


        def _parse_identifier(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        identifier = _parse_identifier(d.pop("identifier", UNSET))


        complete_task_event = cls(
            type_=type_,
            success=success,
            identifier=identifier,
        )

        return complete_task_event

