from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..types import UNSET, Unset
from typing import cast
from typing import Literal, cast






T = TypeVar("T", bound="CrashEvent")



@_attrs_define
class CrashEvent:
    """ App event: the app crashes: a `killed` record (`crash`), `notRunning` at once, unsaved memory lost (`409`
    when it is not running). With `duringLaunch`, an app that is not running crashes while launching:
    `application:willFinishLaunchingWithOptions:`, then `killed` (`crash during launch`), and its restoration
    archive is deleted (`409` unless it is not running, or while the device is locked).

        Attributes:
            type_ (Literal['crash']):
            during_launch (bool | None | Unset):  Default: False.
     """

    type_: Literal['crash']
    during_launch: bool | None | Unset = False





    def to_dict(self) -> dict[str, Any]:
        type_ = self.type_

        during_launch: bool | None | Unset
        if isinstance(self.during_launch, Unset):
            during_launch = UNSET
        else:
            during_launch = self.during_launch


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "type": type_,
        })
        if during_launch is not UNSET:
            field_dict["duringLaunch"] = during_launch

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        type_ = cast(Literal['crash'] , d.pop("type"))
        if type_ != 'crash':
            raise ValueError(f"type must match const 'crash', got '{type_}'")

        def _parse_during_launch(data: object) -> bool | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(bool | None | Unset, data)

        during_launch = _parse_during_launch(d.pop("duringLaunch", UNSET))


        crash_event = cls(
            type_=type_,
            during_launch=during_launch,
        )

        return crash_event

