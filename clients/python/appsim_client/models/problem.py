from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.lifecycle_state import LifecycleState
from ..models.problem_allow_item import ProblemAllowItem
from ..models.problem_reason import ProblemReason
from ..models.problem_type import ProblemType
from ..types import UNSET, Unset
from typing import cast

if TYPE_CHECKING:
  from ..models.problem_limit import ProblemLimit





T = TypeVar("T", bound="Problem")



@_attrs_define
class Problem:
    """ An error (RFC 9457 problem details). Nothing the request asked for was done.

        Attributes:
            type_ (ProblemType): `urn:appsim:problem:<slug>`.
            title (str): The status's reason phrase (`Conflict`, `Unprocessable Content`, …).
            status (int): The HTTP status code, repeated.
            detail (str): What happened and what to do about it, for people.
            field (str | Unset): The request field (a path such as `info.memoryMB`) or query parameter at fault.
            owner (str | Unset): `421`: the node the device belongs to.
            node (str | Unset): `503 node-unavailable`, from the cluster's proxy: the node that is down.
            state (LifecycleState | None | Unset): `409` and `422 event-unusable`: the app's lifecycle state when the event
                was refused (absent for device
                events but `runTask`, which is for one app). `408` of `waitFor`: the state the app is in (null if it is
                gone).
            allowed_events (list[str] | Unset): `409` and `422 event-unusable`: the event types the app (or device) accepts
                now.
            allow (list[ProblemAllowItem] | Unset): `405`: the methods this path serves.
            foreground (None | str | Unset): `408` of `waitForForeground`: the instance in the device's foreground now.
            limit (ProblemLimit | Unset): `409`: the app's limit the event would have passed, and its maximum.
            newest (int | Unset): `409 resume-past-newest`: the newest seq there is, the furthest a client may resume from.
            reason (ProblemReason | Unset): `409`: why BGTaskScheduler refused a request, as its errors name it:
                `tooManyPendingTaskRequests` (an app
                holds at most 1 pending app-refresh and 10 pending processing requests), `unavailable` (no room for a
                continued processing task submitted with `strategy: "fail"`).
     """

    type_: ProblemType
    title: str
    status: int
    detail: str
    field: str | Unset = UNSET
    owner: str | Unset = UNSET
    node: str | Unset = UNSET
    state: LifecycleState | None | Unset = UNSET
    allowed_events: list[str] | Unset = UNSET
    allow: list[ProblemAllowItem] | Unset = UNSET
    foreground: None | str | Unset = UNSET
    limit: ProblemLimit | Unset = UNSET
    newest: int | Unset = UNSET
    reason: ProblemReason | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.problem_limit import ProblemLimit # noqa: PLC0415
        type_ = self.type_.value

        title = self.title

        status = self.status

        detail = self.detail

        field = self.field

        owner = self.owner

        node = self.node

        state: None | str | Unset
        if isinstance(self.state, Unset):
            state = UNSET
        elif isinstance(self.state, LifecycleState):
            state = self.state.value
        else:
            state = self.state

        allowed_events: list[str] | Unset = UNSET
        if not isinstance(self.allowed_events, Unset):
            allowed_events = self.allowed_events



        allow: list[str] | Unset = UNSET
        if not isinstance(self.allow, Unset):
            allow = []
            for allow_item_data in self.allow:
                allow_item = allow_item_data.value
                allow.append(allow_item)



        foreground: None | str | Unset
        if isinstance(self.foreground, Unset):
            foreground = UNSET
        else:
            foreground = self.foreground

        limit: dict[str, Any] | Unset = UNSET
        if not isinstance(self.limit, Unset):
            limit = self.limit.to_dict()

        newest = self.newest

        reason: str | Unset = UNSET
        if not isinstance(self.reason, Unset):
            reason = self.reason.value



        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "type": type_,
            "title": title,
            "status": status,
            "detail": detail,
        })
        if field is not UNSET:
            field_dict["field"] = field
        if owner is not UNSET:
            field_dict["owner"] = owner
        if node is not UNSET:
            field_dict["node"] = node
        if state is not UNSET:
            field_dict["state"] = state
        if allowed_events is not UNSET:
            field_dict["allowedEvents"] = allowed_events
        if allow is not UNSET:
            field_dict["allow"] = allow
        if foreground is not UNSET:
            field_dict["foreground"] = foreground
        if limit is not UNSET:
            field_dict["limit"] = limit
        if newest is not UNSET:
            field_dict["newest"] = newest
        if reason is not UNSET:
            field_dict["reason"] = reason

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.problem_limit import ProblemLimit # noqa: PLC0415
        d = dict(src_dict)
        type_ = ProblemType(d.pop("type"))




        title = d.pop("title")

        status = d.pop("status")

        detail = d.pop("detail")

        field = d.pop("field", UNSET)

        owner = d.pop("owner", UNSET)

        node = d.pop("node", UNSET)

        def _parse_state(data: object) -> LifecycleState | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                state_type_0 = LifecycleState(data)



                return state_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(LifecycleState | None | Unset, data)

        state = _parse_state(d.pop("state", UNSET))


        allowed_events = cast(list[str], d.pop("allowedEvents", UNSET))


        _allow = d.pop("allow", UNSET)
        allow: list[ProblemAllowItem] | Unset = UNSET
        if _allow is not UNSET:
            allow = []
            for allow_item_data in _allow:
                allow_item = ProblemAllowItem(allow_item_data)



                allow.append(allow_item)


        def _parse_foreground(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        foreground = _parse_foreground(d.pop("foreground", UNSET))


        _limit = d.pop("limit", UNSET)
        limit: ProblemLimit | Unset
        if isinstance(_limit,  Unset):
            limit = UNSET
        else:
            limit = ProblemLimit.from_dict(_limit)




        newest = d.pop("newest", UNSET)

        _reason = d.pop("reason", UNSET)
        reason: ProblemReason | Unset
        if isinstance(_reason,  Unset):
            reason = UNSET
        else:
            reason = ProblemReason(_reason)




        problem = cls(
            type_=type_,
            title=title,
            status=status,
            detail=detail,
            field=field,
            owner=owner,
            node=node,
            state=state,
            allowed_events=allowed_events,
            allow=allow,
            foreground=foreground,
            limit=limit,
            newest=newest,
            reason=reason,
        )


        problem.additional_properties = d
        return problem

    @property
    def additional_keys(self) -> list[str]:
        return list(self.additional_properties.keys())

    def __getitem__(self, key: str) -> Any:
        return self.additional_properties[key]

    def __setitem__(self, key: str, value: Any) -> None:
        self.additional_properties[key] = value

    def __delitem__(self, key: str) -> None:
        del self.additional_properties[key]

    def __contains__(self, key: str) -> bool:
        return key in self.additional_properties
