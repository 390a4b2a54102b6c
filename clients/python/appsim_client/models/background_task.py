from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import cast






T = TypeVar("T", bound="BackgroundTask")



@_attrs_define
class BackgroundTask:
    """ A background task the app began.

        Attributes:
            id (int): The task id (`endBackgroundTask`'s `taskId`).
            name (None | str): The name given to `beginBackgroundTask`; `behavior.backgroundTaskSeconds` for the behavior's
                own task.
            began_at (int): Device time in milliseconds.
            ends_at (int | None): When the behavior's own task ends by itself (device ms); null for a task begun by
                `beginBackgroundTask`, which runs until `endBackgroundTask` or until background time runs out.
     """

    id: int
    name: None | str
    began_at: int
    ends_at: int | None
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        id = self.id

        name: None | str
        name = self.name

        began_at = self.began_at

        ends_at: int | None
        ends_at = self.ends_at


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "id": id,
            "name": name,
            "beganAt": began_at,
            "endsAt": ends_at,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        id = d.pop("id")

        def _parse_name(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        name = _parse_name(d.pop("name"))


        began_at = d.pop("beganAt")

        def _parse_ends_at(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        ends_at = _parse_ends_at(d.pop("endsAt"))


        background_task = cls(
            id=id,
            name=name,
            began_at=began_at,
            ends_at=ends_at,
        )


        background_task.additional_properties = d
        return background_task

    @property
    def additional_keys(self) -> list[str]:
        return list(self.additional_properties.keys())

    def __getitem__(self, key: str) -> Any:
        return self.additional_properties[key]

    def __setitem__(self, key: str, value: Any) -> None:
        self.additional_properties[key] = value

    def __delitem__(self, key: str) -> None:
        del self.additional_properties[key]

    def __contains__(self, key: str) -> bool:
        return key in self.additional_properties
