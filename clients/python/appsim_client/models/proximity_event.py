from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import Literal, cast






T = TypeVar("T", bound="ProximityEvent")



@_attrs_define
class ProximityEvent:
    """ Device event: `UIDeviceProximityStateDidChangeNotification`.

        Attributes:
            type_ (Literal['proximity']):
            near (bool):
     """

    type_: Literal['proximity']
    near: bool





    def to_dict(self) -> dict[str, Any]:
        type_ = self.type_

        near = self.near


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "type": type_,
            "near": near,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        type_ = cast(Literal['proximity'] , d.pop("type"))
        if type_ != 'proximity':
            raise ValueError(f"type must match const 'proximity', got '{type_}'")

        near = d.pop("near")

        proximity_event = cls(
            type_=type_,
            near=near,
        )

        return proximity_event

