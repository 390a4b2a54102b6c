from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..types import UNSET, Unset
from typing import cast
from typing import Literal, cast






T = TypeVar("T", bound="UpdateTitleEvent")



@_attrs_define
class UpdateTitleEvent:
    """ App action (iOS 26) that changes what a continued task's Live Activity says. No callback. `409` when the app has no
    such continued task.

        Attributes:
            type_ (Literal['updateTitle']):
            identifier (str): The continued task. Example: com.example.news.export.1.
            title (str): The new title. Example: Exporting 2 videos.
            subtitle (None | str | Unset): The new second line. Example: almost done.
     """

    type_: Literal['updateTitle']
    identifier: str
    title: str
    subtitle: None | str | Unset = UNSET





    def to_dict(self) -> dict[str, Any]:
        type_ = self.type_

        identifier = self.identifier

        title = self.title

        subtitle: None | str | Unset
        if isinstance(self.subtitle, Unset):
            subtitle = UNSET
        else:
            subtitle = self.subtitle


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "type": type_,
            "identifier": identifier,
            "title": title,
        })
        if subtitle is not UNSET:
            field_dict["subtitle"] = subtitle

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        type_ = cast(Literal['updateTitle'] , d.pop("type"))
        if type_ != 'updateTitle':
            raise ValueError(f"type must match const 'updateTitle', got '{type_}'")

        identifier = d.pop("identifier")

        title = d.pop("title")

        def _parse_subtitle(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        subtitle = _parse_subtitle(d.pop("subtitle", UNSET))


        update_title_event = cls(
            type_=type_,
            identifier=identifier,
            title=title,
            subtitle=subtitle,
        )

        return update_title_event

