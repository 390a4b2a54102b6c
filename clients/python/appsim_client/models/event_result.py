from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..types import UNSET, Unset
from typing import cast

if TYPE_CHECKING:
  from ..models.background_task_started import BackgroundTaskStarted
  from ..models.callback import Callback
  from ..models.event_record import EventRecord
  from ..models.push_delivery import PushDelivery
  from ..models.state_change import StateChange





T = TypeVar("T", bound="EventResult")



@_attrs_define
class EventResult:
    """ What an event did, sent once it is durably stored.

        Attributes:
            event (EventRecord): A stored event of a device.
            changes (list[StateChange]): The apps of the device whose state changed, in install order.
            callbacks (list[Callback]): Every callback the event caused, on every app of the device, in the order they
                happened.
            result (BackgroundTaskStarted | PushDelivery | Unset): What an event returned (in its EventResult and its
                journal entry), only for two events: what
                `beginBackgroundTask` returns, `{taskId}`, and what became of a `push`, `{delivery, reason?}`: `delivered`
                to the app in the foreground or running in the background, `launched` or `woken` in the background (a
                silent push), `shown` to the user (`shownNotification`), or `dropped`, with the `reason`.
     """

    event: EventRecord
    changes: list[StateChange]
    callbacks: list[Callback]
    result: BackgroundTaskStarted | PushDelivery | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.background_task_started import BackgroundTaskStarted # noqa: PLC0415
        from ..models.callback import Callback # noqa: PLC0415
        from ..models.event_record import EventRecord # noqa: PLC0415
        from ..models.push_delivery import PushDelivery # noqa: PLC0415
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



        result: dict[str, Any] | Unset
        if isinstance(self.result, Unset):
            result = UNSET
        elif isinstance(self.result, BackgroundTaskStarted):
            result = self.result.to_dict()
        else:
            result = self.result.to_dict()



        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "event": event,
            "changes": changes,
            "callbacks": callbacks,
        })
        if result is not UNSET:
            field_dict["result"] = result

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.background_task_started import BackgroundTaskStarted # noqa: PLC0415
        from ..models.callback import Callback # noqa: PLC0415
        from ..models.event_record import EventRecord # noqa: PLC0415
        from ..models.push_delivery import PushDelivery # noqa: PLC0415
        from ..models.state_change import StateChange # noqa: PLC0415
        d = dict(src_dict)
        event = EventRecord.from_dict(d.pop("event"))




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


        def _parse_result(data: object) -> BackgroundTaskStarted | PushDelivery | Unset:
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                componentsschemas_event_outcome_result_background_task_started = BackgroundTaskStarted.from_dict(data)



                return componentsschemas_event_outcome_result_background_task_started
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            if not isinstance(data, dict):
                raise TypeError()
            componentsschemas_event_outcome_result_push_delivery = PushDelivery.from_dict(data)



            return componentsschemas_event_outcome_result_push_delivery

        result = _parse_result(d.pop("result", UNSET))


        event_result = cls(
            event=event,
            changes=changes,
            callbacks=callbacks,
            result=result,
        )


        event_result.additional_properties = d
        return event_result

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
