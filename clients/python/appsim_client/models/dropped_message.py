from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset







T = TypeVar("T", bound="DroppedMessage")



@_attrs_define
class DroppedMessage:
    """ The `data` of an `event: dropped` message, sent first when a stream resumes after a seq older than what is
    kept: on an instance stream, how many of the app's oldest callbacks are no longer kept (as a callback page's
    `dropped`); on a device stream, how many of the device's oldest events (as a journal page's `dropped`).

        Attributes:
            dropped (int):
     """

    dropped: int





    def to_dict(self) -> dict[str, Any]:
        dropped = self.dropped


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "dropped": dropped,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        dropped = d.pop("dropped")

        dropped_message = cls(
            dropped=dropped,
        )

        return dropped_message

