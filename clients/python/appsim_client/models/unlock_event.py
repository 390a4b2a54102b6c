from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import Literal, cast






T = TypeVar("T", bound="UnlockEvent")



@_attrs_define
class UnlockEvent:
    """ Device event: the user unlocks the device. The app that was in the foreground comes back
    ([`applicationProtectedDataDidBecomeAvailable:`] → `applicationWillEnterForeground:` →
    `applicationDidBecomeActive:`; before iOS 5 only `applicationDidBecomeActive:`); other apps with
    `dataProtection` get the protected-data callback. `409` when the device is not locked.

        Attributes:
            type_ (Literal['unlock']):
     """

    type_: Literal['unlock']





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
        type_ = cast(Literal['unlock'] , d.pop("type"))
        if type_ != 'unlock':
            raise ValueError(f"type must match const 'unlock', got '{type_}'")

        unlock_event = cls(
            type_=type_,
        )

        return unlock_event

