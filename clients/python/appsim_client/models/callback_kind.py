from enum import StrEnum

class CallbackKind(StrEnum):
    DELEGATE = "delegate"
    NOTIFICATION = "notification"
    SCENEPHASE = "scenePhase"
    SYSTEM = "system"

    def __str__(self) -> str:
        return str(self.value)
