from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import Literal, cast






T = TypeVar("T", bound="LockEvent")



@_attrs_define
class LockEvent:
    """ Device event: the user locks the device. From iOS 5 the foreground app gets `applicationWillResignActive:`
    → [`applicationProtectedDataWillBecomeUnavailable:` with `dataProtection`] → `applicationDidEnterBackground:`
    (or terminates, with `exitsOnSuspend`); before iOS 5 only `applicationWillResignActive:` (it stays
    inactive). Other apps with `dataProtection` get the protected-data callback (queued if suspended); protected
    data needs the device's `passcode`. Launches and URL opens are refused until `unlock`. `409` when the
    device is locked already.

        Attributes:
            type_ (Literal['lock']):
     """

    type_: Literal['lock']





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
        type_ = cast(Literal['lock'] , d.pop("type"))
        if type_ != 'lock':
            raise ValueError(f"type must match const 'lock', got '{type_}'")

        lock_event = cls(
            type_=type_,
        )

        return lock_event

