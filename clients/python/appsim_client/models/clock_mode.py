from enum import StrEnum

class ClockMode(StrEnum):
    MANUAL = "manual"
    REALTIME = "realtime"

    def __str__(self) -> str:
        return str(self.value)
