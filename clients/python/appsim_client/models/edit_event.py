from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..types import UNSET, Unset
from typing import cast
from typing import Literal, cast

if TYPE_CHECKING:
  from ..models.edit_event_memory_type_0 import EditEventMemoryType0





T = TypeVar("T", bound="EditEvent")



@_attrs_define
class EditEvent:
    """ App action: the running app's code changes its in-memory data (`data.memory`). `memory` keys are merged
    (a null value removes the key); `ui` sets the UI state that state preservation saves (null removes it). At
    least one of them is needed (`422`; a null `memory` counts as absent, a null `ui` does not). No callbacks.
    `409` unless the app is running. In a scene app, `ui` is the UI state of `scene` (its first connected
    scene when absent), which `stateRestorationActivityForScene:` saves; `data.memory.ui` is its first
    connected scene's. `scene` is `422 event-unusable` for an app without scenes or a scene it does not have,
    `409` for a scene that is not connected. Each `memory` value and `ui` nest at most 32 levels of arrays and
    objects (`422` naming it); the app's in-memory data and UI state stay within 256 KiB of JSON (`409` with
    `limit` `memoryBytes`: remove keys first; `data.disk` is a copy of it taken at a save).

        Attributes:
            type_ (Literal['edit']):
            memory (EditEventMemoryType0 | None | Unset): Keys to set (or remove, with null) in `data.memory`.
            ui (Any | Unset): The app's UI state (any JSON value); null removes it.
            scene (None | str | Unset): A scene `id` of the instance's `scenes`, whose UI state `ui` is. Example:
                d5k657qn.1.s1.
     """

    type_: Literal['edit']
    memory: EditEventMemoryType0 | None | Unset = UNSET
    ui: Any | Unset = UNSET
    scene: None | str | Unset = UNSET





    def to_dict(self) -> dict[str, Any]:
        from ..models.edit_event_memory_type_0 import EditEventMemoryType0 # noqa: PLC0415
        type_ = self.type_

        memory: dict[str, Any] | None | Unset
        if isinstance(self.memory, Unset):
            memory = UNSET
        elif isinstance(self.memory, EditEventMemoryType0):
            memory = self.memory.to_dict()
        else:
            memory = self.memory

        ui = self.ui

        scene: None | str | Unset
        if isinstance(self.scene, Unset):
            scene = UNSET
        else:
            scene = self.scene


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "type": type_,
        })
        if memory is not UNSET:
            field_dict["memory"] = memory
        if ui is not UNSET:
            field_dict["ui"] = ui
        if scene is not UNSET:
            field_dict["scene"] = scene

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.edit_event_memory_type_0 import EditEventMemoryType0 # noqa: PLC0415
        d = dict(src_dict)
        type_ = cast(Literal['edit'] , d.pop("type"))
        if type_ != 'edit':
            raise ValueError(f"type must match const 'edit', got '{type_}'")

        def _parse_memory(data: object) -> EditEventMemoryType0 | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                memory_type_0 = EditEventMemoryType0.from_dict(data)



                return memory_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(EditEventMemoryType0 | None | Unset, data)

        memory = _parse_memory(d.pop("memory", UNSET))


        ui = d.pop("ui", UNSET)

        def _parse_scene(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        scene = _parse_scene(d.pop("scene", UNSET))


        edit_event = cls(
            type_=type_,
            memory=memory,
            ui=ui,
            scene=scene,
        )

        return edit_event

