from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import Literal, cast






T = TypeVar("T", bound="RebootEvent")



@_attrs_define
class RebootEvent:
    """ Device event: the device restarts. Every app that is not `notRunning` ends with no callback (a `killed`
    record, `reboot`), force-quit marks are cleared, the device is unlocked and a call ends.

        Attributes:
            type_ (Literal['reboot']):
     """

    type_: Literal['reboot']





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
        type_ = cast(Literal['reboot'] , d.pop("type"))
        if type_ != 'reboot':
            raise ValueError(f"type must match const 'reboot', got '{type_}'")

        reboot_event = cls(
            type_=type_,
        )

        return reboot_event

