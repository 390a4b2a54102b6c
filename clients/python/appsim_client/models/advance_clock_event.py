from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import Literal, cast






T = TypeVar("T", bound="AdvanceClockEvent")



@_attrs_define
class AdvanceClockEvent:
    """ Device event: moves the device clock forward by `seconds` (fractions allowed, 0.001–31536000). Timers that
    fall due on the way (suspensions, background task ends and expiry, fetch completions, watchdogs) fire in
    order, each at its own device time. Works on realtime clocks too.

        Attributes:
            type_ (Literal['advanceClock']):
            seconds (float):
     """

    type_: Literal['advanceClock']
    seconds: float





    def to_dict(self) -> dict[str, Any]:
        type_ = self.type_

        seconds = self.seconds


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "type": type_,
            "seconds": seconds,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        type_ = cast(Literal['advanceClock'] , d.pop("type"))
        if type_ != 'advanceClock':
            raise ValueError(f"type must match const 'advanceClock', got '{type_}'")

        seconds = d.pop("seconds")

        advance_clock_event = cls(
            type_=type_,
            seconds=seconds,
        )

        return advance_clock_event

