from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.battery_event_state_type_1 import BatteryEventStateType1
from ..models.battery_event_state_type_2_type_1 import BatteryEventStateType2Type1
from ..models.battery_event_state_type_3_type_1 import BatteryEventStateType3Type1
from ..types import UNSET, Unset
from typing import cast
from typing import Literal, cast






T = TypeVar("T", bound="BatteryEvent")



@_attrs_define
class BatteryEvent:
    """ Device event: the battery changes: `UIDeviceBatteryLevelDidChangeNotification` (with `level`) and/or
    `UIDeviceBatteryStateDidChangeNotification` (with `state`, which becomes the device's `batteryState`). At
    least one of them is needed (`422`).

        Attributes:
            type_ (Literal['battery']):
            level (float | None | Unset):
            state (BatteryEventStateType1 | BatteryEventStateType2Type1 | BatteryEventStateType3Type1 | None | Unset):
     """

    type_: Literal['battery']
    level: float | None | Unset = UNSET
    state: BatteryEventStateType1 | BatteryEventStateType2Type1 | BatteryEventStateType3Type1 | None | Unset = UNSET





    def to_dict(self) -> dict[str, Any]:
        type_ = self.type_

        level: float | None | Unset
        if isinstance(self.level, Unset):
            level = UNSET
        else:
            level = self.level

        state: None | str | Unset
        if isinstance(self.state, Unset):
            state = UNSET
        elif isinstance(self.state, BatteryEventStateType1):
            state = self.state.value
        elif isinstance(self.state, BatteryEventStateType2Type1):
            state = self.state.value
        elif isinstance(self.state, BatteryEventStateType3Type1):
            state = self.state.value
        else:
            state = self.state


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "type": type_,
        })
        if level is not UNSET:
            field_dict["level"] = level
        if state is not UNSET:
            field_dict["state"] = state

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        type_ = cast(Literal['battery'] , d.pop("type"))
        if type_ != 'battery':
            raise ValueError(f"type must match const 'battery', got '{type_}'")

        def _parse_level(data: object) -> float | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(float | None | Unset, data)

        level = _parse_level(d.pop("level", UNSET))


        def _parse_state(data: object) -> BatteryEventStateType1 | BatteryEventStateType2Type1 | BatteryEventStateType3Type1 | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                state_type_1 = BatteryEventStateType1(data)



                return state_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, str):
                    raise TypeError()
                state_type_2_type_1 = BatteryEventStateType2Type1(data)



                return state_type_2_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, str):
                    raise TypeError()
                state_type_3_type_1 = BatteryEventStateType3Type1(data)



                return state_type_3_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(BatteryEventStateType1 | BatteryEventStateType2Type1 | BatteryEventStateType3Type1 | None | Unset, data)

        state = _parse_state(d.pop("state", UNSET))


        battery_event = cls(
            type_=type_,
            level=level,
            state=state,
        )

        return battery_event

