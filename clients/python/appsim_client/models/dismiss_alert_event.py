from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import Literal, cast






T = TypeVar("T", bound="DismissAlertEvent")



@_attrs_define
class DismissAlertEvent:
    """ App event: the alert goes away: `applicationDidBecomeActive:` → `active`. `409` when no alert is shown over the app.

        Attributes:
            type_ (Literal['dismissAlert']):
     """

    type_: Literal['dismissAlert']





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
        type_ = cast(Literal['dismissAlert'] , d.pop("type"))
        if type_ != 'dismissAlert':
            raise ValueError(f"type must match const 'dismissAlert', got '{type_}'")

        dismiss_alert_event = cls(
            type_=type_,
        )

        return dismiss_alert_event

