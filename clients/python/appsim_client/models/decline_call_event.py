from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import Literal, cast






T = TypeVar("T", bound="DeclineCallEvent")



@_attrs_define
class DeclineCallEvent:
    """ App event: the user declines the call ringing over the app: `applicationDidBecomeActive:` → `active`.
    `409` when no call is ringing over this app.

        Attributes:
            type_ (Literal['declineCall']):
     """

    type_: Literal['declineCall']





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
        type_ = cast(Literal['declineCall'] , d.pop("type"))
        if type_ != 'declineCall':
            raise ValueError(f"type must match const 'declineCall', got '{type_}'")

        decline_call_event = cls(
            type_=type_,
        )

        return decline_call_event

