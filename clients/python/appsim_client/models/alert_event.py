from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import Literal, cast






T = TypeVar("T", bound="AlertEvent")



@_attrs_define
class AlertEvent:
    """ App event: a system alert appears over the active app: `applicationWillResignActive:` → `inactive`. `409`
    unless the app is active and not interrupted.

        Attributes:
            type_ (Literal['alert']):
     """

    type_: Literal['alert']





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
        type_ = cast(Literal['alert'] , d.pop("type"))
        if type_ != 'alert':
            raise ValueError(f"type must match const 'alert', got '{type_}'")

        alert_event = cls(
            type_=type_,
        )

        return alert_event

