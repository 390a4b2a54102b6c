from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import Literal, cast






T = TypeVar("T", bound="LaunchEvent")



@_attrs_define
class LaunchEvent:
    """ App event: the user taps the app's icon. From `notRunning`, a foreground launch:
    `application:willFinishLaunchingWithOptions:` → [state restoration] → `application:didFinishLaunchingWithOptions:`
    → `applicationDidBecomeActive:`. From `background` or `suspended`, a return: `applicationWillEnterForeground:`
    → [queued notifications] → `applicationDidBecomeActive:`. Another app in the foreground first leaves it as
    with Home, apps are killed for memory if the device would run out, and a force-quit mark is cleared. If
    `behavior.launchSeconds` is over `limits.launchSeconds`, the watchdog kills the app after didFinish.
    `409` while the device is locked (post `unlock`) or when the app is in the foreground already.

        Attributes:
            type_ (Literal['launch']):
     """

    type_: Literal['launch']





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
        type_ = cast(Literal['launch'] , d.pop("type"))
        if type_ != 'launch':
            raise ValueError(f"type must match const 'launch', got '{type_}'")

        launch_event = cls(
            type_=type_,
        )

        return launch_event

