from enum import StrEnum

class AppBehaviorTaskSecondsType1(StrEnum):
    MANUAL = "manual"

    def __str__(self) -> str:
        return str(self.value)
