from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import cast

if TYPE_CHECKING:
  from ..models.callback import Callback





T = TypeVar("T", bound="CallbackPage")



@_attrs_define
class CallbackPage:
    """ 
        Attributes:
            items (list[Callback]):
            next_ (int | None): The last seq on the page, when there are more; pass it as `after`. Null on the last page.
            dropped (int): How many of the oldest callbacks are no longer kept (`--history-limit`); a page after them starts
                at `dropped + 1`.
     """

    items: list[Callback]
    next_: int | None
    dropped: int
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.callback import Callback # noqa: PLC0415
        items = []
        for items_item_data in self.items:
            items_item = items_item_data.to_dict()
            items.append(items_item)



        next_: int | None
        next_ = self.next_

        dropped = self.dropped


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "items": items,
            "next": next_,
            "dropped": dropped,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.callback import Callback # noqa: PLC0415
        d = dict(src_dict)
        items = []
        _items = d.pop("items")
        for items_item_data in (_items):
            items_item = Callback.from_dict(items_item_data)



            items.append(items_item)


        def _parse_next_(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        next_ = _parse_next_(d.pop("next"))


        dropped = d.pop("dropped")

        callback_page = cls(
            items=items,
            next_=next_,
            dropped=dropped,
        )


        callback_page.additional_properties = d
        return callback_page

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
