from enum import StrEnum

class PendingNotificationKind(StrEnum):
    DELEGATE = "delegate"
    NOTIFICATION = "notification"

    def __str__(self) -> str:
        return str(self.value)
