from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import Literal, cast






T = TypeVar("T", bound="HomeEvent")



@_attrs_define
class HomeEvent:
    """ App event: the user presses Home while the app is in the foreground. `applicationWillResignActive:` (if
    active) → `applicationDidEnterBackground:` → saving (`saveOn`), state preservation (`stateRestoration`,
    iOS ≥ 6), the behavior's background task → `background`, then `suspended` after `limits.suspendDelaySeconds`
    unless a task, a fetch or an `audio`/`location`/`voip` mode keeps it running. With `exitsOnSuspend`, or
    before iOS 4: `applicationWillResignActive:` → `applicationWillTerminate:` → `notRunning`. A call ringing
    over the app ends. `409` when the app is not in the foreground.

        Attributes:
            type_ (Literal['home']):
     """

    type_: Literal['home']





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
        type_ = cast(Literal['home'] , d.pop("type"))
        if type_ != 'home':
            raise ValueError(f"type must match const 'home', got '{type_}'")

        home_event = cls(
            type_=type_,
        )

        return home_event

