from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import Literal, cast






T = TypeVar("T", bound="HealthResponse200")



@_attrs_define
class HealthResponse200:
    """ 
        Attributes:
            status (Literal['ok']):
            version (str): The server's version, this document's `info.version` (also in the `Server` header of every answer
                appsim makes, `appsim/VERSION`; libmicrohttpd's own, such as its `431` for a head too large, carry none).
     """

    status: Literal['ok']
    version: str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        status = self.status

        version = self.version


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "status": status,
            "version": version,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        status = cast(Literal['ok'] , d.pop("status"))
        if status != 'ok':
            raise ValueError(f"status must match const 'ok', got '{status}'")

        version = d.pop("version")

        health_response_200 = cls(
            status=status,
            version=version,
        )


        health_response_200.additional_properties = d
        return health_response_200

    @property
    def additional_keys(self) -> list[str]:
        return list(self.additional_properties.keys())

    def __getitem__(self, key: str) -> Any:
        return self.additional_properties[key]

    def __setitem__(self, key: str, value: Any) -> None:
        self.additional_properties[key] = value

    def __delitem__(self, key: str) -> None:
        del self.additional_properties[key]

    def __contains__(self, key: str) -> bool:
        return key in self.additional_properties
