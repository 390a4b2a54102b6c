from enum import StrEnum

class TaskRequestStatus(StrEnum):
    PENDING = "pending"
    RUNNING = "running"

    def __str__(self) -> str:
        return str(self.value)
