from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import Literal, cast






T = TypeVar("T", bound="LocaleEvent")



@_attrs_define
class LocaleEvent:
    """ Device event: `NSCurrentLocaleDidChangeNotification`.

        Attributes:
            type_ (Literal['locale']):
            value (str):  Example: fr_FR.
     """

    type_: Literal['locale']
    value: str





    def to_dict(self) -> dict[str, Any]:
        type_ = self.type_

        value = self.value


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "type": type_,
            "value": value,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        type_ = cast(Literal['locale'] , d.pop("type"))
        if type_ != 'locale':
            raise ValueError(f"type must match const 'locale', got '{type_}'")

        value = d.pop("value")

        locale_event = cls(
            type_=type_,
            value=value,
        )

        return locale_event

