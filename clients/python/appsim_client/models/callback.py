from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.application_state import ApplicationState
from ..models.callback_kind import CallbackKind
from ..models.lifecycle_state import LifecycleState
from ..types import UNSET, Unset
from typing import cast

if TYPE_CHECKING:
  from ..models.callback_args import CallbackArgs





T = TypeVar("T", bound="Callback")



@_attrs_define
class Callback:
    """ One entry of an app's history: a delegate method it received (`delegate`), a notification posted to it
    without a delegate method (`notification`), or what the system did to it without calling it (`system`:
    `suspended`; `killed` with `args.reason`; `runtimeIssue` with `args.message`, what UIKit logged at the launch of
    an app without scenes on iOS 18.4 and later; `backgroundTaskEnded` with `args.tasks`, the behavior's task its
    work ended; `backgroundTaskExpired` with `args.tasks`, the tasks still running when background time ran
    out, or with `args.identifier` and `args.kind` for a scheduled task that did not complete in time;
    `fetchCompleted` with `args.kind` (`fetch` or `remoteNotification`) and `args.result`; `setTaskCompleted`
    with `args.identifier`, `args.kind` and `args.success`, the app completing its scheduled task). Each task
    of `args.tasks` is `{id, name, beganAt, endsAt}`, as in `backgroundTasks`.

    A SwiftUI app (`info.ui: swiftui`) records no scene delegate method and no
    `application:configurationForConnectingSceneSession:options:`: where another scene app records
    `sceneWillEnterForeground:`, `sceneDidBecomeActive:`, `sceneWillResignActive:` or `sceneDidEnterBackground:`,
    it records a `scenePhase` record (kind `scenePhase`, `args: {scope: "scene", scene, from, to}`, each phase
    `active`, `inactive` or `background`), then one with `scope: "app"` and `scene: null` when the app's phase
    changed with it, then the UIApplication notification. A new scene's first phase, `inactive`, is no change.

    Delegates besides the `UIApplicationDelegate`'s: a scene app's scene delegate
    (`scene:willConnectToSession:options:`,
    `sceneWillEnterForeground:`, `sceneDidBecomeActive:`, `sceneWillResignActive:`, `sceneDidEnterBackground:`,
    `sceneDidDisconnect:`, `scene:openURLContexts:`, `stateRestorationActivityForScene:`; each names its `scene`,
    and the first six carry their UIScene notification), with the UIApplication notification as a `notification`
    record right after the one that changed the app as a whole; the app delegate's
    `application:configurationForConnectingSceneSession:options:` and `application:didDiscardSceneSessions:`;
    the notification center delegate's `userNotificationCenter:willPresentNotification:withCompletionHandler:`
    and `userNotificationCenter:didReceiveNotificationResponse:withCompletionHandler:`; and the launch handler a
    scheduled task runs, `BGTaskScheduler launchHandler` (`args`: `{identifier, kind}`).

        Attributes:
            seq (int): Increases by one per instance, from 1, with no gaps.
            instance (str):
            at (int): Device time in milliseconds.
            name (str): The delegate selector exactly as UIKit names it (`applicationDidBecomeActive:`), the notification
                name, or the system record's name. Example: applicationDidBecomeActive:.
            kind (CallbackKind):
            notification (None | str): The notification UIKit posts with it (`UIApplicationDidBecomeActiveNotification`), if
                any.
            state (LifecycleState): Where an app is in its life: `notRunning`; in the foreground `active` (receiving events)
                or `inactive`
                (launching, or interrupted by a call, an alert, the notification center or a lock); `background`
                (running code off screen); `suspended` (in memory, not running).
            application_state (ApplicationState): What `UIApplication.applicationState` reads. `notRunning` and `suspended`
                read `background`; on iOS 5–6
                the app that was in the foreground reads `inactive` while the device is locked.
            args (CallbackArgs): Its arguments: `launchOptions` (with `url`, `sourceApplication` or `remoteNotification`),
                `url`, `options`,
                `sourceApplication`, `annotation`, `userInfo` (a push payload), `coder`, the notification's new value
                (`value`, `level`, `state`, `near`, `connected`, `changes`), `reason` (`killed`: `jetsam`, `reboot`,
                `forceQuit`, `terminate`, `crash`, `crash during launch`, `closeScene` (the app's last scene closed),
                `sceneLifecycleRequired` (iOS 27 refused to launch an app built with SDK 27 without scenes, with
                `message`), or `watchdog: …`); `message` (`runtimeIssue`, `killed`); for scenes `session`, `options`
                (`URLContexts`, `stateRestorationActivity`), `URLContexts`,
                `activity`, `sessions`; for user notifications `notification` (`{userInfo}`) and `options` (the
                presentation options), `response` (`{actionIdentifier, userInfo}`); for scheduled tasks `identifier`,
                `kind`, `success`.
            event (int): The seq of the device event that caused it.
            scene (str | Unset): Only on a scene delegate's callbacks (§9); the `id` of the scene in the instance's
                `scenes`. Example: d5k657qn.1.s1.
     """

    seq: int
    instance: str
    at: int
    name: str
    kind: CallbackKind
    notification: None | str
    state: LifecycleState
    application_state: ApplicationState
    args: CallbackArgs
    event: int
    scene: str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.callback_args import CallbackArgs # noqa: PLC0415
        seq = self.seq

        instance = self.instance

        at = self.at

        name = self.name

        kind = self.kind.value

        notification: None | str
        notification = self.notification

        state = self.state.value

        application_state = self.application_state.value

        args = self.args.to_dict()

        event = self.event

        scene = self.scene


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "seq": seq,
            "instance": instance,
            "at": at,
            "name": name,
            "kind": kind,
            "notification": notification,
            "state": state,
            "applicationState": application_state,
            "args": args,
            "event": event,
        })
        if scene is not UNSET:
            field_dict["scene"] = scene

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.callback_args import CallbackArgs # noqa: PLC0415
        d = dict(src_dict)
        seq = d.pop("seq")

        instance = d.pop("instance")

        at = d.pop("at")

        name = d.pop("name")

        kind = CallbackKind(d.pop("kind"))




        def _parse_notification(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        notification = _parse_notification(d.pop("notification"))


        state = LifecycleState(d.pop("state"))




        application_state = ApplicationState(d.pop("applicationState"))




        args = CallbackArgs.from_dict(d.pop("args"))




        event = d.pop("event")

        scene = d.pop("scene", UNSET)

        callback = cls(
            seq=seq,
            instance=instance,
            at=at,
            name=name,
            kind=kind,
            notification=notification,
            state=state,
            application_state=application_state,
            args=args,
            event=event,
            scene=scene,
        )


        callback.additional_properties = d
        return callback

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
