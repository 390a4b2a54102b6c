from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import cast

if TYPE_CHECKING:
  from ..models.push_event_payload_aps import PushEventPayloadAps





T = TypeVar("T", bound="PushEventPayload")



@_attrs_define
class PushEventPayload:
    """ An APNs payload; at most 4096 bytes as compact JSON (`422` over that).

        Example:
            {'aps': {'alert': 'Hello', 'badge': 1}}

        Attributes:
            aps (PushEventPayloadAps):
     """

    aps: PushEventPayloadAps
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.push_event_payload_aps import PushEventPayloadAps # noqa: PLC0415
        aps = self.aps.to_dict()


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "aps": aps,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.push_event_payload_aps import PushEventPayloadAps # noqa: PLC0415
        d = dict(src_dict)
        aps = PushEventPayloadAps.from_dict(d.pop("aps"))




        push_event_payload = cls(
            aps=aps,
        )


        push_event_payload.additional_properties = d
        return push_event_payload

    @property
    def additional_keys(self) -> list[str]:
        return list(self.additional_properties.keys())

    def __getitem__(self, key: str) -> Any:
        return self.additional_properties[key]

    def __setitem__(self, key: str, value: Any) -> None:
        self.additional_properties[key] = value

    def __delitem__(self, key: str) -> None:
        del self.additional_properties[key]

    def __contains__(self, key: str) -> bool:
        return key in self.additional_properties
