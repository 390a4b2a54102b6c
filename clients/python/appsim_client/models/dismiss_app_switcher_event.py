from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import Literal, cast






T = TypeVar("T", bound="DismissAppSwitcherEvent")



@_attrs_define
class DismissAppSwitcherEvent:
    """ Device event: the user taps the card of the app that was in front: it becomes active again
    (`applicationDidBecomeActive:`, `sceneDidBecomeActive:` or a SwiftUI phase inactive → active), and the switcher
    closes. `409` when the switcher is not open.

        Attributes:
            type_ (Literal['dismissAppSwitcher']):
     """

    type_: Literal['dismissAppSwitcher']





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
        type_ = cast(Literal['dismissAppSwitcher'] , d.pop("type"))
        if type_ != 'dismissAppSwitcher':
            raise ValueError(f"type must match const 'dismissAppSwitcher', got '{type_}'")

        dismiss_app_switcher_event = cls(
            type_=type_,
        )

        return dismiss_app_switcher_event

