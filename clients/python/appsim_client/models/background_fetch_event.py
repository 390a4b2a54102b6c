from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import Literal, cast






T = TypeVar("T", bound="BackgroundFetchEvent")



@_attrs_define
class BackgroundFetchEvent:
    """ App event: the system runs a background fetch. From `notRunning`, a background launch (willFinish, didFinish
    with applicationState `background`, `applicationDidEnterBackground:`); from `suspended`, a wake; then
    `application:performFetchWithCompletionHandler:`. The app completes after `behavior.fetchSeconds` with
    `behavior.fetchResult` (a `fetchCompleted` record), or, with `manual`, when it posts `completeFetch`; not
    completed within `limits.fetchSeconds`, the watchdog kills it. `422 event-unusable` without the `fetch`
    mode or before iOS 7; `409` while the minimum fetch interval is `never`, after a force quit, in the
    foreground, or while a fetch or silent push is outstanding.

        Attributes:
            type_ (Literal['backgroundFetch']):
     """

    type_: Literal['backgroundFetch']





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
        type_ = cast(Literal['backgroundFetch'] , d.pop("type"))
        if type_ != 'backgroundFetch':
            raise ValueError(f"type must match const 'backgroundFetch', got '{type_}'")

        background_fetch_event = cls(
            type_=type_,
        )

        return background_fetch_event

