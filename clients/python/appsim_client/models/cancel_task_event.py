from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import Literal, cast






T = TypeVar("T", bound="CancelTaskEvent")



@_attrs_define
class CancelTaskEvent:
    """ App event (iOS 26): the person taps cancel in a running continued task's Live Activity: its expiration handler
    (`backgroundTaskExpired`, args `{identifier, reason: userCancelled}`), then `setTaskCompleted` with
    `success: false`; a waiting task may start. `409` when the app runs no such continued task.

        Attributes:
            type_ (Literal['cancelTask']):
            identifier (str): The running continued task. Example: com.example.news.export.1.
     """

    type_: Literal['cancelTask']
    identifier: str





    def to_dict(self) -> dict[str, Any]:
        type_ = self.type_

        identifier = self.identifier


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "type": type_,
            "identifier": identifier,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        type_ = cast(Literal['cancelTask'] , d.pop("type"))
        if type_ != 'cancelTask':
            raise ValueError(f"type must match const 'cancelTask', got '{type_}'")

        identifier = d.pop("identifier")

        cancel_task_event = cls(
            type_=type_,
            identifier=identifier,
        )

        return cancel_task_event

