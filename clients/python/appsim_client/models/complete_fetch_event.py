from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.complete_fetch_event_result import CompleteFetchEventResult
from typing import Literal, cast






T = TypeVar("T", bound="CompleteFetchEvent")



@_attrs_define
class CompleteFetchEvent:
    """ App action: the app calls the completion handler of its background fetch or silent push (a `fetchCompleted`
    record); an idle app in the background is then suspended after the suspend delay. `409` when none is
    outstanding.

        Attributes:
            type_ (Literal['completeFetch']):
            result (CompleteFetchEventResult):
     """

    type_: Literal['completeFetch']
    result: CompleteFetchEventResult





    def to_dict(self) -> dict[str, Any]:
        type_ = self.type_

        result = self.result.value


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "type": type_,
            "result": result,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        type_ = cast(Literal['completeFetch'] , d.pop("type"))
        if type_ != 'completeFetch':
            raise ValueError(f"type must match const 'completeFetch', got '{type_}'")

        result = CompleteFetchEventResult(d.pop("result"))




        complete_fetch_event = cls(
            type_=type_,
            result=result,
        )

        return complete_fetch_event

