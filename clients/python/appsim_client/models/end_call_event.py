from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import Literal, cast






T = TypeVar("T", bound="EndCallEvent")



@_attrs_define
class EndCallEvent:
    """ App event: the answered call that came over this app ends. If the app is in the background or suspended
    and the device is unlocked, it comes back: `applicationWillEnterForeground:` → `applicationDidBecomeActive:`.
    `409` when no answered call came over this app.

        Attributes:
            type_ (Literal['endCall']):
     """

    type_: Literal['endCall']





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
        type_ = cast(Literal['endCall'] , d.pop("type"))
        if type_ != 'endCall':
            raise ValueError(f"type must match const 'endCall', got '{type_}'")

        end_call_event = cls(
            type_=type_,
        )

        return end_call_event

