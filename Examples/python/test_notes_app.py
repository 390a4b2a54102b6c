"""An integration test of a notes app on appsim, through the Python client generated from openapi.yaml
(clients/python, `pip install ./clients/python`). The server is at APPSIM_URL (default http://127.0.0.1:8080).

    APPSIM_URL=http://127.0.0.1:8080 pytest Examples/python
"""
import os

import pytest
from appsim_client import Client
from appsim_client.api.devices import create_device
from appsim_client.api.events import post_device_event, post_instance_event
from appsim_client.api.instances import get_instance, install, list_callbacks
from appsim_client.models import (
    AdvanceClockEvent,
    AppInfo,
    ClockMode,
    DeviceClock,
    DeviceCreate,
    EditEvent,
    EditEventMemoryType0,
    EventResult,
    HomeEvent,
    Instance,
    InstanceCreate,
    LaunchEvent,
    LifecycleState,
    Problem,
)


@pytest.fixture
def client():
    with Client(base_url=os.environ.get("APPSIM_URL", "http://127.0.0.1:8080"), raise_on_unexpected_status=True) as client:
        yield client


@pytest.fixture
def app(client):
    """A notes app that saves its draft when it leaves the foreground, on an iOS 17 device whose clock moves only when told."""
    device = create_device.sync(client=client, body=DeviceCreate(os_version="17.0", clock=DeviceClock(mode=ClockMode.MANUAL)))
    created = install.sync(client=client, body=InstanceCreate(device=device.id, info=AppInfo(bundle_id="com.example.notes")))
    assert isinstance(created, Instance), created
    return created


def test_draft_is_saved_when_the_user_leaves(client, app):
    launched = post_instance_event.sync(app.id, client=client, body=LaunchEvent(type_="launch"))
    assert isinstance(launched, EventResult), launched
    assert [callback.name for callback in launched.callbacks] == [
        "application:willFinishLaunchingWithOptions:",
        "application:didFinishLaunchingWithOptions:",
        "applicationDidBecomeActive:",
    ]
    memory = EditEventMemoryType0.from_dict({"draft": "hello"})
    post_instance_event.sync(app.id, client=client, body=EditEvent(type_="edit", memory=memory))
    home = post_instance_event.sync(app.id, client=client, body=HomeEvent(type_="home"))
    assert [change.to for change in home.changes] == [LifecycleState.BACKGROUND]

    # Five seconds later the idle app is suspended; waitFor answers once it is, instead of a sleep loop.
    post_device_event.sync(app.device, client=client, body=AdvanceClockEvent(type_="advanceClock", seconds=6))
    suspended = get_instance.sync(app.id, client=client, wait_for=LifecycleState.SUSPENDED, timeout="5")
    assert isinstance(suspended, Instance), suspended
    assert suspended.data.disk["draft"] == "hello"

    history = list_callbacks.sync(app.id, client=client)
    assert [callback.name for callback in history.items][-3:] == [
        "applicationWillResignActive:", "applicationDidEnterBackground:", "suspended",
    ]


def test_an_event_the_state_refuses_says_what_is_allowed(client, app):
    refused = post_instance_event.sync(app.id, client=client, body=HomeEvent(type_="home"))
    assert isinstance(refused, Problem), refused
    assert refused.status == 409
    assert refused.type_ == "urn:appsim:problem:event-not-allowed"
    assert "launch" in refused.allowed_events
