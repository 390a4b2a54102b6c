from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import Literal, cast






T = TypeVar("T", bound="DismissNotificationCenterEvent")



@_attrs_define
class DismissNotificationCenterEvent:
    """ App event: the notification center goes away: `applicationDidBecomeActive:` → `active`. `409` when it is not shown
    over the app.

        Attributes:
            type_ (Literal['dismissNotificationCenter']):
     """

    type_: Literal['dismissNotificationCenter']





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
        type_ = cast(Literal['dismissNotificationCenter'] , d.pop("type"))
        if type_ != 'dismissNotificationCenter':
            raise ValueError(f"type must match const 'dismissNotificationCenter', got '{type_}'")

        dismiss_notification_center_event = cls(
            type_=type_,
        )

        return dismiss_notification_center_event

