from enum import StrEnum

class ApplicationState(StrEnum):
    ACTIVE = "active"
    BACKGROUND = "background"
    INACTIVE = "inactive"

    def __str__(self) -> str:
        return str(self.value)
