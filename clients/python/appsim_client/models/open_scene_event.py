from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import Literal, cast






T = TypeVar("T", bound="OpenSceneEvent")



@_attrs_define
class OpenSceneEvent:
    """ App event (scene apps, docs/lifecycle.md, Scenes): the user opens another window of the active app (iPad). The scene
    that was `foregroundActive` gets `sceneWillResignActive:` and stays `foregroundInactive` beside the new one;
    the new scene gets a new session: `application:configurationForConnectingSceneSession:options:` →
    `scene:willConnectToSession:options:` → `sceneWillEnterForeground:` → `sceneDidBecomeActive:`.
    `422 event-unusable` unless the app has `info.scenes.supportsMultiple` on iOS ≥ 13; `409` while the device is
    locked or unless the app is active, and once the app has 32 scene sessions (`limit` `scenes`).

        Attributes:
            type_ (Literal['openScene']):
     """

    type_: Literal['openScene']





    def to_dict(self) -> dict[str, Any]:
        type_ = self.type_


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "type": type_,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        type_ = cast(Literal['openScene'] , d.pop("type"))
        if type_ != 'openScene':
            raise ValueError(f"type must match const 'openScene', got '{type_}'")

        open_scene_event = cls(
            type_=type_,
        )

        return open_scene_event

