from enum import StrEnum

class AppBehaviorSaveOnType0Item(StrEnum):
    BACKGROUND = "background"
    TERMINATE = "terminate"

    def __str__(self) -> str:
        return str(self.value)
