from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import Literal, cast






T = TypeVar("T", bound="TimeChangeEvent")



@_attrs_define
class TimeChangeEvent:
    """ Device event: a significant time change; apps get the delegate method `applicationSignificantTimeChange:` (with
    `UIApplicationSignificantTimeChangeNotification`), queued for suspended apps.

        Attributes:
            type_ (Literal['timeChange']):
     """

    type_: Literal['timeChange']





    def to_dict(self) -> dict[str, Any]:
        type_ = self.type_


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "type": type_,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        type_ = cast(Literal['timeChange'] , d.pop("type"))
        if type_ != 'timeChange':
            raise ValueError(f"type must match const 'timeChange', got '{type_}'")

        time_change_event = cls(
            type_=type_,
        )

        return time_change_event

