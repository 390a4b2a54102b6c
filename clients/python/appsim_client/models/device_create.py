from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..types import UNSET, Unset
from typing import cast

if TYPE_CHECKING:
  from ..models.device_clock import DeviceClock
  from ..models.device_create_labels_type_0 import DeviceCreateLabelsType0
  from ..models.device_limits import DeviceLimits





T = TypeVar("T", bound="DeviceCreate")



@_attrs_define
class DeviceCreate:
    """ A device to create; every field is optional.

        Attributes:
            os_version (None | str | Unset): The iOS version, `MAJOR[.MINOR[.PATCH]]`, each part 1 to 4 digits, with a major
                version from 1 to 99
                (`"4.2"`, `"17.0"`, `"4.2.1"`). It decides which callbacks exist and how they are named (docs/lifecycle.md,
                Devices and apps).
                Replies write it as `MAJOR.MINOR` (with `.PATCH` when not 0).
                 Default: '26.0'.
            memory_mb (int | None | Unset): The device's memory; apps are killed for memory when a launch would exceed it.
                Default: 2048.
            passcode (bool | None | Unset): The device has a passcode, so locking it makes protected data unavailable.
                Default: True.
            clock (DeviceClock | None | Unset):
            limits (DeviceLimits | None | Unset):
            labels (DeviceCreateLabelsType0 | None | Unset): Free-form string labels for your own bookkeeping; a null value
                is stored as "".
            supports_background_gpu (bool | None | Unset): Continued processing tasks may use the GPU in the background
                (`requiresGPU`; docs/lifecycle.md, Continued processing tasks). Default: False.
     """

    os_version: None | str | Unset = '26.0'
    memory_mb: int | None | Unset = 2048
    passcode: bool | None | Unset = True
    clock: DeviceClock | None | Unset = UNSET
    limits: DeviceLimits | None | Unset = UNSET
    labels: DeviceCreateLabelsType0 | None | Unset = UNSET
    supports_background_gpu: bool | None | Unset = False





    def to_dict(self) -> dict[str, Any]:
        from ..models.device_clock import DeviceClock # noqa: PLC0415
        from ..models.device_create_labels_type_0 import DeviceCreateLabelsType0 # noqa: PLC0415
        from ..models.device_limits import DeviceLimits # noqa: PLC0415
        os_version: None | str | Unset
        if isinstance(self.os_version, Unset):
            os_version = UNSET
        else:
            os_version = self.os_version

        memory_mb: int | None | Unset
        if isinstance(self.memory_mb, Unset):
            memory_mb = UNSET
        else:
            memory_mb = self.memory_mb

        passcode: bool | None | Unset
        if isinstance(self.passcode, Unset):
            passcode = UNSET
        else:
            passcode = self.passcode

        clock: dict[str, Any] | None | Unset
        if isinstance(self.clock, Unset):
            clock = UNSET
        elif isinstance(self.clock, DeviceClock):
            clock = self.clock.to_dict()
        else:
            clock = self.clock

        limits: dict[str, Any] | None | Unset
        if isinstance(self.limits, Unset):
            limits = UNSET
        elif isinstance(self.limits, DeviceLimits):
            limits = self.limits.to_dict()
        else:
            limits = self.limits

        labels: dict[str, Any] | None | Unset
        if isinstance(self.labels, Unset):
            labels = UNSET
        elif isinstance(self.labels, DeviceCreateLabelsType0):
            labels = self.labels.to_dict()
        else:
            labels = self.labels

        supports_background_gpu: bool | None | Unset
        if isinstance(self.supports_background_gpu, Unset):
            supports_background_gpu = UNSET
        else:
            supports_background_gpu = self.supports_background_gpu


        field_dict: dict[str, Any] = {}

        field_dict.update({
        })
        if os_version is not UNSET:
            field_dict["osVersion"] = os_version
        if memory_mb is not UNSET:
            field_dict["memoryMB"] = memory_mb
        if passcode is not UNSET:
            field_dict["passcode"] = passcode
        if clock is not UNSET:
            field_dict["clock"] = clock
        if limits is not UNSET:
            field_dict["limits"] = limits
        if labels is not UNSET:
            field_dict["labels"] = labels
        if supports_background_gpu is not UNSET:
            field_dict["supportsBackgroundGPU"] = supports_background_gpu

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.device_clock import DeviceClock # noqa: PLC0415
        from ..models.device_create_labels_type_0 import DeviceCreateLabelsType0 # noqa: PLC0415
        from ..models.device_limits import DeviceLimits # noqa: PLC0415
        d = dict(src_dict)
        def _parse_os_version(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        os_version = _parse_os_version(d.pop("osVersion", UNSET))


        def _parse_memory_mb(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        memory_mb = _parse_memory_mb(d.pop("memoryMB", UNSET))


        def _parse_passcode(data: object) -> bool | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(bool | None | Unset, data)

        passcode = _parse_passcode(d.pop("passcode", UNSET))


        def _parse_clock(data: object) -> DeviceClock | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                clock_type_0 = DeviceClock.from_dict(data)



                return clock_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(DeviceClock | None | Unset, data)

        clock = _parse_clock(d.pop("clock", UNSET))


        def _parse_limits(data: object) -> DeviceLimits | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                limits_type_0 = DeviceLimits.from_dict(data)



                return limits_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(DeviceLimits | None | Unset, data)

        limits = _parse_limits(d.pop("limits", UNSET))


        def _parse_labels(data: object) -> DeviceCreateLabelsType0 | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                labels_type_0 = DeviceCreateLabelsType0.from_dict(data)



                return labels_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(DeviceCreateLabelsType0 | None | Unset, data)

        labels = _parse_labels(d.pop("labels", UNSET))


        def _parse_supports_background_gpu(data: object) -> bool | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(bool | None | Unset, data)

        supports_background_gpu = _parse_supports_background_gpu(d.pop("supportsBackgroundGPU", UNSET))


        device_create = cls(
            os_version=os_version,
            memory_mb=memory_mb,
            passcode=passcode,
            clock=clock,
            limits=limits,
            labels=labels,
            supports_background_gpu=supports_background_gpu,
        )

        return device_create

