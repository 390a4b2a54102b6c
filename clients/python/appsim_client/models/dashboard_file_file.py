from enum import StrEnum

class DashboardFileFile(StrEnum):
    API_JS = "api.js"
    APP_JS = "app.js"
    DASHBOARD_CSS = "dashboard.css"
    DASHBOARD_JS = "dashboard.js"
    DEVICES_JS = "devices.js"
    DEVICE_JS = "device.js"
    DIAGRAM_JS = "diagram.js"
    EVENTS_JS = "events.js"
    EVENTS_JSON = "events.json"
    HELPERS_JS = "helpers.js"
    ICON_SVG = "icon.svg"
    POSTING_JS = "posting.js"
    STREAMS_JS = "streams.js"
    VIEW_JS = "view.js"

    def __str__(self) -> str:
        return str(self.value)
