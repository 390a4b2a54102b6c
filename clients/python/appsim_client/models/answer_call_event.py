from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import Literal, cast






T = TypeVar("T", bound="AnswerCallEvent")



@_attrs_define
class AnswerCallEvent:
    """ App event: the user answers the call ringing over the app: `applicationDidEnterBackground:` → `background`
    (then suspended as after Home). `409` when no call is ringing over this app.

        Attributes:
            type_ (Literal['answerCall']):
     """

    type_: Literal['answerCall']





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
        type_ = cast(Literal['answerCall'] , d.pop("type"))
        if type_ != 'answerCall':
            raise ValueError(f"type must match const 'answerCall', got '{type_}'")

        answer_call_event = cls(
            type_=type_,
        )

        return answer_call_event

