from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..types import UNSET, Unset
from typing import cast
from typing import Literal, cast






T = TypeVar("T", bound="BeginBackgroundTaskEvent")



@_attrs_define
class BeginBackgroundTaskEvent:
    """ App action: the running app begins a background task, which keeps it running in the background until it
    ends it or background time runs out. The reply's `result` is `{taskId}`. `409` unless the app is running,
    and while it has 64 background tasks running (`limit` `backgroundTasks`).

        Attributes:
            type_ (Literal['beginBackgroundTask']):
            name (None | str | Unset):
     """

    type_: Literal['beginBackgroundTask']
    name: None | str | Unset = UNSET





    def to_dict(self) -> dict[str, Any]:
        type_ = self.type_

        name: None | str | Unset
        if isinstance(self.name, Unset):
            name = UNSET
        else:
            name = self.name


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "type": type_,
        })
        if name is not UNSET:
            field_dict["name"] = name

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        type_ = cast(Literal['beginBackgroundTask'] , d.pop("type"))
        if type_ != 'beginBackgroundTask':
            raise ValueError(f"type must match const 'beginBackgroundTask', got '{type_}'")

        def _parse_name(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        name = _parse_name(d.pop("name", UNSET))


        begin_background_task_event = cls(
            type_=type_,
            name=name,
        )

        return begin_background_task_event

