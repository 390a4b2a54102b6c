from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import cast
from typing import Literal, cast

if TYPE_CHECKING:
  from ..models.push_event_payload import PushEventPayload





T = TypeVar("T", bound="PushEvent")



@_attrs_define
class PushEvent:
    """ App event: a remote notification arrives. `payload` is an APNs payload with an `aps` object, at most 4096
    bytes as compact JSON and nesting at most 32 levels (`422` otherwise). An app in the foreground gets the push method
    at once
    (`application:didReceiveRemoteNotification:fetchCompletionHandler:` from iOS 7, else
    `application:didReceiveRemoteNotification:`). Otherwise a silent push (`aps.content-available: 1`) to an
    app with the `remote-notification` mode on iOS ≥ 7, not force-quit, launches it in the background (from
    `notRunning`) or wakes it (from `suspended`), calls the push method and completes like a background fetch
    (`409` while a fetch or silent push is still outstanding). A push that is not silent, or has an `alert`,
    `badge` or `sound`, is shown: `shownNotification` holds it for `tapNotification`; before iOS 5 a shown
    banner interrupts the active app like an alert. A silent push that cannot wake the app is dropped. An app
    with `info.userNotifications` (iOS ≥ 10) in the foreground gets a push with an alert, badge or sound as
    `userNotificationCenter:willPresentNotification:withCompletionHandler:` instead (after the push method if it
    is also silent), and it is shown (for `tapNotification`) if `behavior.presentationOptions` has any option.

        Attributes:
            type_ (Literal['push']):
            payload (PushEventPayload): An APNs payload; at most 4096 bytes as compact JSON (`422` over that). Example:
                {'aps': {'alert': 'Hello', 'badge': 1}}.
     """

    type_: Literal['push']
    payload: PushEventPayload





    def to_dict(self) -> dict[str, Any]:
        from ..models.push_event_payload import PushEventPayload # noqa: PLC0415
        type_ = self.type_

        payload = self.payload.to_dict()


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "type": type_,
            "payload": payload,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.push_event_payload import PushEventPayload # noqa: PLC0415
        d = dict(src_dict)
        type_ = cast(Literal['push'] , d.pop("type"))
        if type_ != 'push':
            raise ValueError(f"type must match const 'push', got '{type_}'")

        payload = PushEventPayload.from_dict(d.pop("payload"))




        push_event = cls(
            type_=type_,
            payload=payload,
        )

        return push_event

