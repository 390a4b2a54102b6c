from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import Literal, cast






T = TypeVar("T", bound="ForceQuitEvent")



@_attrs_define
class ForceQuitEvent:
    """ App event: the user swipes the app away in the app switcher. Running in the background:
    `applicationWillTerminate:` then a `killed` record (`forceQuit`); suspended: only the `killed` record. The
    restoration archive is deleted and the app is not launched for fetches or silent pushes until the user
    launches it or the device reboots. `409` when the app is not running or is in the foreground (post `home`
    first).

        Attributes:
            type_ (Literal['forceQuit']):
     """

    type_: Literal['forceQuit']





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
        type_ = cast(Literal['forceQuit'] , d.pop("type"))
        if type_ != 'forceQuit':
            raise ValueError(f"type must match const 'forceQuit', got '{type_}'")

        force_quit_event = cls(
            type_=type_,
        )

        return force_quit_event

