from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.orientation_event_value import OrientationEventValue
from typing import Literal, cast






T = TypeVar("T", bound="OrientationEvent")



@_attrs_define
class OrientationEvent:
    """ Device event: the device turns; sets the device's `orientation` and posts
    `UIDeviceOrientationDidChangeNotification`. Like every system notification, it reaches running apps at once
    (a `notification` record), is queued for suspended apps (one per kind, the latest value, delivered when
    they next run) and is lost for apps that are not running.

        Attributes:
            type_ (Literal['orientation']):
            value (OrientationEventValue):
     """

    type_: Literal['orientation']
    value: OrientationEventValue





    def to_dict(self) -> dict[str, Any]:
        type_ = self.type_

        value = self.value.value


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "type": type_,
            "value": value,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        type_ = cast(Literal['orientation'] , d.pop("type"))
        if type_ != 'orientation':
            raise ValueError(f"type must match const 'orientation', got '{type_}'")

        value = OrientationEventValue(d.pop("value"))




        orientation_event = cls(
            type_=type_,
            value=value,
        )

        return orientation_event

