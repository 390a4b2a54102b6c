from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import Literal, cast






T = TypeVar("T", bound="AppSwitcherEvent")



@_attrs_define
class AppSwitcherEvent:
    """ Device event: the user opens the app switcher (docs/lifecycle.md, The app switcher). The app in front resigns
    active (`applicationWillResignActive:`, `sceneWillResignActive:` or a SwiftUI phase active → inactive) and
    stays `inactive`, shown as the card in front; with no app in front nothing is called. The device reports
    `appSwitcher: true` until `dismissAppSwitcher`, Home, a `launch` or a `lock` closes it. While it is open,
    `forceQuit` of the app in front swipes its card away, and a `launch` of it closes the switcher on it. `409`
    while locked, while it is open, or when the app in front is interrupted; `422` before iOS 4.

        Attributes:
            type_ (Literal['appSwitcher']):
     """

    type_: Literal['appSwitcher']





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
        type_ = cast(Literal['appSwitcher'] , d.pop("type"))
        if type_ != 'appSwitcher':
            raise ValueError(f"type must match const 'appSwitcher', got '{type_}'")

        app_switcher_event = cls(
            type_=type_,
        )

        return app_switcher_event

