from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset







T = TypeVar("T", bound="InstalledAppInfoScenes")



@_attrs_define
class InstalledAppInfoScenes:
    """ 
        Attributes:
            supports_multiple (bool):
     """

    supports_multiple: bool





    def to_dict(self) -> dict[str, Any]:
        supports_multiple = self.supports_multiple


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "supportsMultiple": supports_multiple,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        supports_multiple = d.pop("supportsMultiple")

        installed_app_info_scenes = cls(
            supports_multiple=supports_multiple,
        )

        return installed_app_info_scenes

