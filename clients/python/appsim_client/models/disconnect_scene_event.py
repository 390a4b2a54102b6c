from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import Literal, cast






T = TypeVar("T", bound="DisconnectSceneEvent")



@_attrs_define
class DisconnectSceneEvent:
    """ App event (scene apps): the system reclaims a background scene: `sceneDidDisconnect:` (not told to a
    suspended app); the session stays (`unattached`) and the next return connects it again. `422 event-unusable`
    for a scene the app does not have; `409` unless the scene is in the background.

        Attributes:
            type_ (Literal['disconnectScene']):
            scene (str): A scene `id` of the instance's `scenes`. Example: d5k657qn.1.s1.
     """

    type_: Literal['disconnectScene']
    scene: str





    def to_dict(self) -> dict[str, Any]:
        type_ = self.type_

        scene = self.scene


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "type": type_,
            "scene": scene,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        type_ = cast(Literal['disconnectScene'] , d.pop("type"))
        if type_ != 'disconnectScene':
            raise ValueError(f"type must match const 'disconnectScene', got '{type_}'")

        scene = d.pop("scene")

        disconnect_scene_event = cls(
            type_=type_,
            scene=scene,
        )

        return disconnect_scene_event

