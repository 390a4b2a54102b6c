from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.fetch_interval_type_1 import FetchIntervalType1
from typing import cast
from typing import Literal, cast






T = TypeVar("T", bound="SetMinimumFetchIntervalEvent")



@_attrs_define
class SetMinimumFetchIntervalEvent:
    """ App action — the running app sets its minimum background fetch interval. `409` unless the app is running.

        Attributes:
            type_ (Literal['setMinimumFetchInterval']):
            seconds (FetchIntervalType1 | float): `UIApplication.setMinimumBackgroundFetchInterval`: `"never"` (no
                background fetches) or a number of seconds
                (0–31536000, fractions allowed). Another string is `422`, as a wrong `fetchResult` is; another JSON type `400`.
     """

    type_: Literal['setMinimumFetchInterval']
    seconds: FetchIntervalType1 | float





    def to_dict(self) -> dict[str, Any]:
        type_ = self.type_

        seconds: float | str
        if isinstance(self.seconds, FetchIntervalType1):
            seconds = self.seconds.value
        else:
            seconds = self.seconds


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "type": type_,
            "seconds": seconds,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        type_ = cast(Literal['setMinimumFetchInterval'] , d.pop("type"))
        if type_ != 'setMinimumFetchInterval':
            raise ValueError(f"type must match const 'setMinimumFetchInterval', got '{type_}'")

        def _parse_seconds(data: object) -> FetchIntervalType1 | float:
            try:
                if not isinstance(data, str):
                    raise TypeError()
                componentsschemas_fetch_interval_type_1 = FetchIntervalType1(data)



                return componentsschemas_fetch_interval_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(FetchIntervalType1 | float, data)

        seconds = _parse_seconds(d.pop("seconds"))


        set_minimum_fetch_interval_event = cls(
            type_=type_,
            seconds=seconds,
        )

        return set_minimum_fetch_interval_event

