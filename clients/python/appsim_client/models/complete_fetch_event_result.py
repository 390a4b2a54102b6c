from enum import StrEnum

class CompleteFetchEventResult(StrEnum):
    FAILED = "failed"
    NEWDATA = "newData"
    NODATA = "noData"

    def __str__(self) -> str:
        return str(self.value)
