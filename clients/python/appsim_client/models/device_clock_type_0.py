from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import Literal, cast






T = TypeVar("T", bound="DeviceClockType0")



@_attrs_define
class DeviceClockType0:
    """ 
        Attributes:
            mode (Literal['realtime']):
            speed (float):
     """

    mode: Literal['realtime']
    speed: float





    def to_dict(self) -> dict[str, Any]:
        mode = self.mode

        speed = self.speed


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "mode": mode,
            "speed": speed,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        mode = cast(Literal['realtime'] , d.pop("mode"))
        if mode != 'realtime':
            raise ValueError(f"mode must match const 'realtime', got '{mode}'")

        speed = d.pop("speed")

        device_clock_type_0 = cls(
            mode=mode,
            speed=speed,
        )

        return device_clock_type_0

