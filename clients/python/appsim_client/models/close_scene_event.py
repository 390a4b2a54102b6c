from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import Literal, cast






T = TypeVar("T", bound="CloseSceneEvent")



@_attrs_define
class CloseSceneEvent:
    """ App event (scene apps): the user closes one window (swipes the scene away), as a force quit of that scene
    alone: [`sceneWillResignActive:`, `sceneDidEnterBackground:` if it was in the foreground] →
    `sceneDidDisconnect:` → `application:didDiscardSceneSessions:`; its session is discarded (for a suspended
    app, reported at its next launch). The app ends with its last scene (`applicationWillTerminate:` if it runs,
    then `killed` with `closeScene`), force-quit as after `forceQuit`. `422 event-unusable` for a scene the app
    does not have; `409` when the scene is not connected.

        Attributes:
            type_ (Literal['closeScene']):
            scene (str): A scene `id` of the instance's `scenes`. Example: d5k657qn.1.s1.
     """

    type_: Literal['closeScene']
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
        type_ = cast(Literal['closeScene'] , d.pop("type"))
        if type_ != 'closeScene':
            raise ValueError(f"type must match const 'closeScene', got '{type_}'")

        scene = d.pop("scene")

        close_scene_event = cls(
            type_=type_,
            scene=scene,
        )

        return close_scene_event

