from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..types import UNSET, Unset
from typing import cast
from typing import Literal, cast






T = TypeVar("T", bound="OpenURLEvent")



@_attrs_define
class OpenURLEvent:
    """ App event: a URL is opened with the app. `url` must be an absolute URI (RFC 3986: `scheme:…`, ASCII, at
    most 8192 bytes; `422 invalid-field` otherwise) whose scheme the app declares in `info.urlSchemes`
    (`422 event-unusable` otherwise). From `notRunning`: a launch with `launchOptions {url, sourceApplication}`, then
    the URL method
    (unless `behavior.opensURLs` is false), then `applicationDidBecomeActive:`. From `background`/`suspended`:
    `applicationWillEnterForeground:` → URL method → `applicationDidBecomeActive:`. When `active`: the URL
    method. The URL method is `application:handleOpenURL:` before iOS 4.2,
    `application:openURL:sourceApplication:annotation:` before 9.0, else `application:openURL:options:`.
    `409` while the device is locked or the app is inactive (interrupted).

        Attributes:
            type_ (Literal['openURL']):
            url (str):  Example: notes://item/1.
            source_application (None | str | Unset): The bundle id of the app that opened the URL. Example:
                com.apple.mobilesafari.
     """

    type_: Literal['openURL']
    url: str
    source_application: None | str | Unset = UNSET





    def to_dict(self) -> dict[str, Any]:
        type_ = self.type_

        url = self.url

        source_application: None | str | Unset
        if isinstance(self.source_application, Unset):
            source_application = UNSET
        else:
            source_application = self.source_application


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "type": type_,
            "url": url,
        })
        if source_application is not UNSET:
            field_dict["sourceApplication"] = source_application

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        type_ = cast(Literal['openURL'] , d.pop("type"))
        if type_ != 'openURL':
            raise ValueError(f"type must match const 'openURL', got '{type_}'")

        url = d.pop("url")

        def _parse_source_application(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        source_application = _parse_source_application(d.pop("sourceApplication", UNSET))


        open_url_event = cls(
            type_=type_,
            url=url,
            source_application=source_application,
        )

        return open_url_event

