from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.push_delivery_delivery import PushDeliveryDelivery
from ..types import UNSET, Unset






T = TypeVar("T", bound="PushDelivery")



@_attrs_define
class PushDelivery:
    """ 
        Attributes:
            delivery (PushDeliveryDelivery):
            reason (str | Unset): Why a push was dropped (`throttled` beyond the device's `limits.backgroundPushesPerHour`,
                `sceneLifecycleRequired` when the launch it needed failed on iOS 27); only with `dropped`.
     """

    delivery: PushDeliveryDelivery
    reason: str | Unset = UNSET





    def to_dict(self) -> dict[str, Any]:
        delivery = self.delivery.value

        reason = self.reason


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "delivery": delivery,
        })
        if reason is not UNSET:
            field_dict["reason"] = reason

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        delivery = PushDeliveryDelivery(d.pop("delivery"))




        reason = d.pop("reason", UNSET)

        push_delivery = cls(
            delivery=delivery,
            reason=reason,
        )

        return push_delivery

