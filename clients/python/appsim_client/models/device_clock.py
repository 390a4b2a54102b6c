from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.clock_mode import ClockMode
from ..types import UNSET, Unset
from typing import cast






T = TypeVar("T", bound="DeviceClock")



@_attrs_define
class DeviceClock:
    """ How the device's clock moves. A manual clock takes no `speed` (`422`).

        Attributes:
            mode (ClockMode | None | Unset):  Default: ClockMode.REALTIME.
            speed (float | None | Unset): Device seconds per wall second, for a realtime clock; 1 when absent.
     """

    mode: ClockMode | None | Unset = ClockMode.REALTIME
    speed: float | None | Unset = UNSET





    def to_dict(self) -> dict[str, Any]:
        mode: None | str | Unset
        if isinstance(self.mode, Unset):
            mode = UNSET
        elif isinstance(self.mode, ClockMode):
            mode = self.mode.value
        else:
            mode = self.mode

        speed: float | None | Unset
        if isinstance(self.speed, Unset):
            speed = UNSET
        else:
            speed = self.speed


        field_dict: dict[str, Any] = {}

        field_dict.update({
        })
        if mode is not UNSET:
            field_dict["mode"] = mode
        if speed is not UNSET:
            field_dict["speed"] = speed

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        def _parse_mode(data: object) -> ClockMode | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                mode_type_0 = ClockMode(data)



                return mode_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(ClockMode | None | Unset, data)

        mode = _parse_mode(d.pop("mode", UNSET))


        def _parse_speed(data: object) -> float | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(float | None | Unset, data)

        speed = _parse_speed(d.pop("speed", UNSET))


        device_clock = cls(
            mode=mode,
            speed=speed,
        )

        return device_clock

