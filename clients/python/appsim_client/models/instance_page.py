from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..types import UNSET, Unset
from typing import cast

if TYPE_CHECKING:
  from ..models.instance import Instance





T = TypeVar("T", bound="InstancePage")



@_attrs_define
class InstancePage:
    """ 
        Attributes:
            items (list[Instance]):
            next_ (None | str): Pass as `after` for the next page; null on the last page.
            unreadable (list[str] | Unset): Devices whose stored rows this appsim cannot read (written by another version,
                or damaged), left out of the page; present only when there are any. Reading one answers `503`.
            unavailable_nodes (list[str] | Unset): Nodes of the cluster that did not answer this list (down, or slower than
                3 s), whose items are missing from this page only; present only when there are any.
     """

    items: list[Instance]
    next_: None | str
    unreadable: list[str] | Unset = UNSET
    unavailable_nodes: list[str] | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.instance import Instance # noqa: PLC0415
        items = []
        for items_item_data in self.items:
            items_item = items_item_data.to_dict()
            items.append(items_item)



        next_: None | str
        next_ = self.next_

        unreadable: list[str] | Unset = UNSET
        if not isinstance(self.unreadable, Unset):
            unreadable = self.unreadable



        unavailable_nodes: list[str] | Unset = UNSET
        if not isinstance(self.unavailable_nodes, Unset):
            unavailable_nodes = self.unavailable_nodes




        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "items": items,
            "next": next_,
        })
        if unreadable is not UNSET:
            field_dict["unreadable"] = unreadable
        if unavailable_nodes is not UNSET:
            field_dict["unavailableNodes"] = unavailable_nodes

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.instance import Instance # noqa: PLC0415
        d = dict(src_dict)
        items = []
        _items = d.pop("items")
        for items_item_data in (_items):
            items_item = Instance.from_dict(items_item_data)



            items.append(items_item)


        def _parse_next_(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        next_ = _parse_next_(d.pop("next"))


        unreadable = cast(list[str], d.pop("unreadable", UNSET))


        unavailable_nodes = cast(list[str], d.pop("unavailableNodes", UNSET))


        instance_page = cls(
            items=items,
            next_=next_,
            unreadable=unreadable,
            unavailable_nodes=unavailable_nodes,
        )


        instance_page.additional_properties = d
        return instance_page

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
