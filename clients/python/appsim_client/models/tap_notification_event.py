from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import Literal, cast






T = TypeVar("T", bound="TapNotificationEvent")



@_attrs_define
class TapNotificationEvent:
    """ App event: the user taps the app's shown notification. From `notRunning`: a launch with
    `launchOptions.remoteNotification`, the push method (applicationState `inactive`), then
    `applicationDidBecomeActive:`. From `background`/`suspended`: `applicationWillEnterForeground:` → push method →
    `applicationDidBecomeActive:`. Clears `shownNotification`. An app with `info.userNotifications` (iOS ≥ 10)
    gets `userNotificationCenter:didReceiveNotificationResponse:withCompletionHandler:` instead of the push method
    (at a launch after didFinish and the scene connection, at a resume after the queued notifications, before
    `applicationDidBecomeActive:` or `sceneDidBecomeActive:`), and may be tapped in the foreground, where it
    gets only that. `409` when no notification of the app is shown, the device is locked, or the app is in the
    foreground without `info.userNotifications`.

        Attributes:
            type_ (Literal['tapNotification']):
     """

    type_: Literal['tapNotification']





    def to_dict(self) -> dict[str, Any]:
        type_ = self.type_


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "type": type_,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        type_ = cast(Literal['tapNotification'] , d.pop("type"))
        if type_ != 'tapNotification':
            raise ValueError(f"type must match const 'tapNotification', got '{type_}'")

        tap_notification_event = cls(
            type_=type_,
        )

        return tap_notification_event

