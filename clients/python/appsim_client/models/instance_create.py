from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..types import UNSET, Unset
from typing import cast

if TYPE_CHECKING:
  from ..models.app_behavior import AppBehavior
  from ..models.app_info import AppInfo





T = TypeVar("T", bound="InstanceCreate")



@_attrs_define
class InstanceCreate:
    """ An app to install.

        Attributes:
            info (AppInfo): What the app declares about itself (its Info.plist), fixed at install.
            device (None | str | Unset): An existing device (`422` if there is none); without it a new default device is
                created. In a cluster, install with `POST /v1/devices/{deviceId}/instances` instead, which the proxy routes to
                the device's node.
            behavior (AppBehavior | None | Unset):
     """

    info: AppInfo
    device: None | str | Unset = UNSET
    behavior: AppBehavior | None | Unset = UNSET





    def to_dict(self) -> dict[str, Any]:
        from ..models.app_behavior import AppBehavior # noqa: PLC0415
        from ..models.app_info import AppInfo # noqa: PLC0415
        info = self.info.to_dict()

        device: None | str | Unset
        if isinstance(self.device, Unset):
            device = UNSET
        else:
            device = self.device

        behavior: dict[str, Any] | None | Unset
        if isinstance(self.behavior, Unset):
            behavior = UNSET
        elif isinstance(self.behavior, AppBehavior):
            behavior = self.behavior.to_dict()
        else:
            behavior = self.behavior


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "info": info,
        })
        if device is not UNSET:
            field_dict["device"] = device
        if behavior is not UNSET:
            field_dict["behavior"] = behavior

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.app_behavior import AppBehavior # noqa: PLC0415
        from ..models.app_info import AppInfo # noqa: PLC0415
        d = dict(src_dict)
        info = AppInfo.from_dict(d.pop("info"))




        def _parse_device(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        device = _parse_device(d.pop("device", UNSET))


        def _parse_behavior(data: object) -> AppBehavior | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                behavior_type_0 = AppBehavior.from_dict(data)



                return behavior_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(AppBehavior | None | Unset, data)

        behavior = _parse_behavior(d.pop("behavior", UNSET))


        instance_create = cls(
            info=info,
            device=device,
            behavior=behavior,
        )

        return instance_create

