from enum import StrEnum

class CallbackKind(StrEnum):
    DELEGATE = "delegate"
    NOTIFICATION = "notification"
    SYSTEM = "system"

    def __str__(self) -> str:
        return str(self.value)
