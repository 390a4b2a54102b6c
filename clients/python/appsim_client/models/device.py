from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.device_battery_state import DeviceBatteryState
from ..models.device_orientation import DeviceOrientation
from typing import cast

if TYPE_CHECKING:
  from ..models.device_call_type_1 import DeviceCallType1
  from ..models.device_clock_type_0 import DeviceClockType0
  from ..models.device_clock_type_1 import DeviceClockType1
  from ..models.device_labels import DeviceLabels
  from ..models.device_limits_in_force import DeviceLimitsInForce





T = TypeVar("T", bound="Device")



@_attrs_define
class Device:
    """ A simulated device, as it is now.

        Attributes:
            id (str):
            os_version (str):  Example: 17.0.
            memory_mb (int):
            used_memory_mb (int): The memory its apps use now (the sum of their `memoryMB`).
            passcode (bool):
            clock (DeviceClockType0 | DeviceClockType1): `{mode: realtime, speed}`, or `{mode: manual}` with no speed.
            limits (DeviceLimitsInForce): The limits in force on a device (`DeviceLimits`, as a reply shows it), in seconds:
                each one set, or its
                default, with the OS version"s background task time where none was set.
            labels (DeviceLabels):
            locked (bool):
            orientation (DeviceOrientation): The last `orientation` event's value; `portrait` at first. Example: portrait.
            battery_state (DeviceBatteryState): The last `battery` event's `state`; `unknown` at first. A processing task
                that requires external power
                runs only while it is `charging` or `full`.
            app_switcher (bool): The app switcher is open (`appSwitcher`), until `dismissAppSwitcher`, Home, a launch or a
                lock closes it.
            supports_background_gpu (bool): Continued processing tasks may use the GPU in the background (`requiresGPU`).
            time (int): The device clock now, in milliseconds since the device was created.
            foreground (None | str): The instance in the foreground (`active` or `inactive`), if any.
            call (DeviceCallType1 | None): A phone call in progress, and the app it came over; null if none.
            instances (list[str]): The ids of the apps installed, in install order.
            event_seq (int): The seq of the device's last event (0 before any); every stored event, including `timers`,
                takes the next one.
     """

    id: str
    os_version: str
    memory_mb: int
    used_memory_mb: int
    passcode: bool
    clock: DeviceClockType0 | DeviceClockType1
    limits: DeviceLimitsInForce
    labels: DeviceLabels
    locked: bool
    orientation: DeviceOrientation
    battery_state: DeviceBatteryState
    app_switcher: bool
    supports_background_gpu: bool
    time: int
    foreground: None | str
    call: DeviceCallType1 | None
    instances: list[str]
    event_seq: int
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.device_call_type_1 import DeviceCallType1 # noqa: PLC0415
        from ..models.device_clock_type_0 import DeviceClockType0 # noqa: PLC0415
        from ..models.device_clock_type_1 import DeviceClockType1 # noqa: PLC0415
        from ..models.device_labels import DeviceLabels # noqa: PLC0415
        from ..models.device_limits_in_force import DeviceLimitsInForce # noqa: PLC0415
        id = self.id

        os_version = self.os_version

        memory_mb = self.memory_mb

        used_memory_mb = self.used_memory_mb

        passcode = self.passcode

        clock: dict[str, Any]
        if isinstance(self.clock, DeviceClockType0):
            clock = self.clock.to_dict()
        else:
            clock = self.clock.to_dict()


        limits = self.limits.to_dict()

        labels = self.labels.to_dict()

        locked = self.locked

        orientation = self.orientation.value

        battery_state = self.battery_state.value

        app_switcher = self.app_switcher

        supports_background_gpu = self.supports_background_gpu

        time = self.time

        foreground: None | str
        foreground = self.foreground

        call: dict[str, Any] | None
        if isinstance(self.call, DeviceCallType1):
            call = self.call.to_dict()
        else:
            call = self.call

        instances = self.instances



        event_seq = self.event_seq


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "id": id,
            "osVersion": os_version,
            "memoryMB": memory_mb,
            "usedMemoryMB": used_memory_mb,
            "passcode": passcode,
            "clock": clock,
            "limits": limits,
            "labels": labels,
            "locked": locked,
            "orientation": orientation,
            "batteryState": battery_state,
            "appSwitcher": app_switcher,
            "supportsBackgroundGPU": supports_background_gpu,
            "time": time,
            "foreground": foreground,
            "call": call,
            "instances": instances,
            "eventSeq": event_seq,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.device_call_type_1 import DeviceCallType1 # noqa: PLC0415
        from ..models.device_clock_type_0 import DeviceClockType0 # noqa: PLC0415
        from ..models.device_clock_type_1 import DeviceClockType1 # noqa: PLC0415
        from ..models.device_labels import DeviceLabels # noqa: PLC0415
        from ..models.device_limits_in_force import DeviceLimitsInForce # noqa: PLC0415
        d = dict(src_dict)
        id = d.pop("id")

        os_version = d.pop("osVersion")

        memory_mb = d.pop("memoryMB")

        used_memory_mb = d.pop("usedMemoryMB")

        passcode = d.pop("passcode")

        def _parse_clock(data: object) -> DeviceClockType0 | DeviceClockType1:
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                clock_type_0 = DeviceClockType0.from_dict(data)



                return clock_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            if not isinstance(data, dict):
                raise TypeError()
            clock_type_1 = DeviceClockType1.from_dict(data)



            return clock_type_1

        clock = _parse_clock(d.pop("clock"))


        limits = DeviceLimitsInForce.from_dict(d.pop("limits"))




        labels = DeviceLabels.from_dict(d.pop("labels"))




        locked = d.pop("locked")

        orientation = DeviceOrientation(d.pop("orientation"))




        battery_state = DeviceBatteryState(d.pop("batteryState"))




        app_switcher = d.pop("appSwitcher")

        supports_background_gpu = d.pop("supportsBackgroundGPU")

        time = d.pop("time")

        def _parse_foreground(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        foreground = _parse_foreground(d.pop("foreground"))


        def _parse_call(data: object) -> DeviceCallType1 | None:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                call_type_1 = DeviceCallType1.from_dict(data)



                return call_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(DeviceCallType1 | None, data)

        call = _parse_call(d.pop("call"))


        instances = cast(list[str], d.pop("instances"))


        event_seq = d.pop("eventSeq")

        device = cls(
            id=id,
            os_version=os_version,
            memory_mb=memory_mb,
            used_memory_mb=used_memory_mb,
            passcode=passcode,
            clock=clock,
            limits=limits,
            labels=labels,
            locked=locked,
            orientation=orientation,
            battery_state=battery_state,
            app_switcher=app_switcher,
            supports_background_gpu=supports_background_gpu,
            time=time,
            foreground=foreground,
            call=call,
            instances=instances,
            event_seq=event_seq,
        )


        device.additional_properties = d
        return device

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
