from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..types import UNSET, Unset
from typing import cast
from typing import Literal, cast






T = TypeVar("T", bound="MemoryPressureEvent")



@_attrs_define
class MemoryPressureEvent:
    """ Device event: the system frees memory. Without `freeMB`, every suspended app is killed (`jetsam`, no
    callback). With `freeMB`, until that much is freed: suspended apps first, largest first, with no callback;
    then apps running in the background, largest first, with `applicationWillTerminate:`. The foreground app
    is never killed; if not enough could be freed it gets `applicationDidReceiveMemoryWarning:`.

        Attributes:
            type_ (Literal['memoryPressure']):
            free_mb (int | None | Unset):
     """

    type_: Literal['memoryPressure']
    free_mb: int | None | Unset = UNSET





    def to_dict(self) -> dict[str, Any]:
        type_ = self.type_

        free_mb: int | None | Unset
        if isinstance(self.free_mb, Unset):
            free_mb = UNSET
        else:
            free_mb = self.free_mb


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "type": type_,
        })
        if free_mb is not UNSET:
            field_dict["freeMB"] = free_mb

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        type_ = cast(Literal['memoryPressure'] , d.pop("type"))
        if type_ != 'memoryPressure':
            raise ValueError(f"type must match const 'memoryPressure', got '{type_}'")

        def _parse_free_mb(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        free_mb = _parse_free_mb(d.pop("freeMB", UNSET))


        memory_pressure_event = cls(
            type_=type_,
            free_mb=free_mb,
        )

        return memory_pressure_event

