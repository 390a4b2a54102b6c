from enum import StrEnum

class TaskRequestStrategy(StrEnum):
    FAIL = "fail"
    QUEUE = "queue"

    def __str__(self) -> str:
        return str(self.value)
