from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.problem_limit_name import ProblemLimitName






T = TypeVar("T", bound="ProblemLimit")



@_attrs_define
class ProblemLimit:
    """ `409`: the app's limit the event would have passed, and its maximum.

        Attributes:
            name (ProblemLimitName): `memoryBytes`: the app's in-memory data (`data.memory`) and the UI state of its windows
                and sessions, as JSON (what it saves to disk is a copy, at most as large); `scenes`: scene sessions;
                `backgroundTasks`: background tasks running.
            maximum (int):
     """

    name: ProblemLimitName
    maximum: int





    def to_dict(self) -> dict[str, Any]:
        name = self.name.value

        maximum = self.maximum


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "name": name,
            "maximum": maximum,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        name = ProblemLimitName(d.pop("name"))




        maximum = d.pop("maximum")

        problem_limit = cls(
            name=name,
            maximum=maximum,
        )

        return problem_limit

