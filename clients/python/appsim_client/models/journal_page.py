from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import cast

if TYPE_CHECKING:
  from ..models.journal_entry import JournalEntry





T = TypeVar("T", bound="JournalPage")



@_attrs_define
class JournalPage:
    """ 
        Attributes:
            items (list[JournalEntry]):
            next_ (int | None): The last seq on the page, when there are more; pass it as `after`. Null on the last page.
            dropped (int): How many of the device's oldest events the journal no longer keeps (their history was dropped,
                they are older than the journal keeps, or they came before the journal existed); a page after them starts at
                `dropped + 1`.
     """

    items: list[JournalEntry]
    next_: int | None
    dropped: int





    def to_dict(self) -> dict[str, Any]:
        from ..models.journal_entry import JournalEntry # noqa: PLC0415
        items = []
        for items_item_data in self.items:
            items_item = items_item_data.to_dict()
            items.append(items_item)



        next_: int | None
        next_ = self.next_

        dropped = self.dropped


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "items": items,
            "next": next_,
            "dropped": dropped,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.journal_entry import JournalEntry # noqa: PLC0415
        d = dict(src_dict)
        items = []
        _items = d.pop("items")
        for items_item_data in (_items):
            items_item = JournalEntry.from_dict(items_item_data)



            items.append(items_item)


        def _parse_next_(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        next_ = _parse_next_(d.pop("next"))


        dropped = d.pop("dropped")

        journal_page = cls(
            items=items,
            next_=next_,
            dropped=dropped,
        )

        return journal_page

