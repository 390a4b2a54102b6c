from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.lifecycle_state import LifecycleState






T = TypeVar("T", bound="StateChangeMessage")



@_attrs_define
class StateChangeMessage:
    """ The `data` of an instance stream's `event: state` message.

        Attributes:
            instance (str):
            from_ (LifecycleState): Where an app is in its life: `notRunning`; in the foreground `active` (receiving events)
                or `inactive`
                (launching, or interrupted by a call, an alert, the notification center or a lock); `background`
                (running code off screen); `suspended` (in memory, not running).
            to (LifecycleState): Where an app is in its life: `notRunning`; in the foreground `active` (receiving events) or
                `inactive`
                (launching, or interrupted by a call, an alert, the notification center or a lock); `background`
                (running code off screen); `suspended` (in memory, not running).
            event (int): The seq of the device event that changed it.
            at (int): The device time of that event (as EventRecord's `at`).
     """

    instance: str
    from_: LifecycleState
    to: LifecycleState
    event: int
    at: int
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        instance = self.instance

        from_ = self.from_.value

        to = self.to.value

        event = self.event

        at = self.at


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "instance": instance,
            "from": from_,
            "to": to,
            "event": event,
            "at": at,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        instance = d.pop("instance")

        from_ = LifecycleState(d.pop("from"))




        to = LifecycleState(d.pop("to"))




        event = d.pop("event")

        at = d.pop("at")

        state_change_message = cls(
            instance=instance,
            from_=from_,
            to=to,
            event=event,
            at=at,
        )


        state_change_message.additional_properties = d
        return state_change_message

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
