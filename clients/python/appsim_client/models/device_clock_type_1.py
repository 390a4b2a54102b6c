from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import Literal, cast






T = TypeVar("T", bound="DeviceClockType1")



@_attrs_define
class DeviceClockType1:
    """ 
        Attributes:
            mode (Literal['manual']):
     """

    mode: Literal['manual']





    def to_dict(self) -> dict[str, Any]:
        mode = self.mode


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "mode": mode,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        mode = cast(Literal['manual'] , d.pop("mode"))
        if mode != 'manual':
            raise ValueError(f"mode must match const 'manual', got '{mode}'")

        device_clock_type_1 = cls(
            mode=mode,
        )

        return device_clock_type_1

