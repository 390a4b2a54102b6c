from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset







T = TypeVar("T", bound="CallbackArgs")



@_attrs_define
class CallbackArgs:
    """ Its arguments: `launchOptions` (with `url`, `sourceApplication` or `remoteNotification`), `url`, `options`,
    `sourceApplication`, `annotation`, `userInfo` (a push payload), `coder`, the notification's new value
    (`value`, `level`, `state`, `near`, `connected`, `changes`), `reason` (`killed`: `jetsam`, `reboot`,
    `forceQuit`, `terminate`, `crash`, `crash during launch`, `closeScene` (the app's last scene closed),
    `sceneLifecycleRequired` (iOS 27 refused to launch an app built with SDK 27 without scenes, with
    `message`), or `watchdog: …`); `message` (`runtimeIssue`, `killed`); for scenes `session`, `options` (`URLContexts`,
    `stateRestorationActivity`), `URLContexts`,
    `activity`, `sessions`; for user notifications `notification` (`{userInfo}`) and `options` (the
    presentation options), `response` (`{actionIdentifier, userInfo}`); for scheduled tasks `identifier`,
    `kind`, `success`.

     """

    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        
        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        callback_args = cls(
        )


        callback_args.additional_properties = d
        return callback_args

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
