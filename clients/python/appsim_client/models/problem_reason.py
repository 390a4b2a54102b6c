from enum import StrEnum

class ProblemReason(StrEnum):
    TOOMANYPENDINGTASKREQUESTS = "tooManyPendingTaskRequests"
    UNAVAILABLE = "unavailable"

    def __str__(self) -> str:
        return str(self.value)
