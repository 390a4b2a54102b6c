from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import cast
from typing import Literal, cast

if TYPE_CHECKING:
  from ..models.settings_event_changes import SettingsEventChanges





T = TypeVar("T", bound="SettingsEvent")



@_attrs_define
class SettingsEvent:
    """ Device event: `NSUserDefaultsDidChangeNotification`, with the changed settings (nesting at most 32 levels, `422`
    otherwise).

        Attributes:
            type_ (Literal['settings']):
            changes (SettingsEventChanges):
     """

    type_: Literal['settings']
    changes: SettingsEventChanges





    def to_dict(self) -> dict[str, Any]:
        from ..models.settings_event_changes import SettingsEventChanges # noqa: PLC0415
        type_ = self.type_

        changes = self.changes.to_dict()


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "type": type_,
            "changes": changes,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.settings_event_changes import SettingsEventChanges # noqa: PLC0415
        d = dict(src_dict)
        type_ = cast(Literal['settings'] , d.pop("type"))
        if type_ != 'settings':
            raise ValueError(f"type must match const 'settings', got '{type_}'")

        changes = SettingsEventChanges.from_dict(d.pop("changes"))




        settings_event = cls(
            type_=type_,
            changes=changes,
        )

        return settings_event

