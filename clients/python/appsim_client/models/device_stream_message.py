from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import cast

if TYPE_CHECKING:
  from ..models.callback import Callback
  from ..models.device_stream_message_event import DeviceStreamMessageEvent
  from ..models.state_change import StateChange





T = TypeVar("T", bound="DeviceStreamMessage")



@_attrs_define
class DeviceStreamMessage:
    """ The `data` of a device stream message (`event: event`): an EventResult without `result`. Messages
    replayed after `Last-Event-ID` are the same, from the journal; only an event stored before the journal
    existed (an older appsim's database) is replayed with `event.seq` alone and empty `changes`.

        Attributes:
            event (DeviceStreamMessageEvent):
            changes (list[StateChange]):
            callbacks (list[Callback]):
     """

    event: DeviceStreamMessageEvent
    changes: list[StateChange]
    callbacks: list[Callback]
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.callback import Callback # noqa: PLC0415
        from ..models.device_stream_message_event import DeviceStreamMessageEvent # noqa: PLC0415
        from ..models.state_change import StateChange # noqa: PLC0415
        event = self.event.to_dict()

        changes = []
        for changes_item_data in self.changes:
            changes_item = changes_item_data.to_dict()
            changes.append(changes_item)



        callbacks = []
        for callbacks_item_data in self.callbacks:
            callbacks_item = callbacks_item_data.to_dict()
            callbacks.append(callbacks_item)




        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "event": event,
            "changes": changes,
            "callbacks": callbacks,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.callback import Callback # noqa: PLC0415
        from ..models.device_stream_message_event import DeviceStreamMessageEvent # noqa: PLC0415
        from ..models.state_change import StateChange # noqa: PLC0415
        d = dict(src_dict)
        event = DeviceStreamMessageEvent.from_dict(d.pop("event"))




        changes = []
        _changes = d.pop("changes")
        for changes_item_data in (_changes):
            changes_item = StateChange.from_dict(changes_item_data)



            changes.append(changes_item)


        callbacks = []
        _callbacks = d.pop("callbacks")
        for callbacks_item_data in (_callbacks):
            callbacks_item = Callback.from_dict(callbacks_item_data)



            callbacks.append(callbacks_item)


        device_stream_message = cls(
            event=event,
            changes=changes,
            callbacks=callbacks,
        )


        device_stream_message.additional_properties = d
        return device_stream_message

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
