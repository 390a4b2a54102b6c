from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.app_behavior_fetch_result_type_1 import AppBehaviorFetchResultType1
from ..models.app_behavior_fetch_result_type_2_type_1 import AppBehaviorFetchResultType2Type1
from ..models.app_behavior_fetch_result_type_3_type_1 import AppBehaviorFetchResultType3Type1
from ..models.app_behavior_presentation_options_type_0_item import AppBehaviorPresentationOptionsType0Item
from ..models.app_behavior_save_on_type_0_item import AppBehaviorSaveOnType0Item
from ..models.app_behavior_task_seconds_type_1 import AppBehaviorTaskSecondsType1
from ..models.fetch_interval_type_1 import FetchIntervalType1
from ..types import UNSET, Unset
from typing import cast






T = TypeVar("T", bound="AppBehavior")



@_attrs_define
class AppBehavior:
    """ How the simulated app's code reacts, fixed at install. The defaults are a well-behaved app, as Apple's
    guides advise. Durations are seconds (0–86400, fractions allowed).

        Attributes:
            launch_seconds (float | None | Unset): Simulated time the launch callbacks take together; over the device's
                `limits.launchSeconds` the watchdog kills the app. Default: 0.2.
            background_seconds (float | None | Unset): Simulated time `applicationDidEnterBackground:` takes; over
                `limits.backgroundSeconds` the watchdog kills the app. Default: 0.1.
            terminate_seconds (float | None | Unset): Simulated time `applicationWillTerminate:` takes; over
                `limits.terminateSeconds` the app is killed before it saves. Default: 0.1.
            save_on (list[AppBehaviorSaveOnType0Item] | None | Unset): When the app copies its in-memory data (`data.memory`
                without `ui`) to disk. Duplicates are dropped; replies list them in this order.
            background_task_seconds (float | None | Unset): 0: none. Otherwise the app begins a background task on entering
                the background and ends it after this much work (a `backgroundTaskEnded` record). Default: 0.0.
            ends_task_on_expiration (bool | None | Unset): When background time runs out, the expiration handler ends the
                tasks (the app is suspended); if false, the watchdog kills it. Default: True.
            fetch_result (AppBehaviorFetchResultType1 | AppBehaviorFetchResultType2Type1 | AppBehaviorFetchResultType3Type1
                | None | Unset): How the app completes background fetches and silent pushes after `fetchSeconds`; `manual` waits
                for the app action `completeFetch`. Default: AppBehaviorFetchResultType1.NEWDATA.
            fetch_seconds (float | None | Unset): Simulated time a background fetch or silent push takes before the app
                completes it. Default: 1.0.
            opens_ur_ls (bool | None | Unset): The launch methods return YES; with false, a URL launch does not call the URL
                method. Default: True.
            minimum_fetch_interval (FetchIntervalType1 | float | None | Unset): The fetch interval the app sets at first;
                `backgroundFetch` is refused while it is `never`. Default: FetchIntervalType1.NEVER.
            task_seconds (AppBehaviorTaskSecondsType1 | float | None | Unset): Simulated time a scheduled task's work takes
                (BGTaskScheduler, `runTask`) before the app calls
                `setTaskCompleted` by itself; `"manual"`: it waits for the app action `completeTask`. Not completed
                within the device's `limits.appRefreshTaskSeconds` or `limits.processingTaskSeconds`, the task expires.
                Another string is `422`; another JSON type `400`.
                 Default: 1.0.
            task_success (bool | None | Unset): What the app passes to `setTaskCompleted(success:)` when its task's work
                ends by itself. Default: True.
            presentation_options (list[AppBehaviorPresentationOptionsType0Item] | None | Unset): What the app's notification
                delegate answers `userNotificationCenter:willPresentNotification:withCompletionHandler:`
                with (`UNNotificationPresentationOptions`, with `info.userNotifications`): a push shown in the foreground
                if there is any. Duplicates are dropped; replies list them in this order.
     """

    launch_seconds: float | None | Unset = 0.2
    background_seconds: float | None | Unset = 0.1
    terminate_seconds: float | None | Unset = 0.1
    save_on: list[AppBehaviorSaveOnType0Item] | None | Unset = UNSET
    background_task_seconds: float | None | Unset = 0.0
    ends_task_on_expiration: bool | None | Unset = True
    fetch_result: AppBehaviorFetchResultType1 | AppBehaviorFetchResultType2Type1 | AppBehaviorFetchResultType3Type1 | None | Unset = AppBehaviorFetchResultType1.NEWDATA
    fetch_seconds: float | None | Unset = 1.0
    opens_ur_ls: bool | None | Unset = True
    minimum_fetch_interval: FetchIntervalType1 | float | None | Unset = FetchIntervalType1.NEVER
    task_seconds: AppBehaviorTaskSecondsType1 | float | None | Unset = 1.0
    task_success: bool | None | Unset = True
    presentation_options: list[AppBehaviorPresentationOptionsType0Item] | None | Unset = UNSET





    def to_dict(self) -> dict[str, Any]:
        launch_seconds: float | None | Unset
        if isinstance(self.launch_seconds, Unset):
            launch_seconds = UNSET
        else:
            launch_seconds = self.launch_seconds

        background_seconds: float | None | Unset
        if isinstance(self.background_seconds, Unset):
            background_seconds = UNSET
        else:
            background_seconds = self.background_seconds

        terminate_seconds: float | None | Unset
        if isinstance(self.terminate_seconds, Unset):
            terminate_seconds = UNSET
        else:
            terminate_seconds = self.terminate_seconds

        save_on: list[str] | None | Unset
        if isinstance(self.save_on, Unset):
            save_on = UNSET
        elif isinstance(self.save_on, list):
            save_on = []
            for save_on_type_0_item_data in self.save_on:
                save_on_type_0_item = save_on_type_0_item_data.value
                save_on.append(save_on_type_0_item)


        else:
            save_on = self.save_on

        background_task_seconds: float | None | Unset
        if isinstance(self.background_task_seconds, Unset):
            background_task_seconds = UNSET
        else:
            background_task_seconds = self.background_task_seconds

        ends_task_on_expiration: bool | None | Unset
        if isinstance(self.ends_task_on_expiration, Unset):
            ends_task_on_expiration = UNSET
        else:
            ends_task_on_expiration = self.ends_task_on_expiration

        fetch_result: None | str | Unset
        if isinstance(self.fetch_result, Unset):
            fetch_result = UNSET
        elif isinstance(self.fetch_result, AppBehaviorFetchResultType1):
            fetch_result = self.fetch_result.value
        elif isinstance(self.fetch_result, AppBehaviorFetchResultType2Type1):
            fetch_result = self.fetch_result.value
        elif isinstance(self.fetch_result, AppBehaviorFetchResultType3Type1):
            fetch_result = self.fetch_result.value
        else:
            fetch_result = self.fetch_result

        fetch_seconds: float | None | Unset
        if isinstance(self.fetch_seconds, Unset):
            fetch_seconds = UNSET
        else:
            fetch_seconds = self.fetch_seconds

        opens_ur_ls: bool | None | Unset
        if isinstance(self.opens_ur_ls, Unset):
            opens_ur_ls = UNSET
        else:
            opens_ur_ls = self.opens_ur_ls

        minimum_fetch_interval: float | None | str | Unset
        if isinstance(self.minimum_fetch_interval, Unset):
            minimum_fetch_interval = UNSET
        elif isinstance(self.minimum_fetch_interval, FetchIntervalType1):
            minimum_fetch_interval = self.minimum_fetch_interval.value
        else:
            minimum_fetch_interval = self.minimum_fetch_interval

        task_seconds: float | None | str | Unset
        if isinstance(self.task_seconds, Unset):
            task_seconds = UNSET
        elif isinstance(self.task_seconds, AppBehaviorTaskSecondsType1):
            task_seconds = self.task_seconds.value
        else:
            task_seconds = self.task_seconds

        task_success: bool | None | Unset
        if isinstance(self.task_success, Unset):
            task_success = UNSET
        else:
            task_success = self.task_success

        presentation_options: list[str] | None | Unset
        if isinstance(self.presentation_options, Unset):
            presentation_options = UNSET
        elif isinstance(self.presentation_options, list):
            presentation_options = []
            for presentation_options_type_0_item_data in self.presentation_options:
                presentation_options_type_0_item = presentation_options_type_0_item_data.value
                presentation_options.append(presentation_options_type_0_item)


        else:
            presentation_options = self.presentation_options


        field_dict: dict[str, Any] = {}

        field_dict.update({
        })
        if launch_seconds is not UNSET:
            field_dict["launchSeconds"] = launch_seconds
        if background_seconds is not UNSET:
            field_dict["backgroundSeconds"] = background_seconds
        if terminate_seconds is not UNSET:
            field_dict["terminateSeconds"] = terminate_seconds
        if save_on is not UNSET:
            field_dict["saveOn"] = save_on
        if background_task_seconds is not UNSET:
            field_dict["backgroundTaskSeconds"] = background_task_seconds
        if ends_task_on_expiration is not UNSET:
            field_dict["endsTaskOnExpiration"] = ends_task_on_expiration
        if fetch_result is not UNSET:
            field_dict["fetchResult"] = fetch_result
        if fetch_seconds is not UNSET:
            field_dict["fetchSeconds"] = fetch_seconds
        if opens_ur_ls is not UNSET:
            field_dict["opensURLs"] = opens_ur_ls
        if minimum_fetch_interval is not UNSET:
            field_dict["minimumFetchInterval"] = minimum_fetch_interval
        if task_seconds is not UNSET:
            field_dict["taskSeconds"] = task_seconds
        if task_success is not UNSET:
            field_dict["taskSuccess"] = task_success
        if presentation_options is not UNSET:
            field_dict["presentationOptions"] = presentation_options

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        def _parse_launch_seconds(data: object) -> float | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(float | None | Unset, data)

        launch_seconds = _parse_launch_seconds(d.pop("launchSeconds", UNSET))


        def _parse_background_seconds(data: object) -> float | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(float | None | Unset, data)

        background_seconds = _parse_background_seconds(d.pop("backgroundSeconds", UNSET))


        def _parse_terminate_seconds(data: object) -> float | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(float | None | Unset, data)

        terminate_seconds = _parse_terminate_seconds(d.pop("terminateSeconds", UNSET))


        def _parse_save_on(data: object) -> list[AppBehaviorSaveOnType0Item] | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, list):
                    raise TypeError()
                save_on_type_0 = []
                _save_on_type_0 = data
                for save_on_type_0_item_data in (_save_on_type_0):
                    save_on_type_0_item = AppBehaviorSaveOnType0Item(save_on_type_0_item_data)



                    save_on_type_0.append(save_on_type_0_item)

                return save_on_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(list[AppBehaviorSaveOnType0Item] | None | Unset, data)

        save_on = _parse_save_on(d.pop("saveOn", UNSET))


        def _parse_background_task_seconds(data: object) -> float | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(float | None | Unset, data)

        background_task_seconds = _parse_background_task_seconds(d.pop("backgroundTaskSeconds", UNSET))


        def _parse_ends_task_on_expiration(data: object) -> bool | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(bool | None | Unset, data)

        ends_task_on_expiration = _parse_ends_task_on_expiration(d.pop("endsTaskOnExpiration", UNSET))


        def _parse_fetch_result(data: object) -> AppBehaviorFetchResultType1 | AppBehaviorFetchResultType2Type1 | AppBehaviorFetchResultType3Type1 | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                fetch_result_type_1 = AppBehaviorFetchResultType1(data)



                return fetch_result_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, str):
                    raise TypeError()
                fetch_result_type_2_type_1 = AppBehaviorFetchResultType2Type1(data)



                return fetch_result_type_2_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, str):
                    raise TypeError()
                fetch_result_type_3_type_1 = AppBehaviorFetchResultType3Type1(data)



                return fetch_result_type_3_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(AppBehaviorFetchResultType1 | AppBehaviorFetchResultType2Type1 | AppBehaviorFetchResultType3Type1 | None | Unset, data)

        fetch_result = _parse_fetch_result(d.pop("fetchResult", UNSET))


        def _parse_fetch_seconds(data: object) -> float | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(float | None | Unset, data)

        fetch_seconds = _parse_fetch_seconds(d.pop("fetchSeconds", UNSET))


        def _parse_opens_ur_ls(data: object) -> bool | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(bool | None | Unset, data)

        opens_ur_ls = _parse_opens_ur_ls(d.pop("opensURLs", UNSET))


        def _parse_minimum_fetch_interval(data: object) -> FetchIntervalType1 | float | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                componentsschemas_fetch_interval_type_1 = FetchIntervalType1(data)



                return componentsschemas_fetch_interval_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(FetchIntervalType1 | float | None | Unset, data)

        minimum_fetch_interval = _parse_minimum_fetch_interval(d.pop("minimumFetchInterval", UNSET))


        def _parse_task_seconds(data: object) -> AppBehaviorTaskSecondsType1 | float | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                task_seconds_type_1 = AppBehaviorTaskSecondsType1(data)



                return task_seconds_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(AppBehaviorTaskSecondsType1 | float | None | Unset, data)

        task_seconds = _parse_task_seconds(d.pop("taskSeconds", UNSET))


        def _parse_task_success(data: object) -> bool | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(bool | None | Unset, data)

        task_success = _parse_task_success(d.pop("taskSuccess", UNSET))


        def _parse_presentation_options(data: object) -> list[AppBehaviorPresentationOptionsType0Item] | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, list):
                    raise TypeError()
                presentation_options_type_0 = []
                _presentation_options_type_0 = data
                for presentation_options_type_0_item_data in (_presentation_options_type_0):
                    presentation_options_type_0_item = AppBehaviorPresentationOptionsType0Item(presentation_options_type_0_item_data)



                    presentation_options_type_0.append(presentation_options_type_0_item)

                return presentation_options_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(list[AppBehaviorPresentationOptionsType0Item] | None | Unset, data)

        presentation_options = _parse_presentation_options(d.pop("presentationOptions", UNSET))


        app_behavior = cls(
            launch_seconds=launch_seconds,
            background_seconds=background_seconds,
            terminate_seconds=terminate_seconds,
            save_on=save_on,
            background_task_seconds=background_task_seconds,
            ends_task_on_expiration=ends_task_on_expiration,
            fetch_result=fetch_result,
            fetch_seconds=fetch_seconds,
            opens_ur_ls=opens_ur_ls,
            minimum_fetch_interval=minimum_fetch_interval,
            task_seconds=task_seconds,
            task_success=task_success,
            presentation_options=presentation_options,
        )

        return app_behavior

