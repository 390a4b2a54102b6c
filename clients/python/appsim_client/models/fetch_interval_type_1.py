from enum import StrEnum

class FetchIntervalType1(StrEnum):
    NEVER = "never"

    def __str__(self) -> str:
        return str(self.value)
