from enum import StrEnum

class InstalledAppBehaviorSaveOnItem(StrEnum):
    BACKGROUND = "background"
    TERMINATE = "terminate"

    def __str__(self) -> str:
        return str(self.value)
