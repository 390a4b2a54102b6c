from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import Literal, cast






T = TypeVar("T", bound="ScreenModeEvent")



@_attrs_define
class ScreenModeEvent:
    """ Device event: `UIScreenModeDidChangeNotification`.

        Attributes:
            type_ (Literal['screenMode']):
            value (str):
     """

    type_: Literal['screenMode']
    value: str





    def to_dict(self) -> dict[str, Any]:
        type_ = self.type_

        value = self.value


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "type": type_,
            "value": value,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        type_ = cast(Literal['screenMode'] , d.pop("type"))
        if type_ != 'screenMode':
            raise ValueError(f"type must match const 'screenMode', got '{type_}'")

        value = d.pop("value")

        screen_mode_event = cls(
            type_=type_,
            value=value,
        )

        return screen_mode_event

