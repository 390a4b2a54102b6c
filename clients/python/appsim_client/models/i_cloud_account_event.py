from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import Literal, cast






T = TypeVar("T", bound="ICloudAccountEvent")



@_attrs_define
class ICloudAccountEvent:
    """ Device event: `NSUbiquityIdentityDidChangeNotification`.

        Attributes:
            type_ (Literal['iCloudAccount']):
     """

    type_: Literal['iCloudAccount']





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
        type_ = cast(Literal['iCloudAccount'] , d.pop("type"))
        if type_ != 'iCloudAccount':
            raise ValueError(f"type must match const 'iCloudAccount', got '{type_}'")

        i_cloud_account_event = cls(
            type_=type_,
        )

        return i_cloud_account_event

