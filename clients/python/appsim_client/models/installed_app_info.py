from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.installed_app_info_background_modes_item import InstalledAppInfoBackgroundModesItem
from ..models.installed_app_info_ui import InstalledAppInfoUi
from ..types import UNSET, Unset
from typing import cast

if TYPE_CHECKING:
  from ..models.installed_app_info_scenes import InstalledAppInfoScenes





T = TypeVar("T", bound="InstalledAppInfo")



@_attrs_define
class InstalledAppInfo:
    """ What an installed app declares (`AppInfo`, as a reply shows it): every default filled in, no member null;
    `taskIdentifiers` only when there are some, `userNotifications` only when true, `scenes` only when given. Each
    member means what it means in `AppInfo`.

        Attributes:
            bundle_id (str):
            background_modes (list[InstalledAppInfoBackgroundModesItem]):
            exits_on_suspend (bool):
            url_schemes (list[str]):
            state_restoration (bool):
            data_protection (bool):
            memory_mb (int):
            background_memory_mb (int):
            sdk_version (str):
            ui (InstalledAppInfoUi):
            task_identifiers (list[str] | Unset):
            user_notifications (bool | Unset):
            scenes (InstalledAppInfoScenes | Unset):
     """

    bundle_id: str
    background_modes: list[InstalledAppInfoBackgroundModesItem]
    exits_on_suspend: bool
    url_schemes: list[str]
    state_restoration: bool
    data_protection: bool
    memory_mb: int
    background_memory_mb: int
    sdk_version: str
    ui: InstalledAppInfoUi
    task_identifiers: list[str] | Unset = UNSET
    user_notifications: bool | Unset = UNSET
    scenes: InstalledAppInfoScenes | Unset = UNSET





    def to_dict(self) -> dict[str, Any]:
        from ..models.installed_app_info_scenes import InstalledAppInfoScenes # noqa: PLC0415
        bundle_id = self.bundle_id

        background_modes = []
        for background_modes_item_data in self.background_modes:
            background_modes_item = background_modes_item_data.value
            background_modes.append(background_modes_item)



        exits_on_suspend = self.exits_on_suspend

        url_schemes = self.url_schemes



        state_restoration = self.state_restoration

        data_protection = self.data_protection

        memory_mb = self.memory_mb

        background_memory_mb = self.background_memory_mb

        sdk_version = self.sdk_version

        ui = self.ui.value

        task_identifiers: list[str] | Unset = UNSET
        if not isinstance(self.task_identifiers, Unset):
            task_identifiers = self.task_identifiers



        user_notifications = self.user_notifications

        scenes: dict[str, Any] | Unset = UNSET
        if not isinstance(self.scenes, Unset):
            scenes = self.scenes.to_dict()


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "bundleId": bundle_id,
            "backgroundModes": background_modes,
            "exitsOnSuspend": exits_on_suspend,
            "urlSchemes": url_schemes,
            "stateRestoration": state_restoration,
            "dataProtection": data_protection,
            "memoryMB": memory_mb,
            "backgroundMemoryMB": background_memory_mb,
            "sdkVersion": sdk_version,
            "ui": ui,
        })
        if task_identifiers is not UNSET:
            field_dict["taskIdentifiers"] = task_identifiers
        if user_notifications is not UNSET:
            field_dict["userNotifications"] = user_notifications
        if scenes is not UNSET:
            field_dict["scenes"] = scenes

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.installed_app_info_scenes import InstalledAppInfoScenes # noqa: PLC0415
        d = dict(src_dict)
        bundle_id = d.pop("bundleId")

        background_modes = []
        _background_modes = d.pop("backgroundModes")
        for background_modes_item_data in (_background_modes):
            background_modes_item = InstalledAppInfoBackgroundModesItem(background_modes_item_data)



            background_modes.append(background_modes_item)


        exits_on_suspend = d.pop("exitsOnSuspend")

        url_schemes = cast(list[str], d.pop("urlSchemes"))


        state_restoration = d.pop("stateRestoration")

        data_protection = d.pop("dataProtection")

        memory_mb = d.pop("memoryMB")

        background_memory_mb = d.pop("backgroundMemoryMB")

        sdk_version = d.pop("sdkVersion")

        ui = InstalledAppInfoUi(d.pop("ui"))




        task_identifiers = cast(list[str], d.pop("taskIdentifiers", UNSET))


        user_notifications = d.pop("userNotifications", UNSET)

        _scenes = d.pop("scenes", UNSET)
        scenes: InstalledAppInfoScenes | Unset
        if isinstance(_scenes,  Unset):
            scenes = UNSET
        else:
            scenes = InstalledAppInfoScenes.from_dict(_scenes)




        installed_app_info = cls(
            bundle_id=bundle_id,
            background_modes=background_modes,
            exits_on_suspend=exits_on_suspend,
            url_schemes=url_schemes,
            state_restoration=state_restoration,
            data_protection=data_protection,
            memory_mb=memory_mb,
            background_memory_mb=background_memory_mb,
            sdk_version=sdk_version,
            ui=ui,
            task_identifiers=task_identifiers,
            user_notifications=user_notifications,
            scenes=scenes,
        )

        return installed_app_info

