from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import Literal, cast






T = TypeVar("T", bound="MemoryWarningEvent")



@_attrs_define
class MemoryWarningEvent:
    """ App event when posted to an instance: that app gets `applicationDidReceiveMemoryWarning:` (`409` unless it
    is running: active, inactive or background). Device event when posted to a device: every running app gets
    it, and it is never refused.

        Attributes:
            type_ (Literal['memoryWarning']):
     """

    type_: Literal['memoryWarning']





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
        type_ = cast(Literal['memoryWarning'] , d.pop("type"))
        if type_ != 'memoryWarning':
            raise ValueError(f"type must match const 'memoryWarning', got '{type_}'")

        memory_warning_event = cls(
            type_=type_,
        )

        return memory_warning_event

