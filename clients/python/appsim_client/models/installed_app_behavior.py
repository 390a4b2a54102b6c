from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.fetch_interval_type_1 import FetchIntervalType1
from ..models.installed_app_behavior_fetch_result import InstalledAppBehaviorFetchResult
from ..models.installed_app_behavior_presentation_options_item import InstalledAppBehaviorPresentationOptionsItem
from ..models.installed_app_behavior_save_on_item import InstalledAppBehaviorSaveOnItem
from ..models.installed_app_behavior_task_seconds_type_1 import InstalledAppBehaviorTaskSecondsType1
from typing import cast






T = TypeVar("T", bound="InstalledAppBehavior")



@_attrs_define
class InstalledAppBehavior:
    """ How an installed app behaves (`AppBehavior`, as a reply shows it): every default filled in (seconds), no
    member null. Each member means what it means in `AppBehavior`.

        Attributes:
            launch_seconds (float):
            background_seconds (float):
            terminate_seconds (float):
            save_on (list[InstalledAppBehaviorSaveOnItem]):
            background_task_seconds (float):
            ends_task_on_expiration (bool):
            fetch_result (InstalledAppBehaviorFetchResult):
            fetch_seconds (float):
            opens_ur_ls (bool):
            minimum_fetch_interval (FetchIntervalType1 | float): `UIApplication.setMinimumBackgroundFetchInterval`:
                `"never"` (no background fetches) or a number of seconds
                (0–31536000, fractions allowed). Another string is `422`, as a wrong `fetchResult` is; another JSON type `400`.
            task_seconds (float | InstalledAppBehaviorTaskSecondsType1):
            task_success (bool):
            presentation_options (list[InstalledAppBehaviorPresentationOptionsItem]):
     """

    launch_seconds: float
    background_seconds: float
    terminate_seconds: float
    save_on: list[InstalledAppBehaviorSaveOnItem]
    background_task_seconds: float
    ends_task_on_expiration: bool
    fetch_result: InstalledAppBehaviorFetchResult
    fetch_seconds: float
    opens_ur_ls: bool
    minimum_fetch_interval: FetchIntervalType1 | float
    task_seconds: float | InstalledAppBehaviorTaskSecondsType1
    task_success: bool
    presentation_options: list[InstalledAppBehaviorPresentationOptionsItem]





    def to_dict(self) -> dict[str, Any]:
        launch_seconds = self.launch_seconds

        background_seconds = self.background_seconds

        terminate_seconds = self.terminate_seconds

        save_on = []
        for save_on_item_data in self.save_on:
            save_on_item = save_on_item_data.value
            save_on.append(save_on_item)



        background_task_seconds = self.background_task_seconds

        ends_task_on_expiration = self.ends_task_on_expiration

        fetch_result = self.fetch_result.value

        fetch_seconds = self.fetch_seconds

        opens_ur_ls = self.opens_ur_ls

        minimum_fetch_interval: float | str
        if isinstance(self.minimum_fetch_interval, FetchIntervalType1):
            minimum_fetch_interval = self.minimum_fetch_interval.value
        else:
            minimum_fetch_interval = self.minimum_fetch_interval

        task_seconds: float | str
        if isinstance(self.task_seconds, InstalledAppBehaviorTaskSecondsType1):
            task_seconds = self.task_seconds.value
        else:
            task_seconds = self.task_seconds

        task_success = self.task_success

        presentation_options = []
        for presentation_options_item_data in self.presentation_options:
            presentation_options_item = presentation_options_item_data.value
            presentation_options.append(presentation_options_item)




        field_dict: dict[str, Any] = {}

        field_dict.update({
            "launchSeconds": launch_seconds,
            "backgroundSeconds": background_seconds,
            "terminateSeconds": terminate_seconds,
            "saveOn": save_on,
            "backgroundTaskSeconds": background_task_seconds,
            "endsTaskOnExpiration": ends_task_on_expiration,
            "fetchResult": fetch_result,
            "fetchSeconds": fetch_seconds,
            "opensURLs": opens_ur_ls,
            "minimumFetchInterval": minimum_fetch_interval,
            "taskSeconds": task_seconds,
            "taskSuccess": task_success,
            "presentationOptions": presentation_options,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        launch_seconds = d.pop("launchSeconds")

        background_seconds = d.pop("backgroundSeconds")

        terminate_seconds = d.pop("terminateSeconds")

        save_on = []
        _save_on = d.pop("saveOn")
        for save_on_item_data in (_save_on):
            save_on_item = InstalledAppBehaviorSaveOnItem(save_on_item_data)



            save_on.append(save_on_item)


        background_task_seconds = d.pop("backgroundTaskSeconds")

        ends_task_on_expiration = d.pop("endsTaskOnExpiration")

        fetch_result = InstalledAppBehaviorFetchResult(d.pop("fetchResult"))




        fetch_seconds = d.pop("fetchSeconds")

        opens_ur_ls = d.pop("opensURLs")

        def _parse_minimum_fetch_interval(data: object) -> FetchIntervalType1 | float:
            try:
                if not isinstance(data, str):
                    raise TypeError()
                componentsschemas_fetch_interval_type_1 = FetchIntervalType1(data)



                return componentsschemas_fetch_interval_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(FetchIntervalType1 | float, data)

        minimum_fetch_interval = _parse_minimum_fetch_interval(d.pop("minimumFetchInterval"))


        def _parse_task_seconds(data: object) -> float | InstalledAppBehaviorTaskSecondsType1:
            try:
                if not isinstance(data, str):
                    raise TypeError()
                task_seconds_type_1 = InstalledAppBehaviorTaskSecondsType1(data)



                return task_seconds_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(float | InstalledAppBehaviorTaskSecondsType1, data)

        task_seconds = _parse_task_seconds(d.pop("taskSeconds"))


        task_success = d.pop("taskSuccess")

        presentation_options = []
        _presentation_options = d.pop("presentationOptions")
        for presentation_options_item_data in (_presentation_options):
            presentation_options_item = InstalledAppBehaviorPresentationOptionsItem(presentation_options_item_data)



            presentation_options.append(presentation_options_item)


        installed_app_behavior = cls(
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

        return installed_app_behavior

