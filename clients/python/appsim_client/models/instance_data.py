from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import cast

if TYPE_CHECKING:
  from ..models.instance_data_disk import InstanceDataDisk
  from ..models.instance_data_memory import InstanceDataMemory





T = TypeVar("T", bound="InstanceData")



@_attrs_define
class InstanceData:
    """ 
        Attributes:
            memory (InstanceDataMemory): What the running app holds (its unsaved edits; `ui` is its UI state). Emptied when
                the app ends; a launch starts with `disk`.
            disk (InstanceDataDisk): What the app saved.
     """

    memory: InstanceDataMemory
    disk: InstanceDataDisk
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.instance_data_disk import InstanceDataDisk # noqa: PLC0415
        from ..models.instance_data_memory import InstanceDataMemory # noqa: PLC0415
        memory = self.memory.to_dict()

        disk = self.disk.to_dict()


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "memory": memory,
            "disk": disk,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.instance_data_disk import InstanceDataDisk # noqa: PLC0415
        from ..models.instance_data_memory import InstanceDataMemory # noqa: PLC0415
        d = dict(src_dict)
        memory = InstanceDataMemory.from_dict(d.pop("memory"))




        disk = InstanceDataDisk.from_dict(d.pop("disk"))




        instance_data = cls(
            memory=memory,
            disk=disk,
        )


        instance_data.additional_properties = d
        return instance_data

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
