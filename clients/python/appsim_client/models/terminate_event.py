from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import Literal, cast






T = TypeVar("T", bound="TerminateEvent")



@_attrs_define
class TerminateEvent:
    """ App event: the system terminates the app. Running (active, inactive, background): `applicationWillTerminate:`
    (saving if `saveOn` has `terminate`) and a `killed` record (`terminate`); suspended: only the `killed`
    record, and the app's memory is lost. `409` when it is not running.

        Attributes:
            type_ (Literal['terminate']):
     """

    type_: Literal['terminate']





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
        type_ = cast(Literal['terminate'] , d.pop("type"))
        if type_ != 'terminate':
            raise ValueError(f"type must match const 'terminate', got '{type_}'")

        terminate_event = cls(
            type_=type_,
        )

        return terminate_event

