from enum import StrEnum

class SubmitTaskEventStrategyType2Type1(StrEnum):
    FAIL = "fail"
    QUEUE = "queue"

    def __str__(self) -> str:
        return str(self.value)
