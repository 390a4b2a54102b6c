from enum import StrEnum

class LifecycleState(StrEnum):
    ACTIVE = "active"
    BACKGROUND = "background"
    INACTIVE = "inactive"
    NOTRUNNING = "notRunning"
    SUSPENDED = "suspended"

    def __str__(self) -> str:
        return str(self.value)
