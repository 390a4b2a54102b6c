""" Contains all the data models used in inputs/outputs """

from .accessory_event import AccessoryEvent
from .advance_clock_event import AdvanceClockEvent
from .alert_event import AlertEvent
from .answer_call_event import AnswerCallEvent
from .app_behavior import AppBehavior
from .app_behavior_fetch_result_type_1 import AppBehaviorFetchResultType1
from .app_behavior_fetch_result_type_2_type_1 import AppBehaviorFetchResultType2Type1
from .app_behavior_fetch_result_type_3_type_1 import AppBehaviorFetchResultType3Type1
from .app_behavior_presentation_options_type_0_item import AppBehaviorPresentationOptionsType0Item
from .app_behavior_save_on_type_0_item import AppBehaviorSaveOnType0Item
from .app_behavior_task_seconds_type_1 import AppBehaviorTaskSecondsType1
from .app_info import AppInfo
from .app_info_background_modes_type_0_item import AppInfoBackgroundModesType0Item
from .app_info_scenes_type_0 import AppInfoScenesType0
from .app_info_ui_type_1 import AppInfoUiType1
from .app_info_ui_type_2_type_1 import AppInfoUiType2Type1
from .app_info_ui_type_3_type_1 import AppInfoUiType3Type1
from .app_install import AppInstall
from .app_switcher_event import AppSwitcherEvent
from .application_state import ApplicationState
from .background_fetch_event import BackgroundFetchEvent
from .background_task import BackgroundTask
from .background_task_started import BackgroundTaskStarted
from .batch_install import BatchInstall
from .batch_result import BatchResult
from .battery_event import BatteryEvent
from .battery_event_state_type_1 import BatteryEventStateType1
from .battery_event_state_type_2_type_1 import BatteryEventStateType2Type1
from .battery_event_state_type_3_type_1 import BatteryEventStateType3Type1
from .begin_background_task_event import BeginBackgroundTaskEvent
from .callback import Callback
from .callback_args import CallbackArgs
from .callback_kind import CallbackKind
from .callback_message import CallbackMessage
from .callback_page import CallbackPage
from .cancel_task_event import CancelTaskEvent
from .clock_mode import ClockMode
from .close_scene_event import CloseSceneEvent
from .complete_fetch_event import CompleteFetchEvent
from .complete_fetch_event_result import CompleteFetchEventResult
from .complete_task_event import CompleteTaskEvent
from .crash_event import CrashEvent
from .dashboard_file_file import DashboardFileFile
from .decline_call_event import DeclineCallEvent
from .device import Device
from .device_batch_install import DeviceBatchInstall
from .device_battery_state import DeviceBatteryState
from .device_call_type_1 import DeviceCallType1
from .device_clock import DeviceClock
from .device_clock_type_0 import DeviceClockType0
from .device_clock_type_1 import DeviceClockType1
from .device_create import DeviceCreate
from .device_create_labels_type_0 import DeviceCreateLabelsType0
from .device_dropped_message import DeviceDroppedMessage
from .device_event_message import DeviceEventMessage
from .device_labels import DeviceLabels
from .device_limits import DeviceLimits
from .device_limits_in_force import DeviceLimitsInForce
from .device_orientation import DeviceOrientation
from .device_page import DevicePage
from .device_stream_message import DeviceStreamMessage
from .device_stream_message_event import DeviceStreamMessageEvent
from .disconnect_scene_event import DisconnectSceneEvent
from .dismiss_alert_event import DismissAlertEvent
from .dismiss_app_switcher_event import DismissAppSwitcherEvent
from .dismiss_notification_center_event import DismissNotificationCenterEvent
from .display_event import DisplayEvent
from .dropped_message import DroppedMessage
from .edit_event import EditEvent
from .edit_event_memory_type_0 import EditEventMemoryType0
from .end_background_task_event import EndBackgroundTaskEvent
from .end_call_event import EndCallEvent
from .event_record import EventRecord
from .event_result import EventResult
from .fetch_interval_type_1 import FetchIntervalType1
from .force_quit_event import ForceQuitEvent
from .health_response_200 import HealthResponse200
from .home_event import HomeEvent
from .i_cloud_account_event import ICloudAccountEvent
from .incoming_call_event import IncomingCallEvent
from .installed_app_behavior import InstalledAppBehavior
from .installed_app_behavior_fetch_result import InstalledAppBehaviorFetchResult
from .installed_app_behavior_presentation_options_item import InstalledAppBehaviorPresentationOptionsItem
from .installed_app_behavior_save_on_item import InstalledAppBehaviorSaveOnItem
from .installed_app_behavior_task_seconds_type_1 import InstalledAppBehaviorTaskSecondsType1
from .installed_app_info import InstalledAppInfo
from .installed_app_info_background_modes_item import InstalledAppInfoBackgroundModesItem
from .installed_app_info_scenes import InstalledAppInfoScenes
from .installed_app_info_ui import InstalledAppInfoUi
from .instance import Instance
from .instance_create import InstanceCreate
from .instance_data import InstanceData
from .instance_data_disk import InstanceDataDisk
from .instance_data_memory import InstanceDataMemory
from .instance_dropped_message import InstanceDroppedMessage
from .instance_lifecycle_model import InstanceLifecycleModel
from .instance_page import InstancePage
from .instance_shown_notification_type_0 import InstanceShownNotificationType0
from .instance_xcui_state import InstanceXcuiState
from .journal_entry import JournalEntry
from .journal_entry_body_type_0 import JournalEntryBodyType0
from .journal_entry_callbacks_item import JournalEntryCallbacksItem
from .journal_page import JournalPage
from .launch_event import LaunchEvent
from .lifecycle_state import LifecycleState
from .list_devices_scope import ListDevicesScope
from .list_instances_scope import ListInstancesScope
from .locale_event import LocaleEvent
from .lock_event import LockEvent
from .memory_pressure_event import MemoryPressureEvent
from .memory_warning_event import MemoryWarningEvent
from .notification_center_event import NotificationCenterEvent
from .open_scene_event import OpenSceneEvent
from .open_url_event import OpenURLEvent
from .orientation_event import OrientationEvent
from .orientation_event_value import OrientationEventValue
from .pending_notification import PendingNotification
from .pending_notification_args import PendingNotificationArgs
from .pending_notification_kind import PendingNotificationKind
from .problem import Problem
from .problem_allow_item import ProblemAllowItem
from .problem_limit import ProblemLimit
from .problem_limit_name import ProblemLimitName
from .problem_reason import ProblemReason
from .problem_type import ProblemType
from .proximity_event import ProximityEvent
from .push_delivery import PushDelivery
from .push_delivery_delivery import PushDeliveryDelivery
from .push_event import PushEvent
from .push_event_payload import PushEventPayload
from .push_event_payload_aps import PushEventPayloadAps
from .reboot_event import RebootEvent
from .report_progress_event import ReportProgressEvent
from .run_task_event import RunTaskEvent
from .running_task import RunningTask
from .scene import Scene
from .scene_activation_state import SceneActivationState
from .screen_mode_event import ScreenModeEvent
from .set_minimum_fetch_interval_event import SetMinimumFetchIntervalEvent
from .settings_event import SettingsEvent
from .settings_event_changes import SettingsEventChanges
from .state_change import StateChange
from .state_change_message import StateChangeMessage
from .state_message import StateMessage
from .submit_task_event import SubmitTaskEvent
from .submit_task_event_strategy_type_1 import SubmitTaskEventStrategyType1
from .submit_task_event_strategy_type_2_type_1 import SubmitTaskEventStrategyType2Type1
from .submit_task_event_strategy_type_3_type_1 import SubmitTaskEventStrategyType3Type1
from .tap_notification_event import TapNotificationEvent
from .task_kind import TaskKind
from .task_request import TaskRequest
from .task_request_progress import TaskRequestProgress
from .task_request_status import TaskRequestStatus
from .task_request_strategy import TaskRequestStrategy
from .terminate_event import TerminateEvent
from .time_change_event import TimeChangeEvent
from .unlock_event import UnlockEvent
from .update_title_event import UpdateTitleEvent

__all__ = (
    "AccessoryEvent",
    "AdvanceClockEvent",
    "AlertEvent",
    "AnswerCallEvent",
    "AppBehavior",
    "AppBehaviorFetchResultType1",
    "AppBehaviorFetchResultType2Type1",
    "AppBehaviorFetchResultType3Type1",
    "AppBehaviorPresentationOptionsType0Item",
    "AppBehaviorSaveOnType0Item",
    "AppBehaviorTaskSecondsType1",
    "AppInfo",
    "AppInfoBackgroundModesType0Item",
    "AppInfoScenesType0",
    "AppInfoUiType1",
    "AppInfoUiType2Type1",
    "AppInfoUiType3Type1",
    "AppInstall",
    "ApplicationState",
    "AppSwitcherEvent",
    "BackgroundFetchEvent",
    "BackgroundTask",
    "BackgroundTaskStarted",
    "BatchInstall",
    "BatchResult",
    "BatteryEvent",
    "BatteryEventStateType1",
    "BatteryEventStateType2Type1",
    "BatteryEventStateType3Type1",
    "BeginBackgroundTaskEvent",
    "Callback",
    "CallbackArgs",
    "CallbackKind",
    "CallbackMessage",
    "CallbackPage",
    "CancelTaskEvent",
    "ClockMode",
    "CloseSceneEvent",
    "CompleteFetchEvent",
    "CompleteFetchEventResult",
    "CompleteTaskEvent",
    "CrashEvent",
    "DashboardFileFile",
    "DeclineCallEvent",
    "Device",
    "DeviceBatchInstall",
    "DeviceBatteryState",
    "DeviceCallType1",
    "DeviceClock",
    "DeviceClockType0",
    "DeviceClockType1",
    "DeviceCreate",
    "DeviceCreateLabelsType0",
    "DeviceDroppedMessage",
    "DeviceEventMessage",
    "DeviceLabels",
    "DeviceLimits",
    "DeviceLimitsInForce",
    "DeviceOrientation",
    "DevicePage",
    "DeviceStreamMessage",
    "DeviceStreamMessageEvent",
    "DisconnectSceneEvent",
    "DismissAlertEvent",
    "DismissAppSwitcherEvent",
    "DismissNotificationCenterEvent",
    "DisplayEvent",
    "DroppedMessage",
    "EditEvent",
    "EditEventMemoryType0",
    "EndBackgroundTaskEvent",
    "EndCallEvent",
    "EventRecord",
    "EventResult",
    "FetchIntervalType1",
    "ForceQuitEvent",
    "HealthResponse200",
    "HomeEvent",
    "ICloudAccountEvent",
    "IncomingCallEvent",
    "InstalledAppBehavior",
    "InstalledAppBehaviorFetchResult",
    "InstalledAppBehaviorPresentationOptionsItem",
    "InstalledAppBehaviorSaveOnItem",
    "InstalledAppBehaviorTaskSecondsType1",
    "InstalledAppInfo",
    "InstalledAppInfoBackgroundModesItem",
    "InstalledAppInfoScenes",
    "InstalledAppInfoUi",
    "Instance",
    "InstanceCreate",
    "InstanceData",
    "InstanceDataDisk",
    "InstanceDataMemory",
    "InstanceDroppedMessage",
    "InstanceLifecycleModel",
    "InstancePage",
    "InstanceShownNotificationType0",
    "InstanceXcuiState",
    "JournalEntry",
    "JournalEntryBodyType0",
    "JournalEntryCallbacksItem",
    "JournalPage",
    "LaunchEvent",
    "LifecycleState",
    "ListDevicesScope",
    "ListInstancesScope",
    "LocaleEvent",
    "LockEvent",
    "MemoryPressureEvent",
    "MemoryWarningEvent",
    "NotificationCenterEvent",
    "OpenSceneEvent",
    "OpenURLEvent",
    "OrientationEvent",
    "OrientationEventValue",
    "PendingNotification",
    "PendingNotificationArgs",
    "PendingNotificationKind",
    "Problem",
    "ProblemAllowItem",
    "ProblemLimit",
    "ProblemLimitName",
    "ProblemReason",
    "ProblemType",
    "ProximityEvent",
    "PushDelivery",
    "PushDeliveryDelivery",
    "PushEvent",
    "PushEventPayload",
    "PushEventPayloadAps",
    "RebootEvent",
    "ReportProgressEvent",
    "RunningTask",
    "RunTaskEvent",
    "Scene",
    "SceneActivationState",
    "ScreenModeEvent",
    "SetMinimumFetchIntervalEvent",
    "SettingsEvent",
    "SettingsEventChanges",
    "StateChange",
    "StateChangeMessage",
    "StateMessage",
    "SubmitTaskEvent",
    "SubmitTaskEventStrategyType1",
    "SubmitTaskEventStrategyType2Type1",
    "SubmitTaskEventStrategyType3Type1",
    "TapNotificationEvent",
    "TaskKind",
    "TaskRequest",
    "TaskRequestProgress",
    "TaskRequestStatus",
    "TaskRequestStrategy",
    "TerminateEvent",
    "TimeChangeEvent",
    "UnlockEvent",
    "UpdateTitleEvent",
)
