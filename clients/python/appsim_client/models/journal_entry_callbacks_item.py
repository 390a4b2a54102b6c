from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset







T = TypeVar("T", bound="JournalEntryCallbacksItem")



@_attrs_define
class JournalEntryCallbacksItem:
    """ 
        Attributes:
            instance (str):
            seq (int):
     """

    instance: str
    seq: int





    def to_dict(self) -> dict[str, Any]:
        instance = self.instance

        seq = self.seq


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "instance": instance,
            "seq": seq,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        instance = d.pop("instance")

        seq = d.pop("seq")

        journal_entry_callbacks_item = cls(
            instance=instance,
            seq=seq,
        )

        return journal_entry_callbacks_item

