from enum import StrEnum

class AppInfoBackgroundModesType0Item(StrEnum):
    AUDIO = "audio"
    FETCH = "fetch"
    LOCATION = "location"
    PROCESSING = "processing"
    REMOTE_NOTIFICATION = "remote-notification"
    VOIP = "voip"

    def __str__(self) -> str:
        return str(self.value)
