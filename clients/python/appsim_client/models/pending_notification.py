from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.pending_notification_kind import PendingNotificationKind
from typing import cast

if TYPE_CHECKING:
  from ..models.pending_notification_args import PendingNotificationArgs





T = TypeVar("T", bound="PendingNotification")



@_attrs_define
class PendingNotification:
    """ A device notification held for a suspended app, delivered when it next runs code.

        Attributes:
            type_ (str): The coalescing key; one pending notification per key, with the latest value.
            name (str): The callback it becomes (a notification name, or a delegate selector).
            kind (PendingNotificationKind): The `kind` of that callback.
            notification (None | str):
            args (PendingNotificationArgs):
            posted_at (int): Device time in milliseconds.
     """

    type_: str
    name: str
    kind: PendingNotificationKind
    notification: None | str
    args: PendingNotificationArgs
    posted_at: int
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.pending_notification_args import PendingNotificationArgs # noqa: PLC0415
        type_ = self.type_

        name = self.name

        kind = self.kind.value

        notification: None | str
        notification = self.notification

        args = self.args.to_dict()

        posted_at = self.posted_at


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "type": type_,
            "name": name,
            "kind": kind,
            "notification": notification,
            "args": args,
            "postedAt": posted_at,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.pending_notification_args import PendingNotificationArgs # noqa: PLC0415
        d = dict(src_dict)
        type_ = d.pop("type")

        name = d.pop("name")

        kind = PendingNotificationKind(d.pop("kind"))




        def _parse_notification(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        notification = _parse_notification(d.pop("notification"))


        args = PendingNotificationArgs.from_dict(d.pop("args"))




        posted_at = d.pop("postedAt")

        pending_notification = cls(
            type_=type_,
            name=name,
            kind=kind,
            notification=notification,
            args=args,
            posted_at=posted_at,
        )


        pending_notification.additional_properties = d
        return pending_notification

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
