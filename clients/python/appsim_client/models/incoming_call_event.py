from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import Literal, cast






T = TypeVar("T", bound="IncomingCallEvent")



@_attrs_define
class IncomingCallEvent:
    """ App event: a phone call rings over the active app: `applicationWillResignActive:` → `inactive`; the device's
    `call` names the app. `409` unless the app is active and not interrupted, or while a call is in progress.

        Attributes:
            type_ (Literal['incomingCall']):
     """

    type_: Literal['incomingCall']





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
        type_ = cast(Literal['incomingCall'] , d.pop("type"))
        if type_ != 'incomingCall':
            raise ValueError(f"type must match const 'incomingCall', got '{type_}'")

        incoming_call_event = cls(
            type_=type_,
        )

        return incoming_call_event

