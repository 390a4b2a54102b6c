from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import Literal, cast






T = TypeVar("T", bound="DisplayEvent")



@_attrs_define
class DisplayEvent:
    """ Device event: `UIScreenDidConnectNotification` or `UIScreenDidDisconnectNotification`.

        Attributes:
            type_ (Literal['display']):
            connected (bool):
     """

    type_: Literal['display']
    connected: bool





    def to_dict(self) -> dict[str, Any]:
        type_ = self.type_

        connected = self.connected


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "type": type_,
            "connected": connected,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        type_ = cast(Literal['display'] , d.pop("type"))
        if type_ != 'display':
            raise ValueError(f"type must match const 'display', got '{type_}'")

        connected = d.pop("connected")

        display_event = cls(
            type_=type_,
            connected=connected,
        )

        return display_event

