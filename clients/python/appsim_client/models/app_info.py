from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.app_info_background_modes_type_0_item import AppInfoBackgroundModesType0Item
from ..models.app_info_ui_type_1 import AppInfoUiType1
from ..models.app_info_ui_type_2_type_1 import AppInfoUiType2Type1
from ..models.app_info_ui_type_3_type_1 import AppInfoUiType3Type1
from ..types import UNSET, Unset
from typing import cast

if TYPE_CHECKING:
  from ..models.app_info_scenes_type_0 import AppInfoScenesType0





T = TypeVar("T", bound="AppInfo")



@_attrs_define
class AppInfo:
    """ What the app declares about itself (its Info.plist), fixed at install.

        Attributes:
            bundle_id (str): A reverse-DNS name of ASCII letters, digits, `-` and `.`, not starting or ending with `.`, at
                most 155 bytes. Example: com.example.notes.
            background_modes (list[AppInfoBackgroundModesType0Item] | None | Unset): `UIBackgroundModes`. `audio`,
                `location` and `voip` keep the app running in the background instead of
                being suspended; `fetch` allows background fetches and `remote-notification` silent pushes (iOS ≥ 7);
                `fetch` also allows app-refresh tasks and `processing` processing tasks (BGTaskScheduler, iOS ≥ 13).
                Duplicates are dropped; replies list them sorted.
            exits_on_suspend (bool | None | Unset): `UIApplicationExitsOnSuspend`: leaving the foreground terminates the app
                instead of backgrounding it. Default: False.
            url_schemes (list[str] | None | Unset): The URL schemes the app opens (`openURL`). Stored lowercased. Example:
                ['notes'].
            state_restoration (bool | None | Unset): The app opts in to state preservation and restoration (iOS ≥ 6).
                Default: False.
            data_protection (bool | None | Unset): The app has NSFileProtectionComplete files, so it gets the protected-data
                callbacks on lock and unlock (on a device with a passcode). Default: False.
            memory_mb (int | None | Unset): Memory the app uses in the foreground. Default: 100.
            background_memory_mb (int | None | Unset): Memory the app uses in the background and while suspended; defaults
                to `memoryMB`.
            task_identifiers (list[str] | None | Unset): `BGTaskSchedulerPermittedIdentifiers`: the identifiers of the tasks
                the app may submit (`submitTask`),
                each 1 to 255 bytes of UTF-8 (`maxLength` counts characters: a longer one in bytes is `422` too).
                Duplicates are dropped. Replies show it only when it is not empty; an app with task identifiers shows
                `taskRequests` and `runningTask`.
                 Example: ['com.example.news.refresh'].
            user_notifications (bool | None | Unset): The app sets a `UNUserNotificationCenter` delegate at launch (iOS ≥
                10): a push with an alert in the
                foreground gives `userNotificationCenter:willPresentNotification:withCompletionHandler:`, a tap
                `userNotificationCenter:didReceiveNotificationResponse:withCompletionHandler:`. Replies show it only
                when true.
                 Default: False.
            scenes (AppInfoScenesType0 | None | Unset): `UIApplicationSceneManifest`: the app has the scene life cycle on
                iOS ≥ 13 (ignored before). With
                `supportsMultiple` (iPad), the user may open several windows of it (`openScene`). Replies show it only
                when it was given; a scene app shows `scenes`.
            sdk_version (None | str | Unset): The iOS SDK the app was built with, `MAJOR[.MINOR]` (docs/lifecycle.md, iOS 18
                to 27). On iOS 27 and later an
                app built with SDK 27 or later that has not adopted scenes (`scenes`) fails to launch: its history records
                `killed` with reason `sceneLifecycleRequired`.
                 Default: '26.0'. Example: 26.0.
            ui (AppInfoUiType1 | AppInfoUiType2Type1 | AppInfoUiType3Type1 | None | Unset): The framework of the app's entry
                point: `uikit`, an app delegate, or `swiftui`, SwiftUI's `App` (iOS 14
                and later; `422` at install on an older device). A SwiftUI app has scenes (`scenes` defaults to
                `{supportsMultiple: false}`), and SwiftUI owns its scene delegate: its history records `scenePhase`
                changes where another scene app records scene delegate methods (docs/lifecycle.md, SwiftUI apps).
                 Default: AppInfoUiType1.UIKIT.
     """

    bundle_id: str
    background_modes: list[AppInfoBackgroundModesType0Item] | None | Unset = UNSET
    exits_on_suspend: bool | None | Unset = False
    url_schemes: list[str] | None | Unset = UNSET
    state_restoration: bool | None | Unset = False
    data_protection: bool | None | Unset = False
    memory_mb: int | None | Unset = 100
    background_memory_mb: int | None | Unset = UNSET
    task_identifiers: list[str] | None | Unset = UNSET
    user_notifications: bool | None | Unset = False
    scenes: AppInfoScenesType0 | None | Unset = UNSET
    sdk_version: None | str | Unset = '26.0'
    ui: AppInfoUiType1 | AppInfoUiType2Type1 | AppInfoUiType3Type1 | None | Unset = AppInfoUiType1.UIKIT





    def to_dict(self) -> dict[str, Any]:
        from ..models.app_info_scenes_type_0 import AppInfoScenesType0 # noqa: PLC0415
        bundle_id = self.bundle_id

        background_modes: list[str] | None | Unset
        if isinstance(self.background_modes, Unset):
            background_modes = UNSET
        elif isinstance(self.background_modes, list):
            background_modes = []
            for background_modes_type_0_item_data in self.background_modes:
                background_modes_type_0_item = background_modes_type_0_item_data.value
                background_modes.append(background_modes_type_0_item)


        else:
            background_modes = self.background_modes

        exits_on_suspend: bool | None | Unset
        if isinstance(self.exits_on_suspend, Unset):
            exits_on_suspend = UNSET
        else:
            exits_on_suspend = self.exits_on_suspend

        url_schemes: list[str] | None | Unset
        if isinstance(self.url_schemes, Unset):
            url_schemes = UNSET
        elif isinstance(self.url_schemes, list):
            url_schemes = self.url_schemes


        else:
            url_schemes = self.url_schemes

        state_restoration: bool | None | Unset
        if isinstance(self.state_restoration, Unset):
            state_restoration = UNSET
        else:
            state_restoration = self.state_restoration

        data_protection: bool | None | Unset
        if isinstance(self.data_protection, Unset):
            data_protection = UNSET
        else:
            data_protection = self.data_protection

        memory_mb: int | None | Unset
        if isinstance(self.memory_mb, Unset):
            memory_mb = UNSET
        else:
            memory_mb = self.memory_mb

        background_memory_mb: int | None | Unset
        if isinstance(self.background_memory_mb, Unset):
            background_memory_mb = UNSET
        else:
            background_memory_mb = self.background_memory_mb

        task_identifiers: list[str] | None | Unset
        if isinstance(self.task_identifiers, Unset):
            task_identifiers = UNSET
        elif isinstance(self.task_identifiers, list):
            task_identifiers = self.task_identifiers


        else:
            task_identifiers = self.task_identifiers

        user_notifications: bool | None | Unset
        if isinstance(self.user_notifications, Unset):
            user_notifications = UNSET
        else:
            user_notifications = self.user_notifications

        scenes: dict[str, Any] | None | Unset
        if isinstance(self.scenes, Unset):
            scenes = UNSET
        elif isinstance(self.scenes, AppInfoScenesType0):
            scenes = self.scenes.to_dict()
        else:
            scenes = self.scenes

        sdk_version: None | str | Unset
        if isinstance(self.sdk_version, Unset):
            sdk_version = UNSET
        else:
            sdk_version = self.sdk_version

        ui: None | str | Unset
        if isinstance(self.ui, Unset):
            ui = UNSET
        elif isinstance(self.ui, AppInfoUiType1):
            ui = self.ui.value
        elif isinstance(self.ui, AppInfoUiType2Type1):
            ui = self.ui.value
        elif isinstance(self.ui, AppInfoUiType3Type1):
            ui = self.ui.value
        else:
            ui = self.ui


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "bundleId": bundle_id,
        })
        if background_modes is not UNSET:
            field_dict["backgroundModes"] = background_modes
        if exits_on_suspend is not UNSET:
            field_dict["exitsOnSuspend"] = exits_on_suspend
        if url_schemes is not UNSET:
            field_dict["urlSchemes"] = url_schemes
        if state_restoration is not UNSET:
            field_dict["stateRestoration"] = state_restoration
        if data_protection is not UNSET:
            field_dict["dataProtection"] = data_protection
        if memory_mb is not UNSET:
            field_dict["memoryMB"] = memory_mb
        if background_memory_mb is not UNSET:
            field_dict["backgroundMemoryMB"] = background_memory_mb
        if task_identifiers is not UNSET:
            field_dict["taskIdentifiers"] = task_identifiers
        if user_notifications is not UNSET:
            field_dict["userNotifications"] = user_notifications
        if scenes is not UNSET:
            field_dict["scenes"] = scenes
        if sdk_version is not UNSET:
            field_dict["sdkVersion"] = sdk_version
        if ui is not UNSET:
            field_dict["ui"] = ui

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.app_info_scenes_type_0 import AppInfoScenesType0 # noqa: PLC0415
        d = dict(src_dict)
        bundle_id = d.pop("bundleId")

        def _parse_background_modes(data: object) -> list[AppInfoBackgroundModesType0Item] | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, list):
                    raise TypeError()
                background_modes_type_0 = []
                _background_modes_type_0 = data
                for background_modes_type_0_item_data in (_background_modes_type_0):
                    background_modes_type_0_item = AppInfoBackgroundModesType0Item(background_modes_type_0_item_data)



                    background_modes_type_0.append(background_modes_type_0_item)

                return background_modes_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(list[AppInfoBackgroundModesType0Item] | None | Unset, data)

        background_modes = _parse_background_modes(d.pop("backgroundModes", UNSET))


        def _parse_exits_on_suspend(data: object) -> bool | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(bool | None | Unset, data)

        exits_on_suspend = _parse_exits_on_suspend(d.pop("exitsOnSuspend", UNSET))


        def _parse_url_schemes(data: object) -> list[str] | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, list):
                    raise TypeError()
                url_schemes_type_0 = cast(list[str], data)

                return url_schemes_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(list[str] | None | Unset, data)

        url_schemes = _parse_url_schemes(d.pop("urlSchemes", UNSET))


        def _parse_state_restoration(data: object) -> bool | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(bool | None | Unset, data)

        state_restoration = _parse_state_restoration(d.pop("stateRestoration", UNSET))


        def _parse_data_protection(data: object) -> bool | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(bool | None | Unset, data)

        data_protection = _parse_data_protection(d.pop("dataProtection", UNSET))


        def _parse_memory_mb(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        memory_mb = _parse_memory_mb(d.pop("memoryMB", UNSET))


        def _parse_background_memory_mb(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        background_memory_mb = _parse_background_memory_mb(d.pop("backgroundMemoryMB", UNSET))


        def _parse_task_identifiers(data: object) -> list[str] | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, list):
                    raise TypeError()
                task_identifiers_type_0 = cast(list[str], data)

                return task_identifiers_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(list[str] | None | Unset, data)

        task_identifiers = _parse_task_identifiers(d.pop("taskIdentifiers", UNSET))


        def _parse_user_notifications(data: object) -> bool | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(bool | None | Unset, data)

        user_notifications = _parse_user_notifications(d.pop("userNotifications", UNSET))


        def _parse_scenes(data: object) -> AppInfoScenesType0 | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                scenes_type_0 = AppInfoScenesType0.from_dict(data)



                return scenes_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(AppInfoScenesType0 | None | Unset, data)

        scenes = _parse_scenes(d.pop("scenes", UNSET))


        def _parse_sdk_version(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        sdk_version = _parse_sdk_version(d.pop("sdkVersion", UNSET))


        def _parse_ui(data: object) -> AppInfoUiType1 | AppInfoUiType2Type1 | AppInfoUiType3Type1 | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                ui_type_1 = AppInfoUiType1(data)



                return ui_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, str):
                    raise TypeError()
                ui_type_2_type_1 = AppInfoUiType2Type1(data)



                return ui_type_2_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, str):
                    raise TypeError()
                ui_type_3_type_1 = AppInfoUiType3Type1(data)



                return ui_type_3_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(AppInfoUiType1 | AppInfoUiType2Type1 | AppInfoUiType3Type1 | None | Unset, data)

        ui = _parse_ui(d.pop("ui", UNSET))


        app_info = cls(
            bundle_id=bundle_id,
            background_modes=background_modes,
            exits_on_suspend=exits_on_suspend,
            url_schemes=url_schemes,
            state_restoration=state_restoration,
            data_protection=data_protection,
            memory_mb=memory_mb,
            background_memory_mb=background_memory_mb,
            task_identifiers=task_identifiers,
            user_notifications=user_notifications,
            scenes=scenes,
            sdk_version=sdk_version,
            ui=ui,
        )

        return app_info

