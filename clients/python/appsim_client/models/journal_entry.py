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
  from ..models.journal_entry_body_type_0 import JournalEntryBodyType0
  from ..models.journal_entry_callbacks_item import JournalEntryCallbacksItem
  from ..models.push_delivery import PushDelivery
  from ..models.state_change import StateChange





T = TypeVar("T", bound="JournalEntry")



@_attrs_define
class JournalEntry:
    """ One event of a device's journal, as it was accepted.

        Attributes:
            seq (int): The device's event seq.
            type_ (str): The event type; `timers` for timers that fired on a realtime clock.
            at (int): Device time (ms) when it happened, as EventRecord's `at`.
            instance (None | str): The app an app event or action (or `runTask`) was for; null for a device event and for
                `timers`.
            body (JournalEntryBodyType0 | None): The body that was posted, as it was sent; null for `timers`, which nobody
                posted.
            changes (list[StateChange]): The apps whose state the event changed, as in its EventResult.
            callbacks (list[JournalEntryCallbacksItem]): The callbacks it caused, in order, each by its instance and seq
                (read them with `/v1/instances/{instanceId}/callbacks`).
            result (BackgroundTaskStarted | PushDelivery | Unset): What an event returned (in its EventResult and its
                journal entry), only for two events: what
                `beginBackgroundTask` returns, `{taskId}`, and what became of a `push`, `{delivery, reason?}`: `delivered`
                to the app in the foreground or running in the background, `launched` or `woken` in the background (a
                silent push), `shown` to the user (`shownNotification`), or `dropped`, with the `reason`.
     """

    seq: int
    type_: str
    at: int
    instance: None | str
    body: JournalEntryBodyType0 | None
    changes: list[StateChange]
    callbacks: list[JournalEntryCallbacksItem]
    result: BackgroundTaskStarted | PushDelivery | Unset = UNSET





    def to_dict(self) -> dict[str, Any]:
        from ..models.background_task_started import BackgroundTaskStarted # noqa: PLC0415
        from ..models.journal_entry_body_type_0 import JournalEntryBodyType0 # noqa: PLC0415
        from ..models.journal_entry_callbacks_item import JournalEntryCallbacksItem # noqa: PLC0415
        from ..models.push_delivery import PushDelivery # noqa: PLC0415
        from ..models.state_change import StateChange # noqa: PLC0415
        seq = self.seq

        type_ = self.type_

        at = self.at

        instance: None | str
        instance = self.instance

        body: dict[str, Any] | None
        if isinstance(self.body, JournalEntryBodyType0):
            body = self.body.to_dict()
        else:
            body = self.body

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

        field_dict.update({
            "seq": seq,
            "type": type_,
            "at": at,
            "instance": instance,
            "body": body,
            "changes": changes,
            "callbacks": callbacks,
        })
        if result is not UNSET:
            field_dict["result"] = result

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.background_task_started import BackgroundTaskStarted # noqa: PLC0415
        from ..models.journal_entry_body_type_0 import JournalEntryBodyType0 # noqa: PLC0415
        from ..models.journal_entry_callbacks_item import JournalEntryCallbacksItem # noqa: PLC0415
        from ..models.push_delivery import PushDelivery # noqa: PLC0415
        from ..models.state_change import StateChange # noqa: PLC0415
        d = dict(src_dict)
        seq = d.pop("seq")

        type_ = d.pop("type")

        at = d.pop("at")

        def _parse_instance(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        instance = _parse_instance(d.pop("instance"))


        def _parse_body(data: object) -> JournalEntryBodyType0 | None:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                body_type_0 = JournalEntryBodyType0.from_dict(data)



                return body_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(JournalEntryBodyType0 | None, data)

        body = _parse_body(d.pop("body"))


        changes = []
        _changes = d.pop("changes")
        for changes_item_data in (_changes):
            changes_item = StateChange.from_dict(changes_item_data)



            changes.append(changes_item)


        callbacks = []
        _callbacks = d.pop("callbacks")
        for callbacks_item_data in (_callbacks):
            callbacks_item = JournalEntryCallbacksItem.from_dict(callbacks_item_data)



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


        journal_entry = cls(
            seq=seq,
            type_=type_,
            at=at,
            instance=instance,
            body=body,
            changes=changes,
            callbacks=callbacks,
            result=result,
        )

        return journal_entry

