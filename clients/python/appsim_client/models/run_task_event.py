from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import Literal, cast






T = TypeVar("T", bound="RunTaskEvent")



@_attrs_define
class RunTaskEvent:
    """ Device event for one app (docs/lifecycle.md, Scheduled tasks): the system runs a scheduled task, as the debugger's
    `_simulateLaunchForTaskWithIdentifier:` does. Posted to an instance, it runs that app's request; posted to a
    device, the request of the first app (in install order) that has one for `identifier`. From `notRunning` a
    background launch, from `suspended` a wake; then `BGTaskScheduler launchHandler` (`args: {identifier,
    kind}`); the request leaves `taskRequests` and the task is the instance's `runningTask`. The app completes it
    after `behavior.taskSeconds` with `behavior.taskSuccess` (a `setTaskCompleted` record), or by `completeTask`;
    not completed within `limits.appRefreshTaskSeconds` (app refresh) or `limits.processingTaskSeconds`
    (processing), it expires (`backgroundTaskExpired` with `{identifier, kind}`) and the app is suspended. `409`
    when there is no such pending request, before its earliest begin, after a force quit, for a task requiring
    external power while the battery is not `charging` or `full`, for an app in the foreground, or while the app
    is still working on a fetch, a silent push or a task.

        Attributes:
            type_ (Literal['runTask']):
            identifier (str): The identifier of a pending task request. Example: com.example.news.refresh.
     """

    type_: Literal['runTask']
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
        type_ = cast(Literal['runTask'] , d.pop("type"))
        if type_ != 'runTask':
            raise ValueError(f"type must match const 'runTask', got '{type_}'")

        identifier = d.pop("identifier")

        run_task_event = cls(
            type_=type_,
            identifier=identifier,
        )

        return run_task_event

