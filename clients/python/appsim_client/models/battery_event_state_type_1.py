from enum import StrEnum

class BatteryEventStateType1(StrEnum):
    CHARGING = "charging"
    FULL = "full"
    UNKNOWN = "unknown"
    UNPLUGGED = "unplugged"

    def __str__(self) -> str:
        return str(self.value)
