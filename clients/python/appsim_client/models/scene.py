from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.scene_activation_state import SceneActivationState






T = TypeVar("T", bound="Scene")



@_attrs_define
class Scene:
    """ One of a scene app's scenes, with its session.

        Attributes:
            id (str): The instance id, `.s` and a number (`d5k657qn.1.s1`); the `scene` of `closeScene`, `disconnectScene`,
                `edit` and of its callbacks. Example: d5k657qn.1.s1.
            activation_state (SceneActivationState): `UIScene.ActivationState`; `unattached` while the session has no
                connected scene.
            session (str): The `UISceneSession`'s persistent identifier. Example: d5k657qn.1.s1.session.
            state_restoration_activity (Any): The UI state (any JSON value) that `stateRestorationActivityForScene:` saved
                in the background (with
                `info.stateRestoration`), handed back by `scene:willConnectToSession:options:` at the next connection and
                then cleared; null if none.
     """

    id: str
    activation_state: SceneActivationState
    session: str
    state_restoration_activity: Any





    def to_dict(self) -> dict[str, Any]:
        id = self.id

        activation_state = self.activation_state.value

        session = self.session

        state_restoration_activity = self.state_restoration_activity


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "id": id,
            "activationState": activation_state,
            "session": session,
            "stateRestorationActivity": state_restoration_activity,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        id = d.pop("id")

        activation_state = SceneActivationState(d.pop("activationState"))




        session = d.pop("session")

        state_restoration_activity = d.pop("stateRestorationActivity")

        scene = cls(
            id=id,
            activation_state=activation_state,
            session=session,
            state_restoration_activity=state_restoration_activity,
        )

        return scene

