from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..types import UNSET, Unset
from typing import cast






T = TypeVar("T", bound="AppInfoScenesType0")



@_attrs_define
class AppInfoScenesType0:
    """ `UIApplicationSceneManifest`: the app has the scene life cycle on iOS ≥ 13 (ignored before). With
    `supportsMultiple` (iPad), the user may open several windows of it (`openScene`). Replies show it only
    when it was given; a scene app shows `scenes`.

        Attributes:
            supports_multiple (bool | None | Unset): `UIApplicationSupportsMultipleScenes`. Default: False.
     """

    supports_multiple: bool | None | Unset = False





    def to_dict(self) -> dict[str, Any]:
        supports_multiple: bool | None | Unset
        if isinstance(self.supports_multiple, Unset):
            supports_multiple = UNSET
        else:
            supports_multiple = self.supports_multiple


        field_dict: dict[str, Any] = {}

        field_dict.update({
        })
        if supports_multiple is not UNSET:
            field_dict["supportsMultiple"] = supports_multiple

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        def _parse_supports_multiple(data: object) -> bool | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(bool | None | Unset, data)

        supports_multiple = _parse_supports_multiple(d.pop("supportsMultiple", UNSET))


        app_info_scenes_type_0 = cls(
            supports_multiple=supports_multiple,
        )

        return app_info_scenes_type_0

